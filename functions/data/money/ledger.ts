/**
 * Bonuses, deductions and their reversals (issue 19, decision 049). Each is one transaction:
 * the ledger entry (a new item, never edited), the amount owed, the week and month totals it counts
 * in, the activity log's event and, for a reversal, the claim that an entry is reversed at most
 * once. The transaction is conditional on the figures it read (optimistic: a tick, a payout or
 * another adjustment in between makes it read again), so a deduction can never make the amount
 * owed, this week's or this month's shown total negative (domain/ledger.ts `takeRefusal`).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { monthOf, weekStartOfDate, type FamilyClock } from '../../../shared/time';
import { db, tableName } from '../../lib/db';
import { movesOwed, takeRefusal, type Actor, type AdjustmentKind, type LedgerEntry, type TakeLimits, type TakeRefusal } from '../../domain/ledger';
import { activityPut, newEventId } from './activity';
import type { EarningsItem } from '../planning/assignments';
import type { ChildItem } from '../family/children';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { queryAll } from '../query';
import { transact, type TransactItem } from '../transact';

/** Reads again after a concurrent change at most this often. */
const ATTEMPTS = 4;

export type AdjustOutcome = { status: 'done'; entry: LedgerEntry } | { status: 'refused'; reason: TakeRefusal; limits: TakeLimits } | { status: 'changed' } | { status: 'missing' };

interface Figures {
  child: ChildItem;
  week: { cents: number; exists: boolean };
  month: { cents: number; exists: boolean };
}

async function getItem<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  return (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item as T | undefined;
}

/** The child and this week's and month's totals, read consistently (what the transaction will be conditional on). */
async function readFigures(familyId: string, childId: string, clock: FamilyClock): Promise<Figures | undefined> {
  const [child, week, month] = await Promise.all([
    getItem<ChildItem>(keys.child(familyId, childId)),
    getItem<EarningsItem>(keys.weekEarnings(familyId, weekStartOfDate(clock.today), childId)),
    getItem<EarningsItem>(keys.monthEarnings(familyId, monthOf(clock.today), childId)),
  ]);
  if (!child) return undefined;
  return { child, week: { cents: week?.cents ?? 0, exists: Boolean(week) }, month: { cents: month?.cents ?? 0, exists: Boolean(month) } };
}

/** The shown totals: the aggregates less a Reset Earnings baseline of the same period. */
function shownTotals(f: Figures, clock: FamilyClock): { weekCents: number; monthCents: number } {
  const b = f.child.resetBaseline;
  const week = weekStartOfDate(clock.today);
  const month = monthOf(clock.today);
  return {
    weekCents: f.week.cents - (b && b.week === week ? b.weekCents : 0),
    monthCents: f.month.cents - (b && b.month === month ? b.monthCents : 0),
  };
}

/** The update of a week or month total by `delta`, conditional on the value read. */
function totalUpdate(key: { PK: string; SK: string }, childId: string, period: string, read: { cents: number; exists: boolean }, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #type = :type, childId = :child, period = :period, GSI1PK = :g1pk, GSI1SK = :g1sk ADD cents :delta, #count :zero',
      ConditionExpression: read.exists ? 'cents = :read' : 'attribute_not_exists(PK)',
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: {
        ':type': period.length === 7 ? ITEM_TYPES.monthEarnings : ITEM_TYPES.weekEarnings,
        ':child': childId,
        ':period': period,
        ':g1pk': keys.childIndex(childId, '').GSI1PK,
        ':g1sk': key.SK,
        ':delta': delta,
        ':zero': 0,
        ...(read.exists ? { ':read': read.cents } : {}),
      },
    },
  };
}

/** The child's owed amount moved by `delta`, conditional on the amount and the Reset Earnings read. */
function owedUpdate(child: ChildItem, delta: number): TransactItem {
  const owed = child.unpaidCents ?? 0;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.child(child.familyId, child.childId),
      // The net lifetime earned (issue 22: savings with jars off) moves with what is owed.
      UpdateExpression: 'SET unpaidCents = :next ADD earnedTotalCents :delta',
      ConditionExpression:
        'attribute_exists(PK) AND ' +
        (child.unpaidCents === undefined ? 'attribute_not_exists(unpaidCents)' : 'unpaidCents = :owed') +
        ' AND ' +
        (child.resetAt ? 'resetAt = :resetAt' : 'attribute_not_exists(resetAt)'),
      ExpressionAttributeValues: {
        ':next': owed + delta,
        ':delta': delta,
        ...(child.unpaidCents === undefined ? {} : { ':owed': owed }),
        ...(child.resetAt ? { ':resetAt': child.resetAt } : {}),
      },
    },
  };
}

/**
 * Records one signed change of what a child is owed (a bonus +, a deduction −, or the reversal of
 * either) with its ledger entry and log event, in one transaction. A change that takes money
 * (delta < 0) is refused when it would make a figure negative.
 */
