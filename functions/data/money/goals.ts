/**
 * Savings goals and jars (issue 22, decision 054). A goal is a `GOAL#<childId>#<goalId>` item in the
 * family partition (one Query lists a child's goals), also on GSI1 under its child so that deleting
 * the child deletes them. The child item carries the counters the rules of domain/savings.ts work
 * on (`earnedTotalCents`, `savingsBaseCents`, the jar balances, `activeGoals`). This file: the goals
 * themselves and the money page's reads; the changes of money (a purchase, a withdrawal) are in
 * data/money/goal-money.ts.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_ACTIVE_GOALS } from '../../../shared/savings-schemas';
import { startOfLocalDay, type FamilyClock } from '../../../shared/time';
import { db, tableName } from '../../lib/db';
import type { Actor } from '../../domain/ledger';
import { afterGoalCreated, moneyView, newlyReached, paceWeeks, type Goal, type MoneyView } from '../../domain/savings';
import { newEventId } from './activity';
import { listChildWeekEarnings } from '../planning/assignments';
import { childSavings, getChild, type ChildItem } from '../family/children';
import { listChildPayouts } from './payouts';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import { transact } from '../transact';

/** Reads again after a concurrent change at most this often. */
export const ATTEMPTS = 4;

const GOAL_FIELDS = ['goalId', 'childId', 'name', 'icon', 'targetCents', 'topUpPercent', 'createdAt', 'createdBy', 'reachedAt', 'celebratedAt', 'bought'] as const;
const toGoal = (item: Record<string, unknown>): Goal => Object.fromEntries(GOAL_FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as unknown as Goal;

/** A child's goals (bought ones too): one Query in the family partition. */
export async function listGoals(familyId: string, childId: string, consistent = false): Promise<Goal[]> {
  return (await queryAll<Record<string, unknown>>(keys.familyPk(familyId), { prefix: keys.goalPrefix(childId) }, { consistent })).map(toGoal);
}

export async function getGoal(familyId: string, childId: string, goalId: string): Promise<Goal | undefined> {
  if (!goalId) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.goal(familyId, childId, goalId), ConsistentRead: true }));
  return out.Item ? toGoal(out.Item) : undefined;
}

/**
 * What the child saved in each of the 4 full weeks before this one (the pace): the save jar's share
 * of the payouts of each week with jars on, the week's net earnings with jars off. One Query on
 * GSI1 (the child's items); other families' items are dropped.
 */
export async function paceSaved(familyId: string, childId: string, clock: FamilyClock, jarsOn: boolean): Promise<number[]> {
  const weeks = paceWeeks(clock.weekStart);
  if (jarsOn) {
    const payouts = await listChildPayouts(familyId, childId, startOfLocalDay(weeks[0]!, clock.timeZone).toISOString(), startOfLocalDay(clock.weekStart, clock.timeZone).toISOString());
    return weeks.map((w) => payouts.filter((p) => p.weekStart === w).reduce((s, p) => s + (p.jars?.save ?? 0), 0));
  }
  const items = (await listChildWeekEarnings(childId, weeks[0]!, weeks[3]!)) as (Awaited<ReturnType<typeof listChildWeekEarnings>>[number] & { PK?: string })[];
  const mine = items.filter((i) => i.PK === keys.familyPk(familyId));
  return weeks.map((w) => mine.find((i) => i.period === w)?.cents ?? 0);
}

/**
 * A child's savings, pace and goals (two Queries in parallel). A goal seen reached for the first
 * time gets its `reachedAt` (a conditional UpdateItem: once, whoever reads first).
 */
export async function loadMoneyView(child: ChildItem, clock: FamilyClock, jarsOn: boolean, now: Date, consistent = false): Promise<MoneyView> {
  // A write's answer reads its own write (`consistent`); a page read may be a moment behind.
  const [goals, weekly] = await Promise.all([listGoals(child.familyId, child.childId, consistent), paceSaved(child.familyId, child.childId, clock, jarsOn)]);
  const view = moneyView(goals, childSavings(child), jarsOn, weekly);
  const reached = newlyReached(view);
  if (reached.length) {
    const at = now.toISOString();
    await Promise.all(reached.map((g) => markReached(child.familyId, g, at)));
  }
  return view;
}

