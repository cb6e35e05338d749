/**
 * Regenerating a family's week: under the family's generation claim, read what is stored (two
 * strongly consistent Queries), map it to the household planner's domain types, let the pure
 * planner decide (domain/week-writes.ts, domain/household-plan.ts), then map the plan back to items
 * and write.
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
 * Issue 21: the dated Query reaches 4 weeks back (the rotation's history) in the same request, the
 * core Query carries the chores' rhythm/who and the children's availability, and the family's pause
 * comes from the family item the claim returned: no request more (docs/data-model.md).
 *
 * A family of four children and 30 chores costs 8 requests on a Sunday (npm run bench).
 */
import type { GenerateResultDto } from '../../../shared/api-types';
import type { Availability, DateRange, Rhythm, WhoDoesIt } from '../../../shared/planning';
import { isAwayOn } from '../../../shared/availability';
import { addDays, localDate, weekdayOf, weekStartOf, type IsoDate, type Weekday } from '../../../shared/time';
import { choreDaysOf, nextCarry, type StreakCarry } from '../../domain/streaks';
import { planWeekWrites, type WeekState, type WeekWrites } from '../../domain/week-writes';
import { continuousRecord, datedRecord, newContinuousItem, newDatedItem, refOf, type AssignmentSource, type ChoreForAssignment } from './assignments';
import { backoffMs, batchWriteAll, transactAll, type TransactItem } from '../batch-write';
import { assertCanWrite, withGenerationClaim, type GenerationClaim } from './generation-claim';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { queryAll } from '../query';
import { tableName } from '../../lib/db';
import type { Actor } from '../../domain/ledger';
import { activityPut } from '../money/activity';

/** Reads and plans again after a write conflict (a tick or a new item in between) at most this often. */
const CONFLICT_ATTEMPTS = 5;

/** How many weeks before the planned one the rotation looks back (shared/planning.ts `fair`). */
export const HISTORY_WEEKS = 4;

/** The attributes planning reads (the Queries' projections). */
export const PLAN_ATTRIBUTES = {
  core: [
    'type', 'childId', 'choreId', 'displayName', 'maxDifficultyLevel', 'dailyChoresCount', 'weeklyChoresCount', 'continuousChoresCount', 'availability',
    'name', 'description', 'category', 'amountCents', 'difficultyLevel', 'rhythm', 'who',
    // Issue 32: what the streak's carry reads (children's `streak`, ongoing chores' days and ticks).
    'createdAt', 'streak', 'daysOfWeek', 'completions',
  ],
  dated: ['assignmentId', 'childId', 'choreId', 'weekStart', 'assignedDate', 'isCompleted', 'source', 'firstWins', 'createdAt', 'takenBy'],
} as const;

interface CoreItem {
  type: string;
  childId: string;
  choreId: string;
  displayName?: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
  availability?: Availability;
  name: string;
  description?: string;
  category: ChoreForAssignment['category'];
  amountCents: number;
  difficultyLevel: number;
  rhythm?: Rhythm;
  who?: WhoDoesIt;
  createdAt: string;
  streak?: StreakCarry;
  daysOfWeek?: Weekday[];
  completions?: Record<IsoDate, unknown>;
}
interface DatedProjection {
  assignmentId: string;
  childId: string;
  choreId: string;
  weekStart: IsoDate;
  assignedDate: IsoDate;
  isCompleted: boolean;
  source: AssignmentSource;
  firstWins?: boolean;
  createdAt: string;
  takenBy?: unknown;
}

/** The week's state in domain types, and what the data layer needs to turn the plan into items. */
export interface StoredWeek {
  state: WeekState;
  /** The chores as stored (their snapshot goes into each new assignment). */
  chores: Map<string, ChoreForAssignment>;
  /** The children's names (the preview shows them). */
  names: Map<string, string>;
  /** Issue 32: the streak carries to keep, when asked for (`carries` of readWeekState). */
  carries: { childId: string; carry: StreakCarry }[];
}

/**
 * A family's children, chores and continuous assignments (one Query: `CHILD#` … `CONT#` are
 * adjacent) and five weeks of dated assignments (one Query: the planned week and the 4 before),
 * only the attributes planning uses. `familyPause`: from the family item already read.
 */
