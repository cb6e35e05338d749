/** Child profiles in the family partition, and their login records. */
import { randomUUID } from 'node:crypto';
import type { Availability } from '../../../shared/planning';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import * as keys from '../keys';
import { ITEM_TYPES, normaliseUsername } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import { credentialsChangedWrite, newCredentialStamp } from './sessions';
import { transact, transactOrThrow, type TransactItem } from '../transact';
import type { ChildSavings } from '../../domain/savings';
import type { StreakCarry } from '../../domain/streaks';
import type { ResetBaseline } from '../money/payouts';

export interface ChildItem {
  childId: string;
  familyId: string;
  displayName: string;
  age?: number;
  profileImageUrl?: string;
  username?: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
  createdAt: string;
  /** Earned since the last Reset Earnings: what the parent owes. Never below zero. */
  unpaidCents?: number;
  /**
   * How many times earnings were reset (absent: never). A completion records the round it was made
   * in; one of an earlier round has been paid out (data/planning/assignments.ts "Completion and earnings").
   */
  payoutRound?: number;
  /** When earnings were last reset. */
  resetAt?: string;
  /** The aggregates at the moment of the last reset, subtracted from the shown figures of the same periods. */
  resetBaseline?: ResetBaseline;
  lastPayout?: { amountCents: number; paidAt: string; paidByName?: string };
  /** When the child first signed in (the getting-started guide's last step). */
  firstSignInAt?: string;
  /** Away cycles, away days and pause (issue 21, data/family/household-settings.ts; absent: always home). */
  availability?: Availability;
  /** Issue 32: the child's reminder, "3 chores left today" (absent: 16:00, on; data/push/reminders.ts). */
  reminder?: { enabled: boolean; time: string };
  /** Issue 32: the streak as it stood when last week closed, kept by the Sunday job (domain/streaks.ts; absent: none yet). */
  streak?: StreakCarry;
  // Issue 22 (decision 054): savings and jars; absent reads as 0 (domain/savings.ts).
  /** Net lifetime earned: moves with `unpaidCents` on every earning and taking back, never on a payout. */
  earnedTotalCents?: number;
  /** Jars off: where saving began (the earned total when a goal was set while none was active), raised by purchases. */
  savingsBaseCents?: number;
  jarSpendCents?: number;
  jarSaveCents?: number;
  jarGiveCents?: number;
  /** Goals saving or reached (not bought): at most MAX_ACTIVE_GOALS. */
  activeGoals?: number;
  /** Issue 32: the bcrypt hash of the child's family-board PIN (data/family/boards.ts); never answered by the API. */
  pinHash?: string;
  pinSetAt?: string;
}

/** The child's savings counters as the domain rules take them. */
export const childSavings = (c: ChildItem): ChildSavings => ({
  earnedTotalCents: c.earnedTotalCents ?? 0,
  savingsBaseCents: c.savingsBaseCents ?? 0,
  jars: { spend: c.jarSpendCents ?? 0, save: c.jarSaveCents ?? 0, give: c.jarGiveCents ?? 0 },
  activeGoals: c.activeGoals ?? 0,
});

export const CHILD_DEFAULTS = {
  maxDifficultyLevel: 5,
  dailyChoresCount: 3,
  weeklyChoresCount: 2,
  continuousChoresCount: 2,
} as const;

export async function getChild(familyId: string, childId: string, consistent = false): Promise<ChildItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.child(familyId, childId), ConsistentRead: consistent }));
  return out.Item as ChildItem | undefined;
}

/** Records the child's first sign-in (kept: later sign-ins leave it); nothing when the child is gone. */
export async function recordFirstSignIn(child: Pick<ChildItem, 'familyId' | 'childId'>, at: Date): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.child(child.familyId, child.childId),
        UpdateExpression: 'SET firstSignInAt = if_not_exists(firstSignInAt, :at)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function createChild(
  familyId: string,
  input: { displayName: string; age?: number; profileImageUrl?: string; maxDifficultyLevel?: number },
  now: Date,
  /** A fixed id (only the local demo seed, which must come out the same every time). */
  childId: string = randomUUID(),
): Promise<ChildItem> {
  const child: ChildItem = {
    ...CHILD_DEFAULTS,
    childId,
    familyId,
    displayName: input.displayName,
    ...(input.age !== undefined ? { age: input.age } : {}),
    ...(input.profileImageUrl ? { profileImageUrl: input.profileImageUrl } : {}),
    maxDifficultyLevel: input.maxDifficultyLevel ?? CHILD_DEFAULTS.maxDifficultyLevel,
    createdAt: now.toISOString(),
  };
  await transactOrThrow([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.child(familyId, child.childId), type: ITEM_TYPES.child, ...keys.childIndex(child.childId, keys.childIndexProfile), ...child },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  return child;
}

/**
 * Sets or changes a child's login. The username's login record is claimed with a conditional put
 * (unique product-wide, case-insensitive); the old record goes in the same transaction, and the
 * child must still exist. Re-setting the same username keeps the same child. Every session of the
 * child ends in the same transaction: whoever knew the old login is signed out. Nothing is written
 * when the username belongs to another child (`'username-taken'`) or the child is gone (`'missing'`).
 */
export async function setChildCredentials(
  child: ChildItem,
  username: string,
  passwordHash: string,
): Promise<'set' | 'username-taken' | 'missing'> {
  const clean = username.trim();
  const stamp = newCredentialStamp();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.childLogin(clean),
          type: ITEM_TYPES.childLogin,
          childId: child.childId,
          familyId: child.familyId,
          username: clean,
          passwordHash,
          stamp,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR childId = :cid',
        ExpressionAttributeValues: { ':cid': child.childId },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.child(child.familyId, child.childId),
        UpdateExpression: 'SET username = :u',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':u': clean },
      },
    },
    credentialsChangedWrite(child.familyId, child.childId, 'child', stamp),
  ];
  if (child.username && normaliseUsername(child.username) !== normaliseUsername(clean)) {
    items.push({
      Delete: {
        TableName: tableName(),
        Key: keys.childLogin(child.username),
        ConditionExpression: 'attribute_not_exists(PK) OR childId = :cid',
        ExpressionAttributeValues: { ':cid': child.childId },
      },
    });
  }
  const written = await transact(items);
  if (written.ok) return 'set';
  // The login record (the first) belongs to another child; the child (the second) is gone.
  if (written.failed === 0) return 'username-taken';
  if (written.failed === 1) return 'missing';
  throw written.error;
}

