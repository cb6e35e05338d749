/**
 * Payouts: Reset Earnings and part payouts (issue 19), with the family's spend / save / give split
 * (issue 22, decision 054): the amount paid is split into the child's jars in the payout's own
 * transaction, and the split is recorded on the payout item and in its log event.
 */
import { tableName } from '../../lib/db';
import { payoutPlan, type PayoutMethod } from '../../domain/ledger';
import { splitPayout, type JarAmounts, type JarSplit } from '../../domain/savings';
import { activityPut } from './activity';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { queryAll } from '../query';
import { transactIfUnchanged } from '../transact';

/** The aggregates at the moment of the last reset, subtracted from the shown figures of the same periods (the child item's `resetBaseline`). */
export interface ResetBaseline {
  week: string;
  weekCents: number;
  weekCount: number;
  month: string;
  monthCents: number;
  year: string;
  yearCents: number;
}

/** What a payout reads of the child item (data/family/children.ts `ChildItem`; named here so payouts need not import the children's file, which re-exports these). */
export interface PayingChild {
  childId: string;
  familyId: string;
  displayName: string;
  unpaidCents?: number;
  payoutRound?: number;
}

/**
 * Reset Earnings, and paying out part of what is owed (issue 19). All that is owed (no `amountCents`,
 * or exactly the amount owed): pays it and closes the child's payout round, so every completion
 * made so far is paid (and can no longer be unticked), and the shown figures start from zero
 * (nothing is deleted, the aggregates at this moment become the baseline): the spec's Reset
 * Earnings. Part of it: pays that much; the rest stays owed and the round stays open. One
 * transaction with the payout item and the activity log's event, conditional on the owed amount
 * and the round read by the caller: a tick or untick landing in between makes it answer
 * 'changed' (read again and retry), so a payout never pays what is not owed. A round that owes
 * nothing closes without a payout item, but with its log event (a change all the same).
 */
export async function resetEarnings(
  child: PayingChild,
  /** The parent who pays (the payout ledger names them; the name as it is now). */
  by: PaidBy,
  now: Date,
  period: { week: string; month: string; year: string },
  current: { weekCents: number; weekCount: number; monthCents: number; yearCents: number },
  payment: { amountCents?: number; method?: PayoutMethod; note?: string } = {},
  /** The family's jar split (null: jars off). */
  jarSplit: JarSplit | null = null,
): Promise<{ amountCents: number; paidAt: string; closesRound: boolean; jars?: JarAmounts } | 'changed' | 'too-much'> {
  const paidAt = now.toISOString();
  const owed = child.unpaidCents ?? 0;
  // Owed never goes below zero (completion writes are conditional on it); refuse to pay a negative.
  if (owed < 0) throw new Error(`Child ${child.childId} owes a negative amount`);
  const plan = payoutPlan(owed, payment.amountCents);
  if (plan === 'too-much') return 'too-much';
  const amount = plan.amountCents;
  const round = child.payoutRound ?? 0;
  const baseline: ResetBaseline = { ...period, ...current };
  const payoutKey = keys.payout(child.familyId, paidAt, child.childId);
  const lastPayout = amount > 0 ? { amountCents: amount, paidAt, paidByName: by.name } : undefined;
  const jars = jarSplit && amount > 0 ? splitPayout(amount, jarSplit) : undefined;
  const addJars = jars ? ' ADD jarSpendCents :js, jarSaveCents :jv, jarGiveCents :jg' : '';
  const jarValues = jars ? { ':js': jars.spend, ':jv': jars.save, ':jg': jars.give } : {};
  const owedIs = '(unpaidCents = :owed OR (attribute_not_exists(unpaidCents) AND :owed = :zero))';
  const roundIs = round === 0 ? '(attribute_not_exists(payoutRound) OR payoutRound = :round)' : 'payoutRound = :round';
  const childUpdate = plan.closesRound
    ? {
        UpdateExpression: `SET unpaidCents = :zero, payoutRound = :next, resetAt = :at, resetBaseline = :b${lastPayout ? ', lastPayout = :p' : ''}${addJars}`,
        ExpressionAttributeValues: { ':zero': 0, ':next': round + 1, ':round': round, ':at': paidAt, ':b': baseline, ':owed': owed, ...(lastPayout ? { ':p': lastPayout } : {}), ...jarValues },
      }
    : {
        UpdateExpression: `SET unpaidCents = :left, lastPayout = :p${addJars}`,
        ExpressionAttributeValues: { ':zero': 0, ':left': owed - amount, ':round': round, ':owed': owed, ':p': lastPayout, ...jarValues },
      };
  const written = await transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.child(child.familyId, child.childId),
        ...childUpdate,
        ConditionExpression: `attribute_exists(PK) AND ${owedIs} AND ${roundIs}`,
      },
    },
    ...(lastPayout
      ? [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...payoutKey,
                type: ITEM_TYPES.payout,
                ...keys.childIndex(child.childId, payoutKey.SK),
                childId: child.childId,
                familyId: child.familyId,
                amountCents: amount,
                paidAt,
                weekStart: period.week,
                paidByParentId: by.parentId,
                paidByName: by.name,
                ...(plan.closesRound ? {} : { part: true }),
                ...(payment.method ? { method: payment.method } : {}),
                ...(payment.note ? { note: payment.note } : {}),
                ...(jars ? { jars } : {}),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ]
      : []),
    // Every Reset Earnings that changes something is logged: a payout, or a round closed with nothing
    // owed (after a deduction took it all, the ticks still become paid and the figures start again).
    ...(lastPayout || plan.closesRound
      ? [
          activityPut(child.familyId, {
            kind: 'payout',
            at: paidAt,
            by: { role: 'parent', id: by.parentId, name: by.name },
            childId: child.childId,
            childName: child.displayName,
            amountCents: amount === 0 ? 0 : -amount,
            ...(payment.method ? { method: payment.method } : {}),
            ...(payment.note ? { text: payment.note } : {}),
            ...(jars ? { jars } : {}),
          }),
        ]
      : []),
  ]);
  if (!written) return 'changed';
  return { amountCents: amount, paidAt, closesRound: plan.closesRound, ...(jars ? { jars } : {}) };
}

export interface PaidBy {
  parentId: string;
  name: string;
}

export interface PayoutItem {
  childId: string;
  amountCents: number;
  paidAt: string;
  weekStart: string;
  /** Who reset earnings (absent on payouts from before co-parents). */
  paidByParentId?: string;
  paidByName?: string;
  /** A payout of part of what was owed (the rest stayed owed, the round stayed open). */
  part?: boolean;
  method?: PayoutMethod;
  note?: string;
  /** The payout split into the child's jars (issue 22; absent: jars were off). */
  jars?: JarAmounts;
}

/** Payouts of the family between two instants (ISO strings). */
export const listPayouts = (familyId: string, fromIso: string, toIso: string) =>
  queryAll<PayoutItem>(keys.familyPk(familyId), { between: keys.payoutsRange(fromIso, toIso) });

/**
 * One child's payouts between two instants (ISO strings): one Query on GSI1 (the child's items).
 * GSI1 is not scoped by family: callers check the child is theirs; other families' items are dropped.
 */
export async function listChildPayouts(familyId: string, childId: string, fromIso: string, toIso: string): Promise<PayoutItem[]> {
  const items = await queryAll<PayoutItem & { PK: string }>(keys.childIndexPk(childId), { between: keys.payoutsRange(fromIso, toIso) }, { index: 'GSI1' });
  return items.filter((p) => p.PK === keys.familyPk(familyId));
}
