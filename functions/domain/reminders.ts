/**
 * When reminders go out (issue 32), as pure rules over a family's time zone. Times are local
 * wall-clock times on a quarter hour; the dispatcher runs every 15 minutes and finds the people whose
 * next reminder falls in its slot (data/push/reminders.ts: a sharded index by that slot). After each
 * slot a person's next one is computed again from the local time: a DST change moves the UTC slot,
 * never the local time.
 *
 * - A child: once a day at the family's chosen time (default 16:00), "3 chores left today", only when
 *   something is left (the worker counts: not on away days, paused weeks, or once all is done).
 * - A parent: "2 chores are waiting for your OK" at a few fixed times a day (PARENT_DIGEST_TIMES)
 *   when some wait, and "The weekly report is ready" on Sunday morning; never inside their quiet
 *   hours (a time inside them moves to when they end, once).
 */
import { addDays, localDate, localInstant, weekdayOf, type IsoDate } from '../../shared/time';

export type LocalTime = string;

export const SLOT_MINUTES = 15;

/** A parent's OK reminders: at most three a day, when ticks wait. */
export const PARENT_DIGEST_TIMES: readonly LocalTime[] = ['12:00', '17:00', '19:30'];
/** "The weekly report is ready": Sunday morning (the report was made at Sunday 00:00). */
export const WEEKLY_REPORT_TIME: LocalTime = '09:00';

export interface QuietHours {
  from: LocalTime;
  to: LocalTime;
}

export interface ParentPlan {
  approvals: boolean;
  weeklyReport: boolean;
  quietHours: QuietHours | null;
}

/** What a parent's slot brings. */
export type ParentNews = 'approvals' | 'weekly-report';

/** Whether a local time is inside quiet hours (`from` included, `to` not; over midnight when `from` > `to`). */
export function isQuiet(time: LocalTime, quiet: QuietHours | null): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? time >= quiet.from && time < quiet.to : time >= quiet.from || time < quiet.to;
}

/** `YYYY-MM-DDTHH:MM` (UTC) of the 15-minute slot an instant falls in: the dispatcher's unit. */
export function slotKey(instant: Date): string {
  const ms = Math.floor(instant.getTime() / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000;
  return new Date(ms).toISOString().slice(0, 16);
}

/** The instant a slot key starts. */
export const slotStart = (slot: string): Date => new Date(`${slot}:00.000Z`);

/** The times of one local day a parent's plan has, each with what it brings (sorted, quiet hours applied). */
export function parentTimesOn(date: IsoDate, plan: ParentPlan): { time: LocalTime; news: ParentNews[] }[] {
  const times = new Map<LocalTime, ParentNews[]>();
  const add = (time: LocalTime, news: ParentNews) => {
    // Inside quiet hours: when they end (a digest then folds into one).
    const at = isQuiet(time, plan.quietHours) ? plan.quietHours!.to : time;
    times.set(at, [...(times.get(at) ?? []).filter((n) => n !== news), news]);
  };
  if (plan.approvals) for (const t of PARENT_DIGEST_TIMES) add(t, 'approvals');
  if (plan.weeklyReport && weekdayOf(date) === 'sunday') add(WEEKLY_REPORT_TIME, 'weekly-report');
  return [...times].sort(([a], [b]) => (a < b ? -1 : 1)).map(([time, news]) => ({ time, news }));
}

/**
 * The first instant strictly after `after` at which one of a day's local times happens, looking at
 * most 8 days ahead (a plan with nothing in it has none).
 */
function nextOf(after: Date, tz: string, timesOn: (date: IsoDate) => LocalTime[]): { at: Date; date: IsoDate; time: LocalTime } | null {
  const first = addDays(localDate(after, tz), -1);
  for (let i = 0; i <= 8; i++) {
    const date = addDays(first, i);
    for (const time of timesOn(date)) {
      const at = localInstant(date, time, tz);
      if (at > after) return { at, date, time };
    }
  }
  return null;
}

/** A child's next reminder after `after`: the family's chosen time, today or tomorrow. */
export function nextChildReminder(after: Date, time: LocalTime, tz: string): Date {
  return nextOf(after, tz, () => [time])!.at;
}

/** A parent's next reminder after `after`, and what it brings; null when their plan has nothing. */
export function nextParentReminder(after: Date, plan: ParentPlan, tz: string): { at: Date; news: ParentNews[] } | null {
  const next = nextOf(after, tz, (date) => parentTimesOn(date, plan).map((t) => t.time));
  if (!next) return null;
  return { at: next.at, news: parentTimesOn(next.date, plan).find((t) => t.time === next.time)!.news };
}

/**
 * What a parent's reminder due in `slot` brings, judged again when it fires (the plan or the time
 * zone may have changed since it was scheduled): empty when the slot is not one of the plan's times.
 */
export function parentNewsAt(slot: string, plan: ParentPlan, tz: string): ParentNews[] {
  const start = slotStart(slot);
  const next = nextParentReminder(new Date(start.getTime() - 1), plan, tz);
  return next && slotKey(next.at) === slot ? next.news : [];
}

/** Whether a child's reminder due in `slot` is still at the family's chosen time in its time zone. */
export function isChildReminderAt(slot: string, time: LocalTime, tz: string): boolean {
  return slotKey(nextChildReminder(new Date(slotStart(slot).getTime() - 1), time, tz)) === slot;
}
