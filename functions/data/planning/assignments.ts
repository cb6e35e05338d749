/**
 * Assignments (dated and continuous) and the earnings they produce. A completion and its earnings
 * are written in one transaction, conditional on the previous state, so re-ticking never pays twice.
 * Earnings are kept as per-child week and month aggregates (integer cents) in the family partition,
 * so every screen reads them with a bounded number of requests.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate, Weekday } from '../../../shared/time';
import { db, tableName } from '../../lib/db';
import type { ChildItem } from '../family/children';
import type { ChoreCategory, ChoreItem } from './chores';
import * as keys from '../keys';
import { continuousId, datedId, ITEM_TYPES, type DatedRef } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import { transactIfUnchanged } from '../transact';

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
  /** The child's payout round the completion counted in (data/ticks/completion-writes.ts); absent while it waits. */
  payoutRound?: number;
  /** Ticked by the child, waiting for a parent's OK: counted nowhere yet (issue 19). */
  waiting?: boolean;
  /** A parent approved the tick (or ticked it): the child can no longer take it back. */
  approvedAt?: string;
  approvedBy?: string;
  /** The last send-back's note, until the chore is ticked again. */
  sentBack?: SentBackNote;
  source: AssignmentSource;
  chore: ChoreSnapshot;
  createdAt: string;
  /**
   * Offered to several children, the first tick takes the chore-day (issue 21, data/planning/first-wins.ts).
   * `firstWinsWith`: the other children it is offered to (their assignments' keys are deterministic).
   */
  firstWins?: boolean;
  firstWinsWith?: string[];
  /** Another child took this first-wins chore-day: it can no longer be ticked. */
  takenBy?: { childId: string; displayName: string };
}

export interface ContinuousCompletion {
  cents: number;
  at: string;
  /** The child's payout round the completion counted in; absent while it waits. */
  round?: number;
  /** Waiting for a parent's OK (issue 19). */
  waiting?: boolean;
  /** A parent approved it (or ticked it). */
  approved?: boolean;
}

/** A parent sent a tick back to do, with an optional note the child sees until they tick it again. */
export interface SentBackNote {
  date: IsoDate;
  note?: string;
  at: string;
  by: string;
}

export interface ContinuousItem {
  assignmentId: string;
  familyId: string;
  childId: string;
  choreId: string;
  daysOfWeek: Weekday[];
  /** Local date → what that day's completion earned. Pruned to the last ~9 weeks. */
  completions: Record<IsoDate, ContinuousCompletion>;
  /** The last send-back's note (for the day it names), until the chore is ticked again. */
  sentBack?: SentBackNote;
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

/** What an assignment copies from its chore (and what creating one needs of it). */
export type ChoreForAssignment = Pick<ChoreItem, 'choreId' | 'name' | 'description' | 'category' | 'amountCents' | 'difficultyLevel'>;

export const snapshotOf = (c: ChoreForAssignment): ChoreSnapshot => ({
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
  queryAll<DatedAssignmentItem>(keys.familyPk(familyId), { between: keys.assignmentsFromWeek(weekStart) });

export const listContinuous = (familyId: string, childId?: string) =>
  queryAll<ContinuousItem>(keys.familyPk(familyId), { prefix: keys.continuousPrefix(childId) });

export const listWeekEarnings = (familyId: string, weekStart: IsoDate, consistent = false) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { prefix: keys.weekEarningsPrefix(weekStart) }, { consistent });

/**
 * One child's week aggregates from `fromWeek` to `toWeek` (Sundays, inclusive): one Query on GSI1
 * (the child's items). GSI1 is not scoped by family: callers check the child is theirs first.
 */
export const listChildWeekEarnings = (childId: string, fromWeek: IsoDate, toWeek: IsoDate) =>
  queryAll<EarningsItem>(keys.childIndexPk(childId), { between: keys.weeksEarningsRange(fromWeek, toWeek) }, { index: 'GSI1' });

/** Every child's week aggregates of a family from `fromWeek` to `toWeek`: one Query in the family partition (the weekly report). */
export const listFamilyWeekEarnings = (familyId: string, fromWeek: IsoDate, toWeek: IsoDate) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { between: keys.weeksEarningsRange(fromWeek, toWeek) });

export const listYearMonthEarnings = (familyId: string, year: string, consistent = false) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { between: keys.yearMonthEarningsRange(year) }, { consistent });

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

