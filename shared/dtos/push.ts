/**
 * Issue 32: reminders by Web Push (docs/decisions/063-web-push-reminders.md). Times are a family's
 * local wall-clock times, `HH:MM` on a quarter hour (the dispatcher's slots are 15 minutes).
 */

/** A local time of day, `HH:MM`, minutes 00, 15, 30 or 45. */
export type LocalTime = string;

/** Quiet hours of a parent: no push from `from` until `to` (may run over midnight). */
export interface QuietHoursDto {
  from: LocalTime;
  to: LocalTime;
}

/** A device that receives a person's reminders (one browser's push subscription). */
export interface PushDeviceDto {
  id: string;
  /** "Chrome on Android", from the browser when it subscribed. */
  label: string;
  createdAt: string;
}

/** A child's reminder: "3 chores left today" at `time`, only when something is left. */
export interface ChildReminderDto {
  childId: string;
  displayName: string;
  enabled: boolean;
  time: LocalTime;
}

/** GET /api/push/settings (a parent). */
export interface ParentPushSettingsDto {
  /** "2 chores are waiting for your OK", a few times a day when some wait. */
  approvals: boolean;
  /** "The weekly report is ready", on Sunday morning. */
  weeklyReport: boolean;
  quietHours: QuietHoursDto | null;
  /** This parent's devices. */
  devices: PushDeviceDto[];
  /** Every child's reminder (the family chooses them). */
  children: ChildReminderDto[];
  timeZone: string;
}

/** GET /api/child/push/settings (a child). */
export interface ChildPushSettingsDto {
  reminder: { enabled: boolean; time: LocalTime };
  devices: PushDeviceDto[];
  timeZone: string;
}

/** GET /api/push/key: the application server's VAPID public key (base64url, uncompressed P-256 point). */
export interface PushKeyDto {
  publicKey: string;
}

/** What a push carries (encrypted: RFC 8291), and the service worker shows. No name beyond what the screen shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a tap opens (a path of the app). */
  url: string;
  /** Same tag, same notification: a repeat replaces it instead of stacking. */
  tag: string;
}
