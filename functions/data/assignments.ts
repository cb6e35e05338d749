/**
 * Assignments (dated and continuous) and the earnings they produce. A completion and its earnings
 * are written in one transaction, conditional on the previous state, so re-ticking never pays twice.
 * Earnings are kept as per-child week and month aggregates (integer cents) in the family partition,
 * so every screen reads them with a bounded number of requests.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { monthOf, weekStartOfDate, type IsoDate, type Weekday } from '../../shared/time';
import { db, tableName } from '../lib/db';
import { getChild, type ChildItem } from './children';
import type { ChoreCategory, ChoreItem } from './chores';
import { continuousId, datedId, ITEM_TYPES, keys, type DatedRef } from './keys';
import { failedConditionIndex, isConditionFailure, queryAll } from './query';
import type { ActivityEvent, Actor } from '../domain/ledger';
import { activityPut } from './activity';

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
  /** The child's payout round the completion belongs to (data/assignments.ts "Completion and earnings"). */
  payoutRound?: number;
  source: AssignmentSource;
  chore: ChoreSnapshot;
  createdAt: string;
}

export interface ContinuousCompletion {
  cents: number;
  at: string;
  /** The child's payout round the completion belongs to. */
  round?: number;
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
  queryAll<DatedAssignmentItem>(keys.familyPk(familyId), { between: [`ASSIGN#${weekStart}`, 'ASSIGN#~'] });

export const listContinuous = (familyId: string, childId?: string) =>
  queryAll<ContinuousItem>(keys.familyPk(familyId), { prefix: keys.continuousPrefix(childId) });

export const listWeekEarnings = (familyId: string, weekStart: IsoDate, consistent = false) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { prefix: `EARN#W#${weekStart}#` }, { consistent });

/**
 * One child's week aggregates from `fromWeek` to `toWeek` (Sundays, inclusive): one Query on GSI1
 * (the child's items). GSI1 is not scoped by family: callers check the child is theirs first.
 */
export const listChildWeekEarnings = (childId: string, fromWeek: IsoDate, toWeek: IsoDate) =>
  queryAll<EarningsItem>(keys.childIndex(childId, '').GSI1PK, { between: [`EARN#W#${fromWeek}#`, `EARN#W#${toWeek}#~`] }, { index: 'GSI1' });

/** Every child's week aggregates of a family from `fromWeek` to `toWeek`: one Query in the family partition (the weekly report). */
export const listFamilyWeekEarnings = (familyId: string, fromWeek: IsoDate, toWeek: IsoDate) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { between: [`EARN#W#${fromWeek}#`, `EARN#W#${toWeek}#~`] });

export const listYearMonthEarnings = (familyId: string, year: string, consistent = false) =>
  queryAll<EarningsItem>(keys.familyPk(familyId), { between: [`EARN#M#${year}-01#`, `EARN#M#${year}-12#~`] }, { consistent });

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
//
// A chore-day is paid at most once (docs/decisions/011-paid-completions-stay-ticked.md). Every
// completion belongs to the child's payout round current when it was made; Reset Earnings pays
// everything owed and opens the next round, so a completion of an earlier round is paid and can no
// longer be unticked. Each write that moves money is one transaction conditional on the round it
// assumes, so a tick, untick or reset racing another never counts a chore-day twice or drives a
// figure below zero. A marker item per (child, date, chore) makes the chore-day itself unique,
// whichever assignment (generated, manual, or after a category change) it is ticked through.

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Whether a completion made in payout round `round` has been paid out to this child. */
export const isPaidRound = (round: number | undefined, child: Pick<ChildItem, 'payoutRound'>): boolean => (round ?? 0) < (child.payoutRound ?? 0);

export class ChildMissing extends Error {}
/** Unticking a completion that Reset Earnings already paid out. */
export class AlreadyPaid extends Error {}
/** Ticking a chore-day already done through another assignment. */
export class ChoreDayDone extends Error {}
/** A Reset Earnings landed between reading the child and writing: read it again and retry. */
export class RoundChanged extends Error {}

/** The child's round, as a condition: its first round has no attribute yet. */
function roundCondition(round: number): string {
  return round === 0 ? '(attribute_not_exists(payoutRound) OR payoutRound = :round)' : 'payoutRound = :round';
}

