/**
 * Assignments (dated and continuous) and the earnings they produce. A completion and its earnings
 * are written in one transaction, conditional on the previous state, so re-ticking never pays twice.
 * Earnings are kept as per-child week and month aggregates (integer cents) in the family partition,
 * so every screen reads them with a bounded number of requests.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { monthOf, weekStartOfDate, yearOf, type IsoDate, type Weekday } from '../../shared/time';
import { db, tableName } from '../lib/db';
import type { ChildItem } from './children';
import type { ChoreCategory, ChoreItem } from './chores';
import { continuousId, datedId, ITEM_TYPES, keys, type DatedRef } from './keys';
import { failedConditionIndex, isConditionFailure, queryAll } from './query';

export type AssignmentSource = 'manual' | 'generated' | 'scheduler';

export interface ChoreSnapshot {
  name: string;
  description?: string;
  category: ChoreCategory;
  amountCents: number;
  difficultyLevel: number;
}

export interface DatedAssignmentItem {
  assignmentId: string;
  familyId: string;
  childId: string;
  choreId: string;
  weekStart: IsoDate;
  assignedDate: IsoDate;
  dayOfWeek: Weekday;
  isCompleted: boolean;
  completedAt?: string;
  /** Local date of the completion: which week/month aggregates it went into. */
  completedOn?: IsoDate;
  earnedCents?: number;
  source: AssignmentSource;
  chore: ChoreSnapshot;
  createdAt: string;
}

export interface ContinuousCompletion {
  cents: number;
  at: string;
}

export interface ContinuousItem {
  assignmentId: string;
  familyId: string;
  childId: string;
  choreId: string;
  daysOfWeek: Weekday[];
  /** Local date → what that day's completion earned. Pruned to the last ~9 weeks. */
  completions: Record<IsoDate, ContinuousCompletion>;
  source: AssignmentSource;
  chore: ChoreSnapshot;
  createdAt: string;
}

export interface EarningsItem {
  childId: string;
  /** `YYYY-MM` for month items, the Sunday for week items. */
  period: string;
  cents: number;
  count: number;
}

export const snapshotOf = (c: ChoreItem): ChoreSnapshot => ({
  name: c.name,
  ...(c.description ? { description: c.description } : {}),
  category: c.category,
  amountCents: c.amountCents,
  difficultyLevel: c.difficultyLevel,
});

const T = () => tableName();

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export const listWeekAssignments = (familyId: string, weekStart: IsoDate, childId?: string) =>
  queryAll<DatedAssignmentItem>(keys.familyPk(familyId), { prefix: keys.weekAssignmentsPrefix(weekStart, childId) });

/** This week's and later weeks' dated assignments (bounded: only current and generated-ahead weeks exist). */
export const listAssignmentsFrom = (familyId: string, weekStart: IsoDate) =>
  queryAll<DatedAssignmentItem>(keys.familyPk(familyId), { between: [`ASSIGN#${weekStart}`, 'ASSIGN#~'] });

export const listContinuous = (familyId: string, childId?: string) =>
  queryAll<ContinuousItem>(keys.familyPk(familyId), { prefix: keys.continuousPrefix(childId) });

export const listWeekEarnings = (familyId: string, weekStart: IsoDate) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { prefix: `EARN#W#${weekStart}#` });

/**
 * One child's week aggregates from `fromWeek` to `toWeek` (Sundays, inclusive): one Query on GSI1
 * (the child's items). GSI1 is not scoped by family: callers check the child is theirs first.
 */
export const listChildWeekEarnings = (childId: string, fromWeek: IsoDate, toWeek: IsoDate) =>
  queryAll<EarningsItem>(keys.childIndex(childId, '').GSI1PK, { between: [`EARN#W#${fromWeek}#`, `EARN#W#${toWeek}#~`] }, { index: 'GSI1' });

/** Every child's week aggregates of a family from `fromWeek` to `toWeek`: one Query in the family partition (the weekly report). */
export const listFamilyWeekEarnings = (familyId: string, fromWeek: IsoDate, toWeek: IsoDate) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { between: [`EARN#W#${fromWeek}#`, `EARN#W#${toWeek}#~`] });