export async function readWeekState(familyId: string, weekStart: IsoDate, familyPause: DateRange | null, carries?: { timeZone: string }): Promise<StoredWeek> {
  const firstWeek = addDays(weekStart, -7 * HISTORY_WEEKS);
  const [core, dated] = await Promise.all([
    queryAll<CoreItem>(keys.familyPk(familyId), { between: keys.coreRange() }, { consistent: true, attributes: PLAN_ATTRIBUTES.core }),
    queryAll<DatedProjection>(
      keys.familyPk(familyId),
      { between: keys.weeksAssignmentsRange(firstWeek, weekStart) },
      { consistent: true, attributes: PLAN_ATTRIBUTES.dated },
    ),
  ]);
  const children = core.filter((i) => i.type === ITEM_TYPES.child);
  const chores = core.filter((i) => i.type === ITEM_TYPES.chore);
  const state: WeekState = {
    weekStart,
    children: children.map((c) => ({
      id: c.childId,
      maxDifficultyLevel: c.maxDifficultyLevel,
      dailyChoresCount: c.dailyChoresCount,
      weeklyChoresCount: c.weeklyChoresCount,
      continuousChoresCount: c.continuousChoresCount,
      ...(c.availability ? { availability: c.availability } : {}),
    })),
    chores: chores.map((c) => ({
      id: c.choreId,
      category: c.category,
      difficultyLevel: c.difficultyLevel,
      amountCents: c.amountCents,
      ...(c.rhythm ? { rhythm: c.rhythm } : {}),
      ...(c.who ? { who: c.who } : {}),
    })),
    continuous: core.filter((i) => i.type === ITEM_TYPES.continuous).map((c) => ({ childId: c.childId, choreId: c.choreId })),
    week: dated
      .filter((a) => a.weekStart === weekStart)
      .map((a) => ({
        id: a.assignmentId,
        childId: a.childId,
        choreId: a.choreId,
        date: a.assignedDate,
        completed: a.isCompleted,
        generated: a.source === 'generated',
        firstWins: a.firstWins === true,
      })),
    // A first-wins chore-day was offered to several children but done by one: only the tick that took
    // it is that child's turn (the offers nobody took count for nobody).
    history: dated
      .filter((a) => a.weekStart < weekStart && (a.firstWins !== true || a.isCompleted))
      .map((a) => ({ childId: a.childId, choreId: a.choreId, date: a.assignedDate })),
    familyPause,
  };
  return {
    state,
    chores: new Map(
      chores.map((c) => [c.choreId, { choreId: c.choreId, name: c.name, ...(c.description ? { description: c.description } : {}), category: c.category, amountCents: c.amountCents, difficultyLevel: c.difficultyLevel }]),
    ),
    names: new Map(children.map((c) => [c.childId, c.displayName ?? ''])),
    carries: carries ? streakCarries(core, dated, { weekStart, firstWeek, familyPause, timeZone: carries.timeZone }) : [],
  };
}

/**
 * Issue 32: each child's streak as it stood when the week before `weekStart` closed, from the items
 * planning already read (the 4 weeks before, the ongoing chores' ticks): no request more. Children
 * whose carry for this week is kept already are left as they are (domain/streaks.ts nextCarry).
 */
function streakCarries(
  core: CoreItem[],
  dated: DatedProjection[],
  week: { weekStart: IsoDate; firstWeek: IsoDate; familyPause: DateRange | null; timeZone: string },
): { childId: string; carry: StreakCarry }[] {
  const choreIds = new Set(core.filter((i) => i.type === ITEM_TYPES.chore).map((c) => c.choreId));
  const range = { from: week.firstWeek, to: addDays(week.weekStart, -1) };
  return core
    .filter((i) => i.type === ITEM_TYPES.child)
    .flatMap((child) => {
      const isAway = (date: IsoDate) => isAwayOn(child.availability, week.familyPause, date);
      // The child's own, visible assignments (a deleted chore's ticked days stay), as the screens count them.
      const own = dated.filter((a) => a.childId === child.childId && (a.isCompleted || choreIds.has(a.choreId)));
      const ongoing = core.filter((i) => i.type === ITEM_TYPES.continuous && i.childId === child.childId && choreIds.has(i.choreId));
      const history = { choreDays: choreDaysOf(own, ongoing, range, week.timeZone, isAway), isAway, since: localDate(new Date(child.createdAt), week.timeZone) };
      const carry = nextCarry(child.streak, history, week.weekStart, week.firstWeek);
      return carry ? [{ childId: child.childId, carry }] : [];
    });
}

/** The seed the Sunday job plans a week with (and Reassign, unless a previewed plan's seed is given). */
export const defaultSeed = (familyId: string, weekStart: IsoDate): string => `${familyId}:${weekStart}`;

/** The planned week as items to write. */
export function itemsOf(writes: WeekWrites, stored: StoredWeek, familyId: string, now: Date) {
  const dated = writes.fresh.map((p) => ({
    ...newDatedItem({
      familyId,
      child: { childId: p.childId },
      chore: stored.chores.get(p.choreId)!,
      weekStart: writes.weekStart,
      assignedDate: p.date,
      dayOfWeek: weekdayOf(p.date),
      source: 'generated',
      now,
    }),
    ...(p.firstWins ? { firstWins: true, firstWinsWith: p.rivals } : {}),
  }));
  const continuous = writes.newContinuous.map((c) =>
    newContinuousItem({ familyId, child: { childId: c.childId }, chore: stored.chores.get(c.choreId)!, daysOfWeek: [], source: 'generated', now }),
  );
  return { dated, continuous };
}

