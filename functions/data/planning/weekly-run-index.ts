/**
 * The due-family index (GSI2) of the weekly run (domain/weekly-run.ts says when a run is due). The
 * index key is sharded by family: when a few hundred thousand families of one time zone are
 * advanced within minutes, their index writes spread over WEEKLY_RUN_SHARDS partitions instead of one.
 */
import { cyrb53 } from '../../domain/prng';
import type { WeeklyRun } from '../../domain/weekly-run';
import * as keys from '../keys';

/** Partitions per UTC day of the due-family index (docs/capacity.md has the arithmetic). */
export const WEEKLY_RUN_SHARDS = 32;

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