/**
 * Generated and manual assignments have ids of their own (`g-…`, `m-…`): only the generator creates
 * generated ids, which lets it write new ones without conditions (docs/decisions/005). A parent
 * assigning a chore-day the planner already gave gets that assignment back (POST /api/assignments).
 */
export const datedSuffix = (source: AssignmentSource, choreId: string, day: Weekday): string => `${source === 'generated' ? 'g' : 'm'}-${choreId}-${day}`;

export function newDatedItem(input: {
  familyId: string;
  child: Pick<ChildItem, 'childId'>;
  chore: ChoreForAssignment;
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
    suffix: input.suffix ?? datedSuffix(input.source, input.chore.choreId, input.dayOfWeek),
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

/**
 * The stored item of a dated assignment: its keys and its fields. Not in the child index (GSI1):
 * dated assignments are most of what the Sunday job writes, and the index would double those
 * writes for the sake of deleting a child (docs/decisions/005). Items written before still carry it.
 */
export function datedRecord(item: DatedAssignmentItem) {
  const key = keys.assignment(item.familyId, refOf(item));
  return { ...key, type: ITEM_TYPES.assignment, ...item };
}

/** The stored item of a continuous assignment (what upsertContinuous writes for a new one). */
export function continuousRecord(item: ContinuousItem) {
  const key = keys.continuous(item.familyId, item.childId, item.choreId);
  return { ...key, type: ITEM_TYPES.continuous, ...keys.childIndex(item.childId, key.SK), ...item };
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

/**
 * A parent assigning a chore-day the planner had generated makes it theirs: regenerating the week
 * then keeps it, as it keeps every manual assignment. Returns the item as stored.
 */
export async function keepAsManual(item: DatedAssignmentItem): Promise<DatedAssignmentItem> {
  if (item.source !== 'generated') return item;
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: T(),
        Key: keys.assignment(item.familyId, refOf(item)),
        UpdateExpression: 'SET #source = :manual',
        ConditionExpression: 'attribute_exists(PK) AND #source = :generated',
        ExpressionAttributeNames: { '#source': 'source' },
        ExpressionAttributeValues: { ':manual': 'manual', ':generated': 'generated' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as DatedAssignmentItem;
  } catch (err) {
    if (isConditionFailure(err)) return (await getDated(item.familyId, refOf(item))) ?? item;
    throw err;
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

export function newContinuousItem(input: { familyId: string; child: Pick<ChildItem, 'childId'>; chore: ChoreForAssignment; daysOfWeek: Weekday[]; source: AssignmentSource; now: Date }): ContinuousItem {
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
        ':g1pk': keys.childIndexPk(item.childId),
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

/**
 * Deletes a continuous assignment, and in the same transaction the approvals card's items of its
 * ticks that still wait (their chore-days are given back with it).
 */
export async function deleteContinuous(familyId: string, childId: string, choreId: string): Promise<boolean> {
  const waiting = await queryAll<{ PK: string; SK: string }>(keys.familyPk(familyId), { prefix: keys.waitingPrefix(childId, choreId) }, { attributes: ['PK', 'SK'] });
  const key = keys.continuous(familyId, childId, choreId);
  return transactIfUnchanged([
    { Delete: { TableName: T(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
    ...waiting.slice(0, 99).map((w) => ({ Delete: { TableName: T(), Key: { PK: w.PK, SK: w.SK } } })),
  ]);
}