/**
 * The aggregate and owed-amount updates for one completion (+) or un-completion (−), conditional on
 * the child still being in `round` (and, for an untick, still owing at least what it takes back).
 */
function earningsWrites(child: ChildItem, completedOn: IsoDate, sign: 1 | -1, cents: number, round: number): TransactItem[] {
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
  const owed: TransactItem = {
    Update: {
      TableName: T(),
      Key: keys.child(child.familyId, child.childId),
      UpdateExpression: 'ADD unpaidCents :c',
      ConditionExpression: `attribute_exists(PK) AND ${roundCondition(round)}${sign === -1 ? ' AND unpaidCents >= :back' : ''}`,
      ExpressionAttributeValues: { ':c': sign * cents, ':round': round, ...(sign === -1 ? { ':back': cents } : {}) },
    },
  };
  return [agg(keys.weekEarnings(child.familyId, week, child.childId), week), agg(keys.monthEarnings(child.familyId, month, child.childId), month), owed];
}

/** The chore-day marker's write: claimed by a tick, given back by its untick. */
function choreDayWrite(familyId: string, childId: string, date: IsoDate, choreId: string, assignmentId: string, claim: boolean): TransactItem {
  const key = keys.choreDay(familyId, childId, date, choreId);
  return claim
    ? {
        Put: {
          TableName: T(),
          Item: { ...key, type: ITEM_TYPES.choreDay, ...keys.childIndex(childId, key.SK), childId, choreId, date, assignmentId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }
    : {
        Delete: {
          TableName: T(),
          Key: key,
          // Completions older than the marker have none to give back.
          ConditionExpression: 'attribute_not_exists(PK) OR assignmentId = :id',
          ExpressionAttributeValues: { ':id': assignmentId },
        },
      };
}

/** The activity log's event of a tick or untick, written in its transaction (third, before the money). */
function completionEvent(familyId: string, child: ChildItem, actor: Actor, at: string, e: Pick<ActivityEvent, 'kind' | 'choreName' | 'date' | 'amountCents' | 'waiting'>): TransactItem {
  return activityPut(familyId, { ...e, at, by: actor, childId: child.childId, childName: child.displayName });
}

/**
 * Sends one completion transaction (item write first, chore-day marker second, child last) and
 * names what failed: 'raced' when the item's own condition failed (someone else toggled it first).
 */
async function sendCompletion(writes: TransactItem[], child: ChildItem, ticking: boolean): Promise<'done' | 'raced'> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: writes }));
    return 'done';
  } catch (err) {
    const idx = failedConditionIndex(err);
    if (idx === 0) return 'raced';
    if (idx === 1) throw new ChoreDayDone();
    if (idx === writes.length - 1) {
      const now = await getChild(child.familyId, child.childId, true);
      if (!now) throw new ChildMissing();
      throw ticking ? new RoundChanged() : new AlreadyPaid();
    }
    throw err;
  }
}

/**
 * Sets a dated assignment's completion. Returns the stored item; when it already had the requested
 * state nothing is written (no double earnings), also under a concurrent toggle. Throws AlreadyPaid
 * for an untick of a paid completion, ChoreDayDone, RoundChanged or ChildMissing.
 */