async function applyEntry(
  familyId: string,
  childId: string,
  clock: FamilyClock,
  now: Date,
  entry: Omit<LedgerEntry, 'entryId' | 'childId' | 'at' | 'date' | 'kind'> & { kind: AdjustmentKind | 'reversal' },
  extra: (child: ChildItem) => TransactItem[] = () => [],
): Promise<AdjustOutcome> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const figures = await readFigures(familyId, childId, clock);
    if (!figures) return { status: 'missing' };
    const { child } = figures;
    const shown = shownTotals(figures, clock);
    if (entry.amountCents < 0) {
      const limits = { owedCents: child.unpaidCents ?? 0, ...shown };
      const reason = takeRefusal(-entry.amountCents, limits);
      if (reason) return { status: 'refused', reason, limits };
    }
    const at = now.toISOString();
    const full: LedgerEntry = { ...entry, entryId: newEventId(), childId, at, date: clock.today };
    const key = keys.ledgerEntry(familyId, at, full.entryId);
    const week = weekStartOfDate(clock.today);
    const month = monthOf(clock.today);
    const items: TransactItem[] = [
      owedUpdate(child, entry.amountCents),
      totalUpdate(keys.weekEarnings(familyId, week, childId), childId, week, figures.week, entry.amountCents),
      totalUpdate(keys.monthEarnings(familyId, month, childId), childId, month, figures.month, entry.amountCents),
      { Put: { TableName: tableName(), Item: { ...key, ...keys.childIndex(childId, key.SK), type: ITEM_TYPES.ledgerEntry, familyId, ...full }, ConditionExpression: 'attribute_not_exists(PK)' } },
      activityPut(familyId, {
        kind: entry.kind,
        at,
        by: entry.by,
        childId,
        childName: child.displayName,
        amountCents: entry.amountCents,
        text: entry.reason,
        entryId: full.entryId,
        ...(entry.reverses ? { reverses: entry.reverses } : {}),
      }),
      ...extra(child),
    ];
    // Any cancellation (a condition on the figures read, or a concurrent write of them): read again.
    if ((await transact(items)).ok) return { status: 'done', entry: full };
  }
  return { status: 'changed' };
}

/** A bonus (+) or a deduction (−) of `cents` for a child, with its reason. */
export function addAdjustment(familyId: string, childId: string, clock: FamilyClock, now: Date, input: { kind: AdjustmentKind; cents: number; reason: string; by: Actor }): Promise<AdjustOutcome> {
  return applyEntry(familyId, childId, clock, now, { kind: input.kind, amountCents: input.kind === 'bonus' ? input.cents : -input.cents, reason: input.reason, by: input.by });
}

/**
 * The family's bonuses, deductions and reversals between two instants (ISO strings): one Query. A
 * goal's purchase and a jar withdrawal (issue 22) are ledger entries too but change nothing owed:
 * they are left out, so what sums or lists adjustments never counts them.
 */
export const listLedger = async (familyId: string, fromIso: string, toIso: string): Promise<LedgerEntry[]> =>
  (await queryAll<LedgerEntry>(keys.familyPk(familyId), { between: [`${keys.ledgerPrefix}${fromIso}`, `${keys.ledgerPrefix}${toIso}~`] })).filter(movesOwed);

/** A bonus or deduction of the family by its id (one Query over the child's ledger on GSI1), or undefined. */
export async function findEntry(familyId: string, childId: string, entryId: string): Promise<(LedgerEntry & { familyId: string }) | undefined> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
        FilterExpression: 'entryId = :id',
        ExpressionAttributeValues: { ':pk': keys.childIndex(childId, '').GSI1PK, ':p': keys.ledgerPrefix, ':id': entryId },
        ExclusiveStartKey: start,
      }),
    );
    const found = (out.Items ?? []).find((i) => i.familyId === familyId && i.entryId === entryId);
    if (found) return found as LedgerEntry & { familyId: string };
    start = out.LastEvaluatedKey;
  } while (start);
  return undefined;
}

export type ReverseOutcome = AdjustOutcome | { status: 'already-reversed' } | { status: 'not-reversible' };

/**
 * Reverses a bonus or a deduction with an entry of the opposite sign (the original stays as it
 * was). An entry is reversed at most once: the reversal claims `REVERSED#<entryId>` in its
 * transaction. Reversing a bonus takes money, so it is refused like a deduction when it cannot.
 */
export async function reverseEntry(familyId: string, original: LedgerEntry, clock: FamilyClock, now: Date, by: Actor, reason: string): Promise<ReverseOutcome> {
  // A reversal is not reversed (add a new entry instead); a purchase or a withdrawal (issue 22) moved no owed money.
  if (!movesOwed(original) || original.kind === 'reversal') return { status: 'not-reversible' };
  const existing = await getItem(keys.ledgerReversal(familyId, original.entryId));
  if (existing) return { status: 'already-reversed' };
  const outcome = await applyEntry(
    familyId,
    original.childId,
    clock,
    now,
    { kind: 'reversal', amountCents: -original.amountCents, reason, by, reverses: original.entryId },
    () => [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.ledgerReversal(familyId, original.entryId), type: ITEM_TYPES.ledgerReversal, entryId: original.entryId, at: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
  );
  if (outcome.status === 'changed' && (await getItem(keys.ledgerReversal(familyId, original.entryId)))) return { status: 'already-reversed' };
  return outcome;
}
