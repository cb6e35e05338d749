/**
 * THE SUNDAY JOB AS IT WAS before the queue fan-out (commit 10c7bc5), kept verbatim for the
 * side-by-side benchmark (test/bench/weekly-job.bench.ts) only; imports adjusted, its index keys
 * inlined (unsharded), the Lambda handler dropped. Not used by the app.
 *
 * Hourly (EventBridge): regenerates the new week for every family whose local time has just reached
 * Sunday 00:00. Due families are found through the sparse GSI2 (never a scan), partitioned by the
 * UTC day of their due hour; the last 7 days' partitions are read, so a family whose run failed or
 * was missed is picked up by the next tick. Advancing a family's next run is conditional on the week
 * it was due for, so two overlapping runs never do a family twice, and generation itself is
 * idempotent.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, weekStartOf, type IsoDate } from '../../../shared/time';
import type { FamilyItem } from '../../../functions/data/family/accounts';
import { generateWeek } from './generate-v1';
import * as keys from '../../../functions/data/keys';
import { isConditionFailure, queryAll } from '../../../functions/data/query';
import { hourKey, runForWeek, type WeeklyRun } from '../../../functions/domain/weekly-run';
import { db, tableName } from '../../../functions/lib/db';
import { logger } from '../../../functions/lib/logger';

const LOOKBACK_DAYS = 7;
const CONCURRENCY = 16;

export interface WeeklyJobResult {
  due: number;
  processed: { familyId: string; weekStart: IsoDate; created: number; removed: number }[];
  skipped: number;
  failed: number;
}

export async function runWeeklyJob(now: Date): Promise<WeeklyJobResult> {
  const hour = hourKey(now);
  const days = Array.from({ length: LOOKBACK_DAYS + 1 }, (_, i) => addDays(hour.slice(0, 10), -i));
  const due = (
    await Promise.all(days.map((d) => queryAll<FamilyItem>(`WEEKLYRUN#${d}`, { between: ['0', `${hour}#~`] }, { index: 'GSI2' })))
  ).flat();
  const result: WeeklyJobResult = { due: due.length, processed: [], skipped: 0, failed: 0 };
  for (let i = 0; i < due.length; i += CONCURRENCY) {
    await Promise.all(due.slice(i, i + CONCURRENCY).map((family) => runFamily(family, now, result)));
  }
  return result;
}

async function runFamily(family: FamilyItem, now: Date, result: WeeklyJobResult): Promise<void> {
  const dueWeek = family.nextRunWeekStart;
  if (!dueWeek) return;
  // After a long outage the due week may be past: generate the family's current week instead.
  const currentWeek = weekStartOf(now, family.timeZone);
  const weekStart = dueWeek > currentWeek ? dueWeek : currentWeek;
  try {
    const out = await generateWeek(family.familyId, weekStart, now);
    const next = runForWeek(addDays(currentWeek, 7), family.timeZone);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(family.familyId),
        UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :next, lastRunWeekStart = :done, lastRunAt = :at',
        ConditionExpression: 'nextRunWeekStart = :due',
        ExpressionAttributeValues: {
          ':pk': weeklyRunIndexKeys(family.familyId, next).GSI2PK,
          ':sk': weeklyRunIndexKeys(family.familyId, next).GSI2SK,
          ':next': next.weekStart,
          ':done': weekStart,
          ':at': now.toISOString(),
          ':due': dueWeek,
        },
      }),
    );
    result.processed.push({ familyId: family.familyId, weekStart, created: out.created, removed: out.removed });
  } catch (err) {
    if (isConditionFailure(err)) {
      result.skipped++; // another run advanced this family first
      return;
    }
    result.failed++;
    logger.error('weekly generation failed; the next tick retries', { familyId: family.familyId, error: err as Error });
  }
}

/** The index keys of that version: one partition per UTC day. */
export function weeklyRunIndexKeys(familyId: string, run: WeeklyRun) {
  return { GSI2PK: `WEEKLYRUN#${run.dueHour.slice(0, 10)}`, GSI2SK: `${run.dueHour}#FAMILY#${familyId}`, nextRunWeekStart: run.weekStart };
}