export const listYearMonthEarnings = (familyId: string, year: string) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { between: [`EARN#M#${year}-01#`, `EARN#M#${year}-12#~`] });

export async function getDated(familyId: string, ref: DatedRef): Promise<DatedAssignmentItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: keys.assignment(familyId, ref), ConsistentRead: true }));
  return out.Item as DatedAssignmentItem | undefined;
}

export async function getContinuous(familyId: string, childId: string, choreId: string): Promise<ContinuousItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: T(), Key: keys.continuous(familyId, childId, choreId), ConsistentRead: true }));
  return out.Item as ContinuousItem | undefined;
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export function newDatedItem(input: {
  familyId: string;
  child: ChildItem;
  chore: ChoreItem;
  weekStart: IsoDate;
  assignedDate: IsoDate;
  dayOfWeek: Weekday;
  source: AssignmentSource;
  now: Date;
  suffix?: string;
}): DatedAssignmentItem {
  const ref: DatedRef = {
    weekStart: input.weekStart,
    childId: input.child.childId,
    suffix: input.suffix ?? `${input.source === 'generated' ? 'g' : 'm'}-${input.chore.choreId}-${input.dayOfWeek}`,
  };
  return {
    assignmentId: datedId(ref),
    familyId: input.familyId,
    childId: input.child.childId,
    choreId: input.chore.choreId,
    weekStart: input.weekStart,
    assignedDate: input.assignedDate,
    dayOfWeek: input.dayOfWeek,
    isCompleted: false,
    source: input.source,
    chore: snapshotOf(input.chore),
    createdAt: input.now.toISOString(),
  };
}

export function refOf(item: Pick<DatedAssignmentItem, 'assignmentId'>): DatedRef {
  const [weekStart, childId, suffix] = item.assignmentId.split('.') as [string, string, string];
  return { weekStart, childId, suffix };
}

function datedRecord(item: DatedAssignmentItem) {
  const key = keys.assignment(item.familyId, refOf(item));
  return { ...key, type: ITEM_TYPES.assignment, ...keys.childIndex(item.childId, key.SK), ...item };
}

