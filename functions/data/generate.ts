/**
 * Regenerating a family's week: under the family's generation claim, read what is stored (two
 * strongly consistent Queries), let the pure planner decide (domain/week-writes.ts), then write.
 *
 * - Pending generated assignments the plan drops are deleted in conditional transactions (only while
 *   still pending): a child ticking one of them at that very moment cancels the transaction, and the
 *   week is read and planned again. On a Sunday there are none (the new week has no generated items).
 * - The new dated and continuous assignments, the bulk of a Sunday (about 90 for four children), go
 *   in BatchWriteItem calls of 25, four at a time. No condition is needed: they did not exist when
 *   the week was read, and only claim holders create them (a generator, or a parent assigning a
 *   continuous chore), so nobody can create, let alone tick, one of them before it is written
 *   (docs/decisions/005-weekly-fan-out-and-batched-generation.md).
 *
 * A family of four children and 30 chores costs 8 requests on a Sunday (npm run bench).
 */
import type { GenerateResultDto } from '../../shared/api-types';
import { addDays, type IsoDate } from '../../shared/time';
import { PLAN_ATTRIBUTES, planWeekWrites, type PlanChild, type PlanChore, type PlanContinuous, type PlanDated, type WeekState } from '../domain/week-writes';
import { NotFound } from '../lib/errors';
import { continuousRecord, datedRecord, refOf } from './assignments';
import { backoffMs, batchWriteAll, transactAll, type TransactItem } from './batch-write';
import { assertCanWrite, withGenerationClaim, type GenerationClaim } from './generation-claim';
import { ITEM_TYPES, keys } from './keys';
import { queryAll } from './query';
import { tableName } from '../lib/db';
import type { Actor } from '../domain/ledger';
import { activityPut } from './activity';

/** Reads and plans again after a write conflict (a tick or a new item in between) at most this often. */
const CONFLICT_ATTEMPTS = 5;

/**
 * A family's children, chores and continuous assignments (one Query: `CHILD#` … `CONT#` are
 * adjacent) and two weeks of dated assignments (one Query), only the attributes planning uses.
 */
export async function readWeekState(familyId: string, weekStart: IsoDate): Promise<WeekState> {
  const lastWeekStart = addDays(weekStart, -7);
  const [core, dated] = await Promise.all([
    queryAll<(PlanChild | PlanChore | PlanContinuous) & { type: string }>(keys.familyPk(familyId), { between: ['CHILD#', 'CONT#~'] }, { consistent: true, attributes: PLAN_ATTRIBUTES.core }),
    queryAll<PlanDated>(
      keys.familyPk(familyId),
      { between: [keys.weekAssignmentsPrefix(lastWeekStart), `${keys.weekAssignmentsPrefix(weekStart)}~`] },
      { consistent: true, attributes: PLAN_ATTRIBUTES.dated },
    ),
  ]);
  const ofType = <T>(type: string) => core.filter((i) => i.type === type) as unknown as T[];
  return {
    children: ofType<PlanChild>(ITEM_TYPES.child),
    chores: ofType<PlanChore>(ITEM_TYPES.chore),
    continuous: ofType<PlanContinuous>(ITEM_TYPES.continuous),
    week: dated.filter((a) => a.weekStart === weekStart),
    lastWeek: dated.filter((a) => a.weekStart === lastWeekStart),
  };
}

/** A transaction cancelled by a condition or by a concurrent transaction on one of its items. */
export function isWriteConflict(err: unknown): boolean {
  if ((err as Error)?.name !== 'TransactionCanceledException') return false;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict');
}

export class UnprocessedWrites extends Error {
  constructor(readonly familyId: string, readonly left: number) {
    super(`${left} writes of family ${familyId} stayed unprocessed after every retry`);
  }
}

/**
 * Regenerates one week of the claimed family. The caller holds the claim and gives it back.
 * `logAs`: the Sunday job records its run in the activity log, in the same batches (no extra request).
 */
export async function writeWeek(claim: GenerationClaim, weekStart: IsoDate, now: Date, logAs?: Actor): Promise<GenerateResultDto> {
  const { familyId } = claim;
  const beforeSend = () => assertCanWrite(claim);
  const done = { created: 0, removed: 0 };
  for (let attempt = 1; ; attempt++) {
    const writes = planWeekWrites(await readWeekState(familyId, weekStart), familyId, weekStart, now);
    try {
      const table = tableName();
      const deletions = writes.stale.map((a): TransactItem => ({
        Delete: {
          TableName: table,
          Key: keys.assignment(familyId, refOf(a)),
          // Still pending, and still generated (a parent may have made it manual in between).
          ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f AND #source = :generated',
          ExpressionAttributeNames: { '#source': 'source' },
          ExpressionAttributeValues: { ':f': false, ':generated': 'generated' },
        },
      }));
      await transactAll(deletions, { beforeSend });
      done.removed += writes.stale.length;
      const puts: Record<string, unknown>[] = [...writes.fresh.map(datedRecord), ...writes.newContinuous.map(continuousRecord)];
      const assignments = puts.length;
      // The same key in every attempt (the run's time and week): written once however often it is retried.
      if (logAs) puts.push(activityPut(familyId, { eventId: `run-${weekStart}`, kind: 'sunday-run', at: now.toISOString(), by: logAs, date: weekStart }).Put!.Item!);
      const left = await batchWriteAll(puts.map((Item) => ({ PutRequest: { Item } })), { beforeSend });
      if (left.length) throw new UnprocessedWrites(familyId, left.length);
      done.created += assignments;
      return { weekStart, ...done, kept: writes.kept };
    } catch (err) {
      if (!isWriteConflict(err) || attempt >= CONFLICT_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, backoffMs(attempt)));
    }
  }
}

/**
 * "Reassign Weekly Chores" (and the demo seed): regenerates a week now, waiting a moment if the
 * Sunday worker holds the family. Throws GenerationBusy when it still does.
 */
export async function generateWeek(familyId: string, weekStart: IsoDate, now: Date): Promise<GenerateResultDto> {
  const result = await withGenerationClaim(familyId, (claim) => writeWeek(claim, weekStart, now));
  if (!result) throw new NotFound('Family not found');
  return result;
}
