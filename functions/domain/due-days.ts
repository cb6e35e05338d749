/**
 * Which chore-days were ever due (issue 29, point 1). A day before its assignment existed is never
 * due, missed or counted: a family that signs up on a Friday and applies the plan, or a parent who
 * assigns a daily chore by hand mid-week, does not see the days already behind them as missed. The
 * spec's assignment calls still speak in weeks from their Sunday, so such days may be stored; every
 * screen, count, the report and the e-mail leave them out. A day that was ticked always counts.
 *
 * An assignment began on the local date (in the family's time zone) it was made: `createdAt`.
 */
import { addDays, localDate, WEEKDAYS, weekdayOf, type IsoDate, type Weekday } from '../../shared/time';

/** The family-local date an assignment was made on. */
export const beganOn = (createdAt: string, timeZone: string): IsoDate => localDate(new Date(createdAt), timeZone);

/** A dated chore-day counts when it was ticked, or when its date is not before the day it was assigned. */
export function isDueDay(a: { assignedDate: IsoDate; isCompleted: boolean; createdAt: string }, timeZone: string): boolean {
  return a.isCompleted || a.assignedDate >= beganOn(a.createdAt, timeZone);
}

/**
 * The dates of the week from `weekStart` on which an ongoing (continuous) chore is due: its active
 * weekdays (none listed: every day), from the day it was assigned on, except the days the child is
 * away or the family paused (issue 29 point 7, decision 053: away, nothing is due or counts).
 */
export function continuousDueDates(
  c: { daysOfWeek?: readonly Weekday[] | readonly string[]; createdAt: string },
  weekStart: IsoDate,
  timeZone: string,
  away: (date: IsoDate) => boolean = () => false,
): IsoDate[] {
  return WEEKDAYS.map((_, i) => addDays(weekStart, i)).filter((date) => isContinuousDueOn(c, date, timeZone, away));
}

/** Whether an ongoing chore is active on a weekday (none listed: every day). */
export const isActiveOn = (c: { daysOfWeek?: readonly Weekday[] | readonly string[] }, weekday: string): boolean =>
  !c.daysOfWeek?.length || (c.daysOfWeek as readonly string[]).includes(weekday);

/** Whether an ongoing chore is due on a date: an active weekday, not before it was assigned, the child home. */
export function isContinuousDueOn(
  c: { daysOfWeek?: readonly Weekday[] | readonly string[]; createdAt: string },
  date: IsoDate,
  timeZone: string,
  away: (date: IsoDate) => boolean = () => false,
): boolean {
  const active = !c.daysOfWeek?.length || (c.daysOfWeek as readonly string[]).includes(weekdayOf(date));
  return active && date >= beganOn(c.createdAt, timeZone) && !away(date);
}

/**
 * The dates of the week an ongoing chore counts on: its due dates, and any date ticked (a tick made
 * before the day became an away day stays done and counted). Sorted.
 */
export function continuousCountedDates(
  c: { daysOfWeek?: readonly Weekday[] | readonly string[]; createdAt: string; completions?: Readonly<Record<string, unknown>> },
  weekStart: IsoDate,
  timeZone: string,
  away: (date: IsoDate) => boolean = () => false,
): IsoDate[] {
  const weekEnd = addDays(weekStart, 6);
  const ticked = Object.keys(c.completions ?? {}).filter((d) => d >= weekStart && d <= weekEnd);
  return [...new Set([...continuousDueDates(c, weekStart, timeZone, away), ...ticked])].sort();
}