/** Creates a dated assignment unless the same one exists; returns what is stored either way. */
export async function putDatedIfAbsent(item: DatedAssignmentItem): Promise<{ item: DatedAssignmentItem; created: boolean }> {
  try {
    await db().send(new PutCommand({ TableName: T(), Item: datedRecord(item), ConditionExpression: 'attribute_not_exists(PK)' }));
    return { item, created: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const existing = await getDated(item.familyId, refOf(item));
    return { item: existing ?? item, created: false };
  }
}

/** Deletes a dated assignment only while it is still pending (a completion in between wins). */
export async function deletePendingDated(item: DatedAssignmentItem): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: T(),
        Key: keys.assignment(item.familyId, refOf(item)),
        ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export function newContinuousItem(input: { familyId: string; child: ChildItem; chore: ChoreItem; daysOfWeek: Weekday[]; source: AssignmentSource; now: Date }): ContinuousItem {
  return {
    assignmentId: continuousId(input.child.childId, input.chore.choreId),
    familyId: input.familyId,
    childId: input.child.childId,
    choreId: input.chore.choreId,
    daysOfWeek: input.daysOfWeek,
    completions: {},
    source: input.source,
    chore: snapshotOf(input.chore),
    createdAt: input.now.toISOString(),
  };
}

/** Creates a continuous assignment, or updates the days of the existing one (keeping its completions). */
export async function upsertContinuous(item: ContinuousItem): Promise<ContinuousItem> {
  const key = keys.continuous(item.familyId, item.childId, item.choreId);
  const out = await db().send(
    new UpdateCommand({
      TableName: T(),
      Key: key,
      UpdateExpression:
        'SET #type = :type, GSI1PK = :g1pk, GSI1SK = :g1sk, assignmentId = :id, familyId = :fam, childId = :child, choreId = :chore, daysOfWeek = :days, chore = :snap, ' +
        'completions = if_not_exists(completions, :empty), #source = if_not_exists(#source, :source), createdAt = if_not_exists(createdAt, :now)',
      ExpressionAttributeNames: { '#type': 'type', '#source': 'source' },
      ExpressionAttributeValues: {
        ':type': ITEM_TYPES.continuous,
        ':g1pk': `CHILD#${item.childId}`,
        ':g1sk': key.SK,
        ':id': item.assignmentId,
        ':fam': item.familyId,
        ':child': item.childId,
        ':chore': item.choreId,
        ':days': item.daysOfWeek,
        ':snap': item.chore,
        ':empty': {},
        ':source': item.source,
        ':now': item.createdAt,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes as ContinuousItem;
}

export async function deleteContinuous(familyId: string, childId: string, choreId: string): Promise<boolean> {
  const out = await db().send(
    new DeleteCommand({ TableName: T(), Key: keys.continuous(familyId, childId, choreId), ReturnValues: 'ALL_OLD' }),
  );
  return out.Attributes !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Completion and earnings
// ---------------------------------------------------------------------------------------------

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The aggregate and child-ledger updates for one completion (+) or un-completion (−). A completion
 * made before the child's last Reset Earnings is no longer in the shown figures, so undoing it
 * lowers the reset baseline instead of the owed amount.
 */
function earningsWrites(child: ChildItem, completedOn: IsoDate, completedAt: string, sign: 1 | -1, cents: number): TransactItem[] {
  const week = weekStartOfDate(completedOn);
  const month = monthOf(completedOn);
  const agg = (key: { PK: string; SK: string }, period: string): TransactItem => ({
    Update: {
      TableName: T(),
      Key: key,
      UpdateExpression: 'SET #type = :type, childId = :child, period = :period, GSI1PK = :g1pk, GSI1SK = :g1sk ADD cents :c, #count :n',
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: {
        ':type': period.length === 7 ? ITEM_TYPES.monthEarnings : ITEM_TYPES.weekEarnings,
        ':child': child.childId,
        ':period': period,
        ':g1pk': `CHILD#${child.childId}`,
        ':g1sk': key.SK,
        ':c': sign * cents,
        ':n': sign,
      },
    },
  });
  const afterReset = !child.resetAt || completedAt >= child.resetAt;
  const childKey = keys.child(child.familyId, child.childId);
  let childUpdate: TransactItem;
  if (sign === 1 || afterReset) {
    childUpdate = {
      Update: {
        TableName: T(),
        Key: childKey,
        UpdateExpression: 'ADD unpaidCents :c',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':c': sign * cents },
      },
    };
  } else {
    const sets: string[] = [];
    const values: Record<string, unknown> = {};
    const b = child.resetBaseline;
    if (b?.week === week) {
      sets.push('resetBaseline.weekCents = resetBaseline.weekCents - :c', 'resetBaseline.weekCount = resetBaseline.weekCount - :one');
    }
    if (b?.month === month) sets.push('resetBaseline.monthCents = resetBaseline.monthCents - :c');
    if (b?.year === yearOf(completedOn)) sets.push('resetBaseline.yearCents = resetBaseline.yearCents - :c');
    if (sets.length) Object.assign(values, { ':c': cents, ...(b?.week === week ? { ':one': 1 } : {}) });
    childUpdate = {
      Update: {
        TableName: T(),
        Key: childKey,
        UpdateExpression: sets.length ? `SET ${sets.join(', ')}` : 'SET familyId = familyId',
        ConditionExpression: 'attribute_exists(PK)',
        ...(sets.length ? { ExpressionAttributeValues: values } : {}),
      },
    };
  }
  return [
    agg(keys.weekEarnings(child.familyId, week, child.childId), week),
    agg(keys.monthEarnings(child.familyId, month, child.childId), month),
    childUpdate,
  ];
}

export class ChildMissing extends Error {}

/**
 * Sets a dated assignment's completion. Returns the stored item; when it already had the requested
 * state nothing is written (no double earnings), also under a concurrent toggle.
 */
export async function setDatedCompletion(
  item: DatedAssignmentItem,
  child: ChildItem,
  completed: boolean,
  now: Date,
  today: IsoDate,
  liveAmountCents: number,
): Promise<DatedAssignmentItem> {
  if (item.isCompleted === completed) return item;
  const key = keys.assignment(item.familyId, refOf(item));
  const at = now.toISOString();
  const writes: TransactItem[] = completed
    ? [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: 'SET isCompleted = :t, completedAt = :at, completedOn = :on, earnedCents = :c',
            ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f',
            ExpressionAttributeValues: { ':t': true, ':f': false, ':at': at, ':on': today, ':c': liveAmountCents },
          },
        },
        ...earningsWrites(child, today, at, 1, liveAmountCents),
      ]
    : [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: 'SET isCompleted = :f REMOVE completedAt, completedOn, earnedCents',
            ConditionExpression: 'attribute_exists(PK) AND isCompleted = :t AND completedAt = :at',
            ExpressionAttributeValues: { ':t': true, ':f': false, ':at': item.completedAt ?? '' },
          },
        },
        ...earningsWrites(child, item.completedOn ?? today, item.completedAt ?? at, -1, item.earnedCents ?? 0),
      ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: writes }));
  } catch (err) {
    const idx = failedConditionIndex(err);
    if (idx === 0) return (await getDated(item.familyId, refOf(item))) ?? item; // someone else toggled first
    if (idx === writes.length - 1) throw new ChildMissing();
    throw err;
  }
  return completed
    ? { ...item, isCompleted: true, completedAt: at, completedOn: today, earnedCents: liveAmountCents }
    : { ...item, isCompleted: false, completedAt: undefined, completedOn: undefined, earnedCents: undefined };
}

