/**
 * Ticks, unticks, a parent's OK and send-backs, and the earnings they move (docs/decisions/011 and
 * 049). Every write that changes a chore-day is one transaction: the completion, the chore-day
 * marker, the activity log's event, and either the week and month totals with the amount owed
 * (conditional on the payout round read) or, for a tick that waits for a parent's OK, the waiting
 * item the approvals card lists. A waiting tick claims the chore-day and is logged but moves no
 * money; approving it moves the money once; taking it back or sending it back gives the chore-day
 * back. Nothing here decides who may do what: data/ticks/completion.ts applies those rules first.
 */
import { addDays, monthOf, weekStartOfDate, type IsoDate } from '../../../shared/time';
import { tableName } from '../../lib/db';
import { isPaidRound, type ActivityEvent, type Actor } from '../../domain/ledger';
import { activityPut } from '../money/activity';
import { refOf, type ContinuousCompletion, type SentBackNote as SentBack } from '../planning/assignments';
import type { ChoreDay, ContinuousDay } from './chore-day';
import type { ChildItem } from '../family/children';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { AlreadyPaid, send, sendFirstWins, type Role } from './completion-transaction';
import type { TransactItem } from '../transact';

const T = () => tableName();
//
// A chore-day is paid at most once (docs/decisions/011-paid-completions-stay-ticked.md). Every
// completion that counts belongs to the child's payout round current when it counted (its tick, or
// its approval); Reset Earnings of all that is owed opens the next round, so a completion of an
// earlier round is paid and can no longer be unticked. Each write that moves money is conditional
// on the round it assumes, so a tick, untick, approval or reset racing another never counts a
// chore-day twice or drives a figure below zero. A marker item per (child, date, chore) makes the
// chore-day itself unique, whichever assignment (generated, manual, or after a category change) it
// is ticked through.

export { AlreadyPaid, ChildMissing, ChoreDayDone, RoundChanged, WriteConflict } from './completion-transaction';

/** A chore-day's tick, whichever kind of assignment holds it. */
export interface Tick {
  at: string;
  cents: number;
  /** The payout round it counted in (absent while it waits). */
  round?: number;
  /** Waiting for a parent's OK: counted nowhere yet. */
  waiting?: boolean;
  /** A parent approved it (or ticked it): the child can no longer take it back. */
  approved?: boolean;
  /** The local date whose week and month totals it counts in. */
  completedOn: IsoDate;
}

// One chore-day of an assignment (what the writes below change): data/ticks/chore-day.ts, which the
// transaction's sender (data/ticks/completion-transaction.ts) reads too.
export { continuousDay, datedDay, type ChoreDay, type ContinuousDay, type DatedDay } from './chore-day';

/** The chore-day's tick as stored, or undefined when it is not ticked. */
export function tickOf(day: ChoreDay): Tick | undefined {
  if (day.kind === 'dated') {
    const a = day.item;
    if (!a.isCompleted) return undefined;
    return {
      at: a.completedAt ?? '',
      cents: a.earnedCents ?? 0,
      ...(a.payoutRound !== undefined ? { round: a.payoutRound } : {}),
      ...(a.waiting ? { waiting: true } : {}),
      ...(a.approvedAt ? { approved: true } : {}),
      completedOn: a.completedOn ?? a.assignedDate,
    };
  }
  const c = day.item.completions?.[day.date];
  if (!c) return undefined;
  return { at: c.at, cents: c.cents, ...(c.round !== undefined ? { round: c.round } : {}), ...(c.waiting ? { waiting: true } : {}), ...(c.approved ? { approved: true } : {}), completedOn: day.date };
}

/** The round a counted tick belongs to (a tick from before rounds were recorded: the first). */
const roundOf = (t: Tick): number => t.round ?? 0;

/** Whether the tick counts in the figures (it does not while it waits). */
export const counts = (t: Tick | undefined): t is Tick => t !== undefined && !t.waiting;

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
        ':g1pk': keys.childIndexPk(child.childId),
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
      // The net lifetime earned (issue 22: savings with jars off) moves with what is owed; payouts leave it.
      UpdateExpression: 'ADD unpaidCents :c, earnedTotalCents :c',
      ConditionExpression: `attribute_exists(PK) AND ${roundCondition(round)}${sign === -1 ? ' AND unpaidCents >= :back' : ''}`,
      ExpressionAttributeValues: { ':c': sign * cents, ':round': round, ...(sign === -1 ? { ':back': cents } : {}) },
    },
  };
  return [agg(keys.weekEarnings(child.familyId, week, child.childId), week), agg(keys.monthEarnings(child.familyId, month, child.childId), month), owed];
}