export class UnprocessedWrites extends Error {
  constructor(readonly familyId: string, readonly left: number) {
    super(`${left} writes of family ${familyId} stayed unprocessed after every retry`);
  }
}

/**
 * Regenerates one week of the claimed family. The caller holds the claim and gives it back.
 * `logAs`: the Sunday job records its run in the activity log, in the same batches (no extra request).
 * `seed`: a previewed plan's seed (absent: the Sunday job's, defaultSeed).
 */
export async function writeWeek(claim: GenerationClaim, weekStart: IsoDate, now: Date, logAs?: Actor, seed?: string): Promise<GenerateResultDto> {
  const { familyId } = claim;
  const beforeSend = () => assertCanWrite(claim);
  const done = { created: 0, removed: 0 };
  for (let attempt = 1; ; attempt++) {
    // Issue 32: planning this week (the Sunday run, or a Reassign), the streaks of the week that closed are kept.
    const { timeZone } = claim.family;
    const thisWeek = weekStart === weekStartOf(now, timeZone);
    const stored = await readWeekState(familyId, weekStart, claim.family.pause ?? null, thisWeek ? { timeZone } : undefined);
    const writes = planWeekWrites(stored.state, seed ?? defaultSeed(familyId, weekStart));
    const table = tableName();
    const deletions = writes.stale.map((a): TransactItem => ({
      Delete: {
        TableName: table,
        Key: keys.assignment(familyId, refOf({ assignmentId: a.id })),
        // Still pending, and still generated (a parent may have made it manual in between).
        ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f AND #source = :generated',
        ExpressionAttributeNames: { '#source': 'source' },
        ExpressionAttributeValues: { ':f': false, ':generated': 'generated' },
      },
    }));
    // In the same transactions as the deletions (on a Sunday there are none: one request for all the children).
    const carries = stored.carries.map(({ childId, carry }): TransactItem => ({
      Update: {
        TableName: table,
        Key: keys.child(familyId, childId),
        UpdateExpression: 'SET #streak = :carry',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#streak': 'streak' },
        ExpressionAttributeValues: { ':carry': carry },
      },
    }));
    const removed = await transactAll([...deletions, ...carries], { beforeSend });
    if (!removed.ok) {
      // A condition failed, or a concurrent transaction (a tick in between): read and plan again.
      if ((removed.failed < 0 && !removed.conflict) || attempt >= CONFLICT_ATTEMPTS) throw removed.error;
      await new Promise((r) => setTimeout(r, backoffMs(attempt)));
      continue;
    }
    done.removed += writes.stale.length;
    const items = itemsOf(writes, stored, familyId, now);
    const puts: Record<string, unknown>[] = [...items.dated.map(datedRecord), ...items.continuous.map(continuousRecord)];
    const assignments = puts.length;
    // The same key in every attempt (the run's time and week): written once however often it is retried.
    if (logAs) puts.push(activityPut(familyId, { eventId: `run-${weekStart}`, kind: 'sunday-run', at: now.toISOString(), by: logAs, date: weekStart }).Put!.Item!);
    const left = await batchWriteAll(puts.map((Item) => ({ PutRequest: { Item } })), { beforeSend });
    if (left.length) throw new UnprocessedWrites(familyId, left.length);
    done.created += assignments;
    return { weekStart, ...done, kept: writes.kept };
  }
}

/**
 * "Reassign Weekly Chores": regenerates a week now, waiting a moment if the Sunday worker holds the
 * family. 'missing' when the family is gone; 'busy' when the worker still holds it.
 */
export const regenerateWeek = (familyId: string, weekStart: IsoDate, now: Date, seed?: string): Promise<GenerateResultDto | 'missing' | 'busy'> =>
  withGenerationClaim(familyId, (claim) => writeWeek(claim, weekStart, now, undefined, seed));

/** regenerateWeek for callers that know the family exists and is free (the demo seed, tests): anything else is an error. */
export async function generateWeek(familyId: string, weekStart: IsoDate, now: Date, seed?: string): Promise<GenerateResultDto> {
  const result = await regenerateWeek(familyId, weekStart, now, seed);
  if (typeof result === 'string') throw new Error(`Family ${familyId}: ${result}`);
  return result;
}

/**
 * The plan regenerating `weekStart` with `seed` would write, without writing anything (the preview):
 * the same reads and the same pure planning as writeWeek.
 */
export async function previewWeek(familyId: string, weekStart: IsoDate, familyPause: DateRange | null, seed: string): Promise<{ stored: StoredWeek; writes: WeekWrites }> {
  const stored = await readWeekState(familyId, weekStart, familyPause);
  return { stored, writes: planWeekWrites(stored.state, seed) };
}