const PRUNE_DAYS = 63;

/** Sets a continuous assignment's completion for one local date (today). */
export async function setContinuousCompletion(
  item: ContinuousItem,
  child: ChildItem,
  completed: boolean,
  now: Date,
  today: IsoDate,
  liveAmountCents: number,
): Promise<ContinuousItem> {
  const existing = item.completions?.[today];
  if (Boolean(existing) === completed) return item;
  const key = keys.continuous(item.familyId, item.childId, item.choreId);
  const at = now.toISOString();
  const cutoff = new Date(Date.parse(today) - PRUNE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const stale = Object.keys(item.completions ?? {}).filter((d) => d < cutoff && d !== today);
  const staleNames = Object.fromEntries(stale.map((d, i) => [`#old${i}`, d]));
  const removeStale = stale.length ? ` REMOVE ${stale.map((_, i) => `completions.#old${i}`).join(', ')}` : '';
  const writes: TransactItem[] = completed
    ? [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: `SET completions.#d = :c${removeStale}`,
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completions.#d)',
            ExpressionAttributeNames: { '#d': today, ...staleNames },
            ExpressionAttributeValues: { ':c': { cents: liveAmountCents, at } },
          },
        },
        ...earningsWrites(child, today, at, 1, liveAmountCents),
      ]
    : [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: 'REMOVE completions.#d',
            ConditionExpression: 'attribute_exists(PK) AND completions.#d.#at = :at',
            ExpressionAttributeNames: { '#d': today, '#at': 'at' },
            ExpressionAttributeValues: { ':at': existing!.at },
          },
        },
        ...earningsWrites(child, today, existing!.at, -1, existing!.cents),
      ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: writes }));
  } catch (err) {
    const idx = failedConditionIndex(err);
    if (idx === 0) return (await getContinuous(item.familyId, item.childId, item.choreId)) ?? item;
    if (idx === writes.length - 1) throw new ChildMissing();
    throw err;
  }
  const completions = { ...item.completions };
  for (const d of stale) delete completions[d];
  if (completed) completions[today] = { cents: liveAmountCents, at };
  else delete completions[today];
  return { ...item, completions };
}

