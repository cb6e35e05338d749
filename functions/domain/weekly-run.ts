/**
 * When is a family's next weekly regeneration due? At its local Sunday 00:00, rounded UP to the
 * next whole UTC hour (the dispatcher runs hourly at minute 0, and zones like Asia/Kolkata sit on
 * the half hour). The family item carries the due hour in a sparse GSI so the dispatcher finds due
 * families with Queries, never a Scan (data/planning/weekly-run-index.ts builds that index's keys).
 */
import { addDays, startOfLocalDay, weekStartOf, type IsoDate } from '../../shared/time';

const HOUR_MS = 3_600_000;

export interface WeeklyRun {
  /** The Sunday whose week the run generates. */
  weekStart: IsoDate;
  /** `YYYY-MM-DDTHH` (UTC): the first dispatcher tick at or after local Sunday 00:00. */
  dueHour: string;
}

export const hourKey = (instant: Date): string => instant.toISOString().slice(0, 13);

/** The run for the week after the one `now` falls in (the next local Sunday 00:00). */
export function nextWeeklyRun(now: Date, timeZone: string): WeeklyRun {
  const weekStart = addDays(weekStartOf(now, timeZone), 7);
  return runForWeek(weekStart, timeZone);
}

export function runForWeek(weekStart: IsoDate, timeZone: string): WeeklyRun {
  const begins = startOfLocalDay(weekStart, timeZone).getTime();
  const dueHour = hourKey(new Date(Math.ceil(begins / HOUR_MS) * HOUR_MS));
  return { weekStart, dueHour };
}