export async function setDatedCompletion(
  item: DatedAssignmentItem,
  child: ChildItem,
  completed: boolean,
  now: Date,
  today: IsoDate,
  liveAmountCents: number,
  /** Who ticks: the activity log's event is written in the same transaction (issue 19). */
  actor: Actor,
): Promise<DatedAssignmentItem> {
  if (item.isCompleted === completed) return item;
  const key = keys.assignment(item.familyId, refOf(item));
  const at = now.toISOString();
  const round = completed ? (child.payoutRound ?? 0) : (item.payoutRound ?? 0);
  if (!completed && isPaidRound(round, child)) throw new AlreadyPaid();
  const marker = choreDayWrite(item.familyId, item.childId, item.assignedDate, item.choreId, item.assignmentId, completed);
  const writes: TransactItem[] = completed
    ? [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: 'SET isCompleted = :t, completedAt = :at, completedOn = :on, earnedCents = :c, payoutRound = :round',
            ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f',
            ExpressionAttributeValues: { ':t': true, ':f': false, ':at': at, ':on': today, ':c': liveAmountCents, ':round': round },
          },
        },
        marker,
        completionEvent(item.familyId, child, actor, at, { kind: 'tick', choreName: item.chore.name, date: item.assignedDate, amountCents: liveAmountCents }),
        ...earningsWrites(child, today, 1, liveAmountCents, round),
      ]
    : [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: 'SET isCompleted = :f REMOVE completedAt, completedOn, earnedCents, payoutRound',
            ConditionExpression: 'attribute_exists(PK) AND isCompleted = :t AND completedAt = :at',
            ExpressionAttributeValues: { ':t': true, ':f': false, ':at': item.completedAt ?? '' },
          },
        },
        marker,
        completionEvent(item.familyId, child, actor, at, { kind: 'untick', choreName: item.chore.name, date: item.assignedDate, amountCents: -(item.earnedCents ?? 0) }),
        ...earningsWrites(child, item.completedOn ?? today, -1, item.earnedCents ?? 0, round),
      ];
  if ((await sendCompletion(writes, child, completed)) === 'raced') return (await getDated(item.familyId, refOf(item))) ?? item;
  return completed
    ? { ...item, isCompleted: true, completedAt: at, completedOn: today, earnedCents: liveAmountCents, payoutRound: round }
    : { ...item, isCompleted: false, completedAt: undefined, completedOn: undefined, earnedCents: undefined, payoutRound: undefined };
}

const PRUNE_DAYS = 63;

/** Sets a continuous assignment's completion for one local date (today). Throws like setDatedCompletion. */
export async function setContinuousCompletion(
  item: ContinuousItem,
  child: ChildItem,
  completed: boolean,
  now: Date,
  today: IsoDate,
  liveAmountCents: number,
  /** Who ticks: the activity log's event is written in the same transaction (issue 19). */
  actor: Actor,
): Promise<ContinuousItem> {
  const existing = item.completions?.[today];
  if (Boolean(existing) === completed) return item;
  const round = completed ? (child.payoutRound ?? 0) : (existing!.round ?? 0);
  if (!completed && isPaidRound(round, child)) throw new AlreadyPaid();
  const key = keys.continuous(item.familyId, item.childId, item.choreId);
  const at = now.toISOString();
  const cutoff = new Date(Date.parse(today) - PRUNE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const stale = Object.keys(item.completions ?? {}).filter((d) => d < cutoff && d !== today);
  const staleNames = Object.fromEntries(stale.map((d, i) => [`#old${i}`, d]));
  const removeStale = stale.length ? ` REMOVE ${stale.map((_, i) => `completions.#old${i}`).join(', ')}` : '';
  const marker = choreDayWrite(item.familyId, item.childId, today, item.choreId, item.assignmentId, completed);
  const done: ContinuousCompletion = { cents: liveAmountCents, at, round };
  const writes: TransactItem[] = completed
    ? [
        {
          Update: {
            TableName: T(),
            Key: key,
            UpdateExpression: `SET completions.#d = :c${removeStale}`,
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completions.#d)',
            ExpressionAttributeNames: { '#d': today, ...staleNames },
            ExpressionAttributeValues: { ':c': done },
          },
        },
        marker,
        completionEvent(item.familyId, child, actor, at, { kind: 'tick', choreName: item.chore.name, date: today, amountCents: liveAmountCents }),
        ...earningsWrites(child, today, 1, liveAmountCents, round),
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
        marker,
        completionEvent(item.familyId, child, actor, at, { kind: 'untick', choreName: item.chore.name, date: today, amountCents: -existing!.cents }),
        ...earningsWrites(child, today, -1, existing!.cents, round),
      ];
  if ((await sendCompletion(writes, child, completed)) === 'raced') return (await getContinuous(item.familyId, item.childId, item.choreId)) ?? item;
  const completions = { ...item.completions };
  for (const d of stale) delete completions[d];
  if (completed) completions[today] = done;
  else delete completions[today];
  return { ...item, completions };
}
