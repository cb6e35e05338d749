/**
 * Issue 32: request bodies of the reminder routes, and the reminders' texts (the service worker shows
 * them; the API composes them).
 */
import * as z from 'zod';

export const PUSH_MESSAGES = {
  timeInvalid: 'Choose a time on the quarter hour, like 16:00 or 16:15',
  endpointInvalid: 'This device’s push address is not valid',
  keysInvalid: 'This device’s push keys are not valid',
  labelTooLong: 'The device name must be at most 60 characters',
  enabledInvalid: 'On or off must be true or false',
  deviceNotFound: 'This device does not receive reminders. Turn reminders on first.',
  deviceGone: 'This device no longer accepts reminders. Turn reminders off and on again.',
  pushUnavailable: 'Reminders could not be sent right now. Please try again in a moment.',
  tooManyDevices: 'At most 10 devices can receive one person’s reminders. Turn reminders off on one first.',
} as const;

/** The reminders' words (issue 32): what arrives on a phone. */
export const REMINDER_TEXT = {
  title: 'ChoreQuest',
  choresLeft: (n: number) => `${n} chore${n === 1 ? '' : 's'} left today`,
  waiting: (n: number) => `${n} chore${n === 1 ? ' is' : 's are'} waiting for your OK`,
  weeklyReport: 'The weekly report is ready',
  test: 'This is a test reminder. Reminders work on this device!',
} as const;

/** A local time on a quarter hour, `HH:MM`. */
export const localTimeSchema = z.string({ error: PUSH_MESSAGES.timeInvalid }).regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { error: PUSH_MESSAGES.timeInvalid });

const base64url = (message: string, min: number, max: number) =>
  z.string({ error: message }).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: message }).min(min, { error: message }).max(max, { error: message });

/** A browser's PushSubscription as JSON (`subscription.toJSON()`), and a name for the device. */
export const pushDeviceSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .max(1000, { error: PUSH_MESSAGES.endpointInvalid })
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), { error: PUSH_MESSAGES.endpointInvalid }),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64url(PUSH_MESSAGES.keysInvalid, 80, 100),
      auth: base64url(PUSH_MESSAGES.keysInvalid, 16, 30),
    },
    { error: PUSH_MESSAGES.keysInvalid },
  ),
  label: z.string({ error: PUSH_MESSAGES.labelTooLong }).trim().max(60, { error: PUSH_MESSAGES.labelTooLong }).optional(),
});
export type PushDeviceBody = z.infer<typeof pushDeviceSchema>;

/** Which device: its push address. */
export const pushEndpointSchema = pushDeviceSchema.pick({ endpoint: true });

export const parentPushSettingsSchema = z.object({
  approvals: z.boolean({ error: PUSH_MESSAGES.enabledInvalid }),
  weeklyReport: z.boolean({ error: PUSH_MESSAGES.enabledInvalid }),
  quietHours: z.object({ from: localTimeSchema, to: localTimeSchema }).nullable(),
});
export type ParentPushSettingsBody = z.infer<typeof parentPushSettingsSchema>;

export const childReminderSchema = z.object({
  enabled: z.boolean({ error: PUSH_MESSAGES.enabledInvalid }),
  time: localTimeSchema,
});
export type ChildReminderBody = z.infer<typeof childReminderSchema>;

/** The defaults: a child's reminder at 16:00; a parent's OK reminders and the weekly report on, quiet 21:00–07:00. */
export const PUSH_DEFAULTS = {
  childReminder: { enabled: true, time: '16:00' },
  parent: { approvals: true, weeklyReport: true, quietHours: { from: '21:00', to: '07:00' } },
} as const;

/** At most this many devices per person. */
export const MAX_PUSH_DEVICES = 10;