// ---------------------------------------------------------------------------------------------

export const listChildren = (familyId: string, consistent = false) => queryAll<ChildItem>(keys.familyPk(familyId), { prefix: keys.childPrefix }, { consistent });

/** Updates profile fields; returns undefined when the child is not in this family. */
export async function updateChild(
  familyId: string,
  childId: string,
  input: { displayName: string; age?: number; profileImageUrl?: string; maxDifficultyLevel?: number },
): Promise<ChildItem | undefined> {
  const sets = ['displayName = :n', 'maxDifficultyLevel = :m'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':n': input.displayName, ':m': input.maxDifficultyLevel ?? CHILD_DEFAULTS.maxDifficultyLevel };
  if (input.age !== undefined) {
    sets.push('age = :a');
    values[':a'] = input.age;
  } else removes.push('age');
  if (input.profileImageUrl) {
    sets.push('profileImageUrl = :p');
    values[':p'] = input.profileImageUrl;
  } else removes.push('profileImageUrl');
  return conditionalUpdate(familyId, childId, `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`, values);
}

export function updateChoreSettings(
  familyId: string,
  childId: string,
  s: { dailyChoresCount: number; weeklyChoresCount: number; continuousChoresCount: number },
): Promise<ChildItem | undefined> {
  return conditionalUpdate(familyId, childId, 'SET dailyChoresCount = :d, weeklyChoresCount = :w, continuousChoresCount = :c', {
    ':d': s.dailyChoresCount,
    ':w': s.weeklyChoresCount,
    ':c': s.continuousChoresCount,
  });
}

async function conditionalUpdate(familyId: string, childId: string, expr: string, values: Record<string, unknown>): Promise<ChildItem | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.child(familyId, childId),
        UpdateExpression: expr,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ChildItem;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Deletes a child and everything that belongs to it, never with a scan: what the child index
 * (GSI1) holds, and the child's dated assignments, which are not in it (docs/decisions/005) and are
 * read from the family's own partition. The profile and its login go first, in one transaction, so
 * a failure half-way leaves only unreachable leftovers that a retry removes; other children are
 * never touched.
 */
export async function deleteChild(child: ChildItem): Promise<number> {
  const [indexed, dated] = await Promise.all([
    queryAll<{ PK: string; SK: string }>(keys.childIndexPk(child.childId), { all: true }, { index: 'GSI1' }),
    queryAll<{ PK: string; SK: string; childId: string }>(keys.familyPk(child.familyId), { prefix: keys.assignmentPrefix }, { attributes: ['PK', 'SK', 'childId'] }),
  ]);
  const byKey = new Map([...indexed, ...dated.filter((a) => a.childId === child.childId)].map((i) => [`${i.PK}|${i.SK}`, i]));
  const owned = [...byKey.values()];
  const profileKey = keys.child(child.familyId, child.childId);
  const rest = owned
    .filter((i) => !(i.PK === profileKey.PK && i.SK === profileKey.SK) && i.PK === profileKey.PK)
    .map((i) => ({ PK: i.PK, SK: i.SK }));
  const first: TransactItem[] = [
    { Delete: { TableName: tableName(), Key: profileKey, ConditionExpression: 'attribute_exists(PK)' } },
  ];
  if (child.username) {
    first.push({
      Delete: {
        TableName: tableName(),
        Key: keys.childLogin(child.username),
        ConditionExpression: 'attribute_not_exists(PK) OR childId = :cid',
        ExpressionAttributeValues: { ':cid': child.childId },
      },
    });
  }
  const firstBatch = rest.splice(0, 100 - first.length);
  first.push(...firstBatch.map((Key) => ({ Delete: { TableName: tableName(), Key } })));
  await transactOrThrow(first);
  while (rest.length) {
    const batch = rest.splice(0, 100);
    await transactOrThrow(batch.map((Key) => ({ Delete: { TableName: tableName(), Key } })));
  }
  return owned.length;
}

// Payouts (Reset Earnings and part payouts) live in ./payouts; re-exported for the callers that know them here.
export { listChildPayouts, listPayouts, resetEarnings, type PaidBy, type PayoutItem, type ResetBaseline } from '../money/payouts';