/** The chore-day marker's write: claimed by a tick, given back by its untick or send-back. */
function choreDayWrite(day: ChoreDay, claim: boolean): TransactItem {
  const { familyId, childId, choreId, assignmentId } = day.item;
  const key = keys.choreDay(familyId, childId, day.date, choreId);
  return claim
    ? {
        Put: {
          TableName: T(),
          Item: { ...key, type: ITEM_TYPES.choreDay, ...keys.childIndex(childId, key.SK), childId, choreId, date: day.date, assignmentId },
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

/** The approvals card's item for a waiting tick: written with the tick, deleted when it is decided. */
function waitingWrite(day: ChoreDay, tick: Tick | null): TransactItem {
  const { familyId, childId, choreId, assignmentId } = day.item;
  const key = keys.waiting(familyId, childId, choreId, day.date);
  return tick
    ? {
        Put: {
          TableName: T(),
          Item: {
            ...key,
            type: ITEM_TYPES.waiting,
            ...keys.childIndex(childId, key.SK),
            childId,
            choreId,
            date: day.date,
            assignmentId,
            choreName: day.item.chore.name,
            cents: tick.cents,
            tickedAt: tick.at,
            isContinuous: day.kind === 'continuous',
          },
        },
      }
    : { Delete: { TableName: T(), Key: key } };
}

const event = (day: ChoreDay, child: ChildItem, actor: Actor, at: string, e: Pick<ActivityEvent, 'kind' | 'amountCents' | 'waiting' | 'text'>): TransactItem =>
  activityPut(day.item.familyId, { ...e, at, by: actor, childId: child.childId, childName: child.displayName, choreName: day.item.chore.name, date: day.date });

const assignmentKey = (day: ChoreDay) =>
  day.kind === 'dated' ? keys.assignment(day.item.familyId, refOf(day.item)) : keys.continuous(day.item.familyId, day.item.childId, day.item.choreId);

/** Continuous completions are kept about nine weeks; a tick prunes older ones. */
const PRUNE_DAYS = 63;

/** The completions a tick of this day prunes (older than nine weeks before it). */
const staleDates = (day: ContinuousDay): string[] => {
  const cutoff = addDays(day.date, -PRUNE_DAYS);
  return Object.keys(day.item.completions ?? {}).filter((d) => d < cutoff);
};

/** The assignment item's update that sets the chore-day's tick (conditional on it being unticked). */
function setTickWrite(day: ChoreDay, tick: Tick, approvedBy: Actor | undefined): TransactItem {
  if (day.kind === 'dated') {
    return {
      Update: {
        TableName: T(),
        Key: assignmentKey(day),
        UpdateExpression:
          'SET isCompleted = :t, completedAt = :at, completedOn = :on, earnedCents = :c' +
          (tick.waiting ? ', waiting = :t' : ', payoutRound = :round') +
          (approvedBy ? ', approvedAt = :at, approvedBy = :by' : '') +
          ' REMOVE sentBack' +
          (tick.waiting ? ', payoutRound' : ', waiting') +
          (approvedBy ? '' : ', approvedAt, approvedBy'),
        ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f',
        ExpressionAttributeValues: {
          ':t': true,
          ':f': false,
          ':at': tick.at,
          ':on': tick.completedOn,
          ':c': tick.cents,
          ...(tick.waiting ? {} : { ':round': tick.round }),
          ...(approvedBy ? { ':by': approvedBy.name } : {}),
        },
      },
    };
  }
  const stored: ContinuousCompletion = { cents: tick.cents, at: tick.at, ...(tick.round !== undefined ? { round: tick.round } : {}), ...(tick.waiting ? { waiting: true } : {}), ...(tick.approved ? { approved: true } : {}) };
  const stale = staleDates(day);
  const staleNames = Object.fromEntries(stale.map((d, i) => [`#old${i}`, d]));
  return {
    Update: {
      TableName: T(),
      Key: assignmentKey(day),
      UpdateExpression: `SET completions.#d = :c REMOVE sentBack${stale.map((_, i) => `, completions.#old${i}`).join('')}`,
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completions.#d)',
      ExpressionAttributeNames: { '#d': day.date, ...staleNames },
      ExpressionAttributeValues: { ':c': stored },
    },
  };
}

/** The assignment item's update that clears the chore-day's tick (conditional on it being the tick read). */
function clearTickWrite(day: ChoreDay, tick: Tick, sentBack: SentBack | undefined): TransactItem {
  const sb = sentBack ? { ':sb': sentBack } : {};
  if (day.kind === 'dated') {
    return {
      Update: {
        TableName: T(),
        Key: assignmentKey(day),
        UpdateExpression: `SET isCompleted = :f${sentBack ? ', sentBack = :sb' : ''} REMOVE completedAt, completedOn, earnedCents, payoutRound, waiting, approvedAt, approvedBy`,
        // The tick as read, waiting or counted: an approval in between makes this a race, not a silent untick.
        ConditionExpression: `attribute_exists(PK) AND isCompleted = :t AND completedAt = :at AND ${tick.waiting ? 'waiting = :t' : 'attribute_not_exists(waiting)'}`,
        ExpressionAttributeValues: { ':t': true, ':f': false, ':at': tick.at, ...sb },
      },
    };
  }
  return {
    Update: {
      TableName: T(),
      Key: assignmentKey(day),
      UpdateExpression: `${sentBack ? 'SET sentBack = :sb ' : ''}REMOVE completions.#d`,
      ConditionExpression: `attribute_exists(PK) AND completions.#d.#at = :at AND ${tick.waiting ? 'completions.#d.waiting = :t' : 'attribute_not_exists(completions.#d.waiting)'}`,
      ExpressionAttributeNames: { '#d': day.date, '#at': 'at' },
      ExpressionAttributeValues: { ':at': tick.at, ...(tick.waiting ? { ':t': true } : {}), ...sb },
    },
  };
}

/** The assignment item's update that turns a waiting tick into a counted one. */
function approveWrite(day: ChoreDay, tick: Tick, round: number, actor: Actor, at: string): TransactItem {
  if (day.kind === 'dated') {
    return {
      Update: {
        TableName: T(),
        Key: assignmentKey(day),
        UpdateExpression: 'SET payoutRound = :round, approvedAt = :now, approvedBy = :by REMOVE waiting',
        ConditionExpression: 'attribute_exists(PK) AND isCompleted = :t AND completedAt = :at AND waiting = :t',
        ExpressionAttributeValues: { ':t': true, ':at': tick.at, ':round': round, ':now': at, ':by': actor.name },
      },
    };
  }
  return {
    Update: {
      TableName: T(),
      Key: assignmentKey(day),
      UpdateExpression: 'SET completions.#d.#round = :round, completions.#d.approved = :t REMOVE completions.#d.waiting',
      ConditionExpression: 'attribute_exists(PK) AND completions.#d.#at = :at AND completions.#d.waiting = :t',
      ExpressionAttributeNames: { '#d': day.date, '#at': 'at', '#round': 'round' },
      ExpressionAttributeValues: { ':t': true, ':at': tick.at, ':round': round },
    },
  };
}


/**
 * Ticks a chore-day: counted at once (the child's current round), or waiting for a parent's OK.
 * Returns the tick written, or 'raced' when the chore-day changed meanwhile (nothing was written).
 */
export async function tickChoreDay(
  day: ChoreDay,
  child: ChildItem,
  opts: { now: Date; completedOn: IsoDate; cents: number; actor: Actor; waiting: boolean; approvedBy?: Actor },
): Promise<Tick | 'raced'> {
  const at = opts.now.toISOString();
  const round = child.payoutRound ?? 0;
  const tick: Tick = opts.waiting
    ? { at, cents: opts.cents, waiting: true, completedOn: opts.completedOn }
    : { at, cents: opts.cents, round, ...(opts.approvedBy ? { approved: true } : {}), completedOn: opts.completedOn };
  const writes: [Role, TransactItem][] = [
    ['state', setTickWrite(day, tick, opts.approvedBy)],
    ['marker', choreDayWrite(day, true)],
    ['event', event(day, child, opts.actor, at, { kind: 'tick', ...(opts.waiting ? { waiting: true } : { amountCents: opts.cents }) })],
    ...(opts.waiting
      ? ([['waiting', waitingWrite(day, tick)]] as [Role, TransactItem][])
      : earningsWrites(child, tick.completedOn, 1, tick.cents, round).map((w): [Role, TransactItem] => ['money', w])),
  ];
  return (await sendFirstWins(writes, day, child, true, 'take')) === 'raced' ? 'raced' : tick;
}

/**
 * Unticks a chore-day (taken back, or sent back with a note): a counted tick's money comes off,
 * conditional on its round not being paid; a waiting one simply leaves the approvals card.
 */
export async function clearChoreDay(day: ChoreDay, child: ChildItem, tick: Tick, opts: { now: Date; actor: Actor; sendBack?: { note?: string } }): Promise<'done' | 'raced'> {
  if (counts(tick) && isPaidRound(roundOf(tick), child)) throw new AlreadyPaid();
  const at = opts.now.toISOString();
  const sentBack: SentBack | undefined = opts.sendBack ? { date: day.date, ...(opts.sendBack.note ? { note: opts.sendBack.note } : {}), at, by: opts.actor.name } : undefined;
  const writes: [Role, TransactItem][] = [
    ['state', clearTickWrite(day, tick, sentBack)],
    ['marker', choreDayWrite(day, false)],
    [
      'event',
      opts.sendBack
        ? event(day, child, opts.actor, at, { kind: 'send-back', ...(opts.sendBack.note ? { text: opts.sendBack.note } : {}) })
        : event(day, child, opts.actor, at, { kind: 'untick', ...(tick.waiting ? { waiting: true } : { amountCents: -tick.cents }) }),
    ],
    ...(tick.waiting
      ? ([['waiting', waitingWrite(day, null)]] as [Role, TransactItem][])
      : earningsWrites(child, tick.completedOn, -1, tick.cents, roundOf(tick)).map((w): [Role, TransactItem] => ['money', w])),
  ];
  return sendFirstWins(writes, day, child, false, 'release');
}

/** Approves a waiting tick: its money counts now, in the child's current round. */
export async function approveChoreDay(day: ChoreDay, child: ChildItem, tick: Tick, opts: { now: Date; actor: Actor }): Promise<Tick | 'raced'> {
  const at = opts.now.toISOString();
  const round = child.payoutRound ?? 0;
  const writes: [Role, TransactItem][] = [
    ['state', approveWrite(day, tick, round, opts.actor, at)],
    ['event', event(day, child, opts.actor, at, { kind: 'approve', amountCents: tick.cents })],
    ['waiting', waitingWrite(day, null)],
    ...earningsWrites(child, tick.completedOn, 1, tick.cents, round).map((w): [Role, TransactItem] => ['money', w]),
  ];
  if ((await send(writes, child, true)) !== 'done') return 'raced';
  return { at: tick.at, cents: tick.cents, round, approved: true, completedOn: tick.completedOn };
}

/** The assignment as it is after `tick` was written to (or, with undefined, cleared from) the chore-day. */
export function withTick<D extends ChoreDay>(day: D, tick: Tick | undefined, sentBack?: SentBack): D['item'] {
  if (day.kind === 'dated') {
    const rest = { ...day.item };
    for (const field of ['waiting', 'approvedAt', 'approvedBy', 'sentBack', 'payoutRound'] as const) delete rest[field];
    return tick
      ? {
          ...rest,
          isCompleted: true,
          completedAt: tick.at,
          completedOn: tick.completedOn,
          earnedCents: tick.cents,
          ...(tick.round !== undefined ? { payoutRound: tick.round } : {}),
          ...(tick.waiting ? { waiting: true } : {}),
          ...(tick.approved ? { approvedAt: day.item.approvedAt ?? tick.at } : {}),
        }
      : { ...rest, isCompleted: false, completedAt: undefined, completedOn: undefined, earnedCents: undefined, ...(sentBack ? { sentBack } : {}) };
  }
  const completions = { ...day.item.completions };
  if (tick) for (const d of staleDates(day)) delete completions[d];
  if (tick) completions[day.date] = { cents: tick.cents, at: tick.at, ...(tick.round !== undefined ? { round: tick.round } : {}), ...(tick.waiting ? { waiting: true } : {}), ...(tick.approved ? { approved: true } : {}) };
  else delete completions[day.date];
  const rest = { ...day.item };
  delete rest.sentBack;
  return { ...rest, completions, ...(!tick && sentBack ? { sentBack } : {}) };
}
