/**
 * The changes of a child's money that savings make (issue 22, decision 054): buying a goal and
 * taking money out of a jar. Each is one conditional transaction with its ledger entry and its
 * `LOG#` event (decision 049), conditional on the child's counters read: a change in between makes
 * it read again (data/money/goals.ts holds the goals themselves and the money page's reads).
 */
import type { FamilyClock } from '../../../shared/time';
import { tableName } from '../../lib/db';
import type { Actor, GoalPurchaseRecord, LedgerEntry } from '../../domain/ledger';
import { purchase, withdraw, type Goal, type Purchase } from '../../domain/savings';
import { activityPut, newEventId } from './activity';
import { childSavings, getChild, type ChildItem } from '../family/children';
import { asRead, ATTEMPTS, getGoal } from './goals';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { transact, type TransactItem } from '../transact';

/** The ledger entry's put (a new item, never edited), on GSI1 under its child. */
function ledgerPut(familyId: string, entry: LedgerEntry): TransactItem {
  const key = keys.ledgerEntry(familyId, entry.at, entry.entryId);
  return { Put: { TableName: tableName(), Item: { ...key, ...keys.childIndex(entry.childId, key.SK), type: ITEM_TYPES.ledgerEntry, familyId, ...entry }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

export type BuyOutcome = { status: 'done'; goal: Goal; purchase: Purchase } | { status: 'missing' } | { status: 'bought' } | { status: 'changed' };

/**
 * A parent marks a goal bought: one transaction moves the goal to bought (once), takes what it
 * draws from the child's savings (conditional on the counters read), and puts the permanent
 * `purchase` ledger entry and the `goal-bought` event. What is owed does not change.
 */
export async function buyGoal(
  familyId: string,
  childId: string,
  goalId: string,
  jarsOn: boolean,
  by: Actor & { role: 'parent' },
  clock: FamilyClock,
  now: Date,
  /** The child as the caller read it (consistently) in this request: the first attempt's read. */
  read?: ChildItem,
): Promise<BuyOutcome> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [child, goal] = await Promise.all([attempt === 1 && read ? read : getChild(familyId, childId, true), getGoal(familyId, childId, goalId)]);
    if (!child || !goal) return { status: 'missing' };
    if (goal.bought) return { status: 'bought' };
    const owed = child.unpaidCents ?? 0;
    const p = purchase(goal, childSavings(child), jarsOn, owed);
    const at = now.toISOString();
    const bought = { at, by: { role: by.role, id: by.id, name: by.name }, fromSavingsCents: p.fromSavingsCents, topUpCents: p.topUpCents, ...(p.fromOwedCents ? { fromOwedCents: p.fromOwedCents } : {}) };
    const record: GoalPurchaseRecord = { goalId, name: goal.name, fromSavingsCents: p.fromSavingsCents, topUpCents: p.topUpCents, savings: jarsOn ? 'save-jar' : 'earnings', ...(p.fromOwedCents ? { fromOwedCents: p.fromOwedCents } : {}) };
    const entry: LedgerEntry = { entryId: newEventId(), childId, kind: 'purchase', amountCents: 0, reason: goal.name, at, date: clock.today, by, goal: record };
    const values: Record<string, unknown> = { ':n': p.next.activeGoals };
    const condition = ['attribute_exists(PK)', asRead('activeGoals', child.activeGoals, ':readN', values)];
    let set: string;
    if (jarsOn) {
      set = 'jarSaveCents = :save';
      values[':save'] = p.next.jars.save;
      condition.push(asRead('jarSaveCents', child.jarSaveCents, ':readSave', values));
    } else {
      set = 'savingsBaseCents = :base';
      values[':base'] = p.next.savingsBaseCents;
      condition.push(asRead('savingsBaseCents', child.savingsBaseCents, ':readBase', values), asRead('earnedTotalCents', child.earnedTotalCents, ':readE', values));
      if (p.fromOwedCents > 0) {
        // The savings were still owed: the purchase settles that part (conditional on what was read).
        set += ', unpaidCents = :owedNext';
        values[':owedNext'] = owed - p.fromOwedCents;
        condition.push(asRead('unpaidCents', child.unpaidCents, ':readOwed', values));
      }
    }
    const written = await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.goal(familyId, childId, goalId),
          UpdateExpression: 'SET bought = :bought',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(bought)',
          ExpressionAttributeValues: { ':bought': bought },
        },
      },
      { Update: { TableName: tableName(), Key: keys.child(familyId, childId), UpdateExpression: `SET ${set}, activeGoals = :n`, ConditionExpression: condition.join(' AND '), ExpressionAttributeValues: values } },
      ledgerPut(familyId, entry),
      activityPut(familyId, { kind: 'goal-bought', at, by, childId, childName: child.displayName, text: goal.name, entryId: entry.entryId, goal: record, ...(p.fromOwedCents ? { amountCents: -p.fromOwedCents } : {}) }),
    ]);
    // Any cancellation (a counter changed, a concurrent write): read again.
    if (written.ok) return { status: 'done', goal: { ...goal, bought }, purchase: p };
  }
  return { status: 'changed' };
}

export type WithdrawOutcome = { status: 'done'; entry: LedgerEntry; child: ChildItem } | { status: 'missing' } | { status: 'too-low'; balanceCents: number } | { status: 'changed' };

/** Money taken out of the spend or give jar (spent, given): conditional on the balance read, never below zero. */
export async function withdrawFromJar(
  familyId: string,
  childId: string,
  input: { jar: 'spend' | 'give'; cents: number; note?: string },
  by: Actor,
  clock: FamilyClock,
  now: Date,
  /** The child as the caller read it (consistently) in this request: the first attempt's read. */
  read?: ChildItem,
): Promise<WithdrawOutcome> {
  const attr = input.jar === 'spend' ? 'jarSpendCents' : 'jarGiveCents';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const child = attempt === 1 && read ? read : await getChild(familyId, childId, true);
    if (!child) return { status: 'missing' };
    const s = childSavings(child);
    const next = withdraw(s, input.jar, input.cents);
    if (next === 'too-low') return { status: 'too-low', balanceCents: Math.max(0, s.jars[input.jar]) };
    const at = now.toISOString();
    const record = { jar: input.jar, cents: input.cents };
    const entry: LedgerEntry = { entryId: newEventId(), childId, kind: 'withdrawal', amountCents: 0, reason: input.note ?? '', at, date: clock.today, by, withdrawal: record };
    const values: Record<string, unknown> = { ':next': next.jars[input.jar] };
    const condition = ['attribute_exists(PK)', asRead(attr, child[attr], ':read', values)];
    const written = await transact([
      { Update: { TableName: tableName(), Key: keys.child(familyId, childId), UpdateExpression: `SET ${attr} = :next`, ConditionExpression: condition.join(' AND '), ExpressionAttributeValues: values } },
      ledgerPut(familyId, entry),
      activityPut(familyId, { kind: 'jar-withdrawal', at, by, childId, childName: child.displayName, entryId: entry.entryId, withdrawal: record, ...(input.note ? { text: input.note } : {}) }),
    ]);
    if (written.ok) return { status: 'done', entry, child: { ...child, [attr]: next.jars[input.jar] } };
  }
  return { status: 'changed' };
}