async function markReached(familyId: string, goal: Goal, at: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.goal(familyId, goal.childId, goal.goalId),
        UpdateExpression: 'SET reachedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(reachedAt) AND attribute_not_exists(bought)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    goal.reachedAt = at;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** `attr` as read: equal to the value, or absent when it was absent. */
export function asRead(attr: string, value: number | undefined, placeholder: string, values: Record<string, unknown>): string {
  if (value === undefined) return `attribute_not_exists(${attr})`;
  values[placeholder] = value;
  return `${attr} = ${placeholder}`;
}

export interface GoalInput {
  name: string;
  targetCents: number;
  icon: Goal['icon'];
  topUpPercent: number;
}

/**
 * Sets a new goal for the child: refused past MAX_ACTIVE_GOALS active goals. Saving begins (jars
 * off) when it is the only active goal. Conditional on the child's counters read (the count of
 * active goals, and the earned total when saving begins), so two at once never pass the limit.
 */
export async function createGoal(
  familyId: string,
  childId: string,
  input: GoalInput,
  by: Actor & { role: 'parent' | 'child' },
  now: Date,
  /** Whether jars were on as the request read them: the goal is written only if they still are (see `FamilyItem.goalsMade`). */
  jarsOn: boolean,
  opts: {
    /** The child as the caller read it (consistently) in this request: the first attempt's read. */
    read?: ChildItem;
    /** A fixed id (only the local demo seed, which must come out the same every time). */
    goalId?: string;
  } = {},
): Promise<{ goal: Goal; child: ChildItem } | 'missing' | 'too-many' | 'changed' | 'jars-switched'> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const child = attempt === 1 && opts.read ? opts.read : await getChild(familyId, childId, true);
    if (!child) return 'missing';
    const s = childSavings(child);
    if (s.activeGoals >= MAX_ACTIVE_GOALS) return 'too-many';
    const next = afterGoalCreated(s);
    const at = now.toISOString();
    const goal: Goal = { goalId: opts.goalId ?? `${at.replace(/[^0-9]/g, '')}-${newEventId()}`, childId, name: input.name, icon: input.icon, targetCents: input.targetCents, topUpPercent: input.topUpPercent, createdAt: at, createdBy: { role: by.role, id: by.id, name: by.name } };
    const key = keys.goal(familyId, childId, goal.goalId);
    const values: Record<string, unknown> = { ':n': next.activeGoals, ':b': next.savingsBaseCents };
    const condition = ['attribute_exists(PK)', asRead('activeGoals', child.activeGoals, ':readN', values)];
    if (s.activeGoals === 0) condition.push(asRead('earnedTotalCents', child.earnedTotalCents, ':readE', values));
    const written = await transact([
      { Put: { TableName: tableName(), Item: { ...key, ...keys.childIndex(childId, key.SK), type: ITEM_TYPES.goal, familyId, ...goal }, ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Update: {
          TableName: tableName(),
          Key: keys.child(familyId, childId),
          UpdateExpression: 'SET activeGoals = :n, savingsBaseCents = :b',
          ConditionExpression: condition.join(' AND '),
          ExpressionAttributeValues: values,
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.family(familyId),
          UpdateExpression: 'ADD goalsMade :one',
          ConditionExpression: `attribute_exists(PK) AND ${jarsOn ? 'attribute_exists' : 'attribute_not_exists'}(jars)`,
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
    if (written.ok) return { goal, child: { ...child, activeGoals: next.activeGoals, savingsBaseCents: next.savingsBaseCents } };
    // The family item (the third) no longer has jars as read: they were switched meanwhile. Any other cancellation: read again.
    if (written.failed === 2) return 'jars-switched';
  }
  return 'changed';
}

export type GoalPatch = Partial<GoalInput>;

/** A parent's change of an unbought goal (name, target, icon, top-up): 'missing' or 'bought' when it cannot. */
export async function updateGoal(familyId: string, childId: string, goalId: string, patch: GoalPatch): Promise<Goal | 'missing' | 'bought'> {
  const fields = (['name', 'targetCents', 'icon', 'topUpPercent'] as const).filter((f) => patch[f] !== undefined);
  if (!fields.length || !goalId) {
    const goal = await getGoal(familyId, childId, goalId);
    return goal ?? 'missing';
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.goal(familyId, childId, goalId),
        // A new target or top-up is a new thing to reach: it is reached, and celebrated, anew.
        UpdateExpression: `SET ${fields.map((f) => `#${f} = :${f}`).join(', ')}${fields.some((f) => f === 'targetCents' || f === 'topUpPercent') ? ' REMOVE reachedAt, celebratedAt' : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(bought)',
        ExpressionAttributeNames: Object.fromEntries(fields.map((f) => [`#${f}`, f])),
        ExpressionAttributeValues: Object.fromEntries(fields.map((f) => [`:${f}`, patch[f]])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toGoal(out.Attributes ?? {});
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return (await getGoal(familyId, childId, goalId)) ? 'bought' : 'missing';
  }
}

/**
 * Deletes an unbought goal (a bought one stays: the ledger names it). With `createdByChild`, only a
 * goal the child set themselves ('parents' when a parent set it).
 */
export async function deleteGoal(familyId: string, childId: string, goalId: string, opts: { createdByChild?: boolean } = {}): Promise<'deleted' | 'missing' | 'bought' | 'parents' | 'changed'> {
  if (!goalId) return 'missing';
  const written = await transact([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.goal(familyId, childId, goalId),
        ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(bought)${opts.createdByChild ? ' AND createdBy.#role = :child' : ''}`,
        ...(opts.createdByChild ? { ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':child': 'child' } } : {}),
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.child(familyId, childId),
        UpdateExpression: 'ADD activeGoals :minus',
        ConditionExpression: 'attribute_exists(PK) AND activeGoals > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      },
    },
  ]);
  if (written.ok) return 'deleted';
  // A condition that failed, or a transaction that met another write of the child item (a tick):
  // say which, never a 500.
  const goal = await getGoal(familyId, childId, goalId);
  if (!goal) return 'missing';
  if (goal.bought) return 'bought';
  if (opts.createdByChild && goal.createdBy.role !== 'child') return 'parents';
  return 'changed';
}

/**
 * The child has seen the celebration of a reached (or bought) goal: recorded once
 * (`attribute_not_exists(celebratedAt)`); a second call finds it recorded and changes nothing.
 */
export async function markCelebrated(familyId: string, childId: string, goalId: string, now: Date): Promise<Goal | 'missing' | 'not-reached'> {
  if (!goalId) return 'missing';
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.goal(familyId, childId, goalId),
        UpdateExpression: 'SET celebratedAt = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(celebratedAt) AND (attribute_exists(reachedAt) OR attribute_exists(bought))',
        ExpressionAttributeValues: { ':at': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toGoal(out.Attributes ?? {});
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const goal = await getGoal(familyId, childId, goalId);
    if (!goal) return 'missing';
    return goal.celebratedAt ? goal : 'not-reached';
  }
}
