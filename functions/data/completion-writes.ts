/**
 * Ticks and unticks, and the earnings they move (docs/decisions/011 and 049). Every write that
 * moves money is one transaction: the completion, the chore-day marker, the activity log's event,
 * the week and month totals and the amount owed, conditional on the state and payout round read.
 * A tick on a chore that needs a parent's OK waits (issue 19): it claims the chore-day and is
 * logged, but moves no money until a parent approves it; a waiting tick can be taken back or sent
 * back, never paid.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { monthOf, weekStartOfDate, type IsoDate } from '../../shared/time';
import { db, tableName } from '../lib/db';
import { isPaidRound, type ActivityEvent, type Actor } from '../domain/ledger';
import { activityPut } from './activity';
import { getContinuous, getDated, refOf, type ContinuousCompletion, type ContinuousItem, type DatedAssignmentItem } from './assignments';
import { getChild, type ChildItem } from './children';
import { ITEM_TYPES, keys } from './keys';
import { failedConditionIndex } from './query';

const T = () => tableName();
//
// A chore-day is paid at most once (docs/decisions/011-paid-completions-stay-ticked.md). Every
// completion belongs to the child's payout round current when it was made; Reset Earnings pays
// everything owed and opens the next round, so a completion of an earlier round is paid and can no
// longer be unticked. Each write that moves money is one transaction conditional on the round it
// assumes, so a tick, untick or reset racing another never counts a chore-day twice or drives a
// figure below zero. A marker item per (child, date, chore) makes the chore-day itself unique,
// whichever assignment (generated, manual, or after a category change) it is ticked through.

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];


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
