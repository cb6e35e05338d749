/**
 * When is a family's next weekly regeneration due? At its local Sunday 00:00, rounded UP to the
 * next whole UTC hour (the dispatcher runs hourly at minute 0, and zones like Asia/Kolkata sit on
 * the half hour). The family item carries the due hour in a sparse GSI so the dispatcher finds due
 * families with Queries, never a Scan. The index key is sharded by family: when a few hundred
 * thousand families of one time zone are advanced within minutes, their index writes spread over
 * WEEKLY_RUN_SHARDS partitions instead of one.
 */
import { addDays, startOfLocalDay, weekStartOf, type IsoDate } from '../../shared/time';
import { keys } from '../data/keys';
import { cyrb53 } from './prng';

const HOUR_MS = 3_600_000;

/** Partitions per UTC day of the due-family index (docs/capacity.md has the arithmetic). */
export const WEEKLY_RUN_SHARDS = 32;

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

/** A family's shard: a hash of its id, so the same family always lands in the same partition. */
export const weeklyRunShard = (familyId: string): number => cyrb53(familyId) % WEEKLY_RUN_SHARDS;

/** GSI2 attributes for a family whose next run is `run` (partitioned by UTC day of the tick and by shard). */
export function weeklyRunIndexKeys(familyId: string, run: WeeklyRun) {
  return {
    GSI2PK: keys.weeklyRunIndex(run.dueHour.slice(0, 10), weeklyRunShard(familyId)),
    GSI2SK: keys.weeklyRunSort(run.dueHour, familyId),
    nextRunWeekStart: run.weekStart,
  };
}

/** Every index partition a dispatcher tick reads for one UTC day: each shard, and the pre-shard key. */
export function weeklyRunPartitions(utcDay: string): string[] {
  return [...Array.from({ length: WEEKLY_RUN_SHARDS }, (_, shard) => keys.weeklyRunIndex(utcDay, shard)), keys.legacyWeeklyRunIndex(utcDay)];
}
