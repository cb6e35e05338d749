/** Child profiles in the family partition, and their login records. */
import { randomUUID } from 'node:crypto';
import type { Availability } from '../../shared/planning';
import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { ITEM_TYPES, keys, normaliseUsername } from './keys';
import { isConditionFailure, queryAll } from './query';
import { credentialsChangedWrite, newCredentialStamp } from './sessions';
import { payoutPlan, type PayoutMethod } from '../domain/ledger';
import { activityPut } from './activity';

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
   * in; one of an earlier round has been paid out (data/assignments.ts "Completion and earnings").
   */
  payoutRound?: number;
  /** When earnings were last reset. */
  resetAt?: string;
  /** The aggregates at the moment of the last reset, subtracted from the shown figures of the same periods. */
  resetBaseline?: ResetBaseline;
  lastPayout?: { amountCents: number; paidAt: string; paidByName?: string };
  /** When the child first signed in (the getting-started guide's last step). */
  firstSignInAt?: string;
  /** Away cycles, away days and pause (issue 21, data/household-settings.ts; absent: always home). */
  availability?: Availability;
}

export interface ResetBaseline {
  week: string;
  weekCents: number;
  weekCount: number;
  month: string;
  monthCents: number;
  year: string;
  yearCents: number;
}

export const CHILD_DEFAULTS = {
  maxDifficultyLevel: 5,
  dailyChoresCount: 3,
  weeklyChoresCount: 2,
  continuousChoresCount: 2,
} as const;

export class UsernameTaken extends Error {}
export class ChildGone extends Error {}

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
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.child(familyId, child.childId), type: ITEM_TYPES.child, GSI1PK: `CHILD#${child.childId}`, GSI1SK: 'PROFILE', ...child },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
    }),
  );
  return child;
}

/**
 * Sets or changes a child's login. The username's login record is claimed with a conditional put
 * (unique product-wide, case-insensitive); the old record goes in the same transaction, and the
 * child must still exist. Re-setting the same username keeps the same child. Every session of the
 * child ends in the same transaction: whoever knew the old login is signed out.
 */
export async function setChildCredentials(
  child: ChildItem,
  username: string,
  passwordHash: string,
): Promise<void> {
  const clean = username.trim();
  const stamp = newCredentialStamp();
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
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
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((err as Error).name === 'TransactionCanceledException') {
      if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new UsernameTaken();
      if (reasons?.[1]?.Code === 'ConditionalCheckFailed') throw new ChildGone();
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------

export const listChildren = (familyId: string) => queryAll<ChildItem>(keys.familyPk(familyId), { prefix: 'CHILD#' });

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
    queryAll<{ PK: string; SK: string }>(`CHILD#${child.childId}`, { all: true }, { index: 'GSI1' }),
    queryAll<{ PK: string; SK: string; childId: string }>(keys.familyPk(child.familyId), { prefix: 'ASSIGN#' }, { attributes: ['PK', 'SK', 'childId'] }),
  ]);
  const byKey = new Map([...indexed, ...dated.filter((a) => a.childId === child.childId)].map((i) => [`${i.PK}|${i.SK}`, i]));
  const owned = [...byKey.values()];
  const profileKey = keys.child(child.familyId, child.childId);
  const rest = owned
    .filter((i) => !(i.PK === profileKey.PK && i.SK === profileKey.SK) && i.PK === profileKey.PK)
    .map((i) => ({ PK: i.PK, SK: i.SK }));
  const first: NonNullable<TransactWriteCommandInput['TransactItems']> = [
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
  await db().send(new TransactWriteCommand({ TransactItems: first }));
  while (rest.length) {
    const batch = rest.splice(0, 100);
    await db().send(new TransactWriteCommand({ TransactItems: batch.map((Key) => ({ Delete: { TableName: tableName(), Key } })) }));
  }
  return owned.length;
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
  child: ChildItem,
  /** The parent who pays (the payout ledger names them; the name as it is now). */
  by: PaidBy,
  now: Date,
  period: { week: string; month: string; year: string },
  current: { weekCents: number; weekCount: number; monthCents: number; yearCents: number },
  payment: { amountCents?: number; method?: PayoutMethod; note?: string } = {},
): Promise<{ amountCents: number; paidAt: string; closesRound: boolean } | 'changed' | 'too-much'> {
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
  const owedIs = '(unpaidCents = :owed OR (attribute_not_exists(unpaidCents) AND :owed = :zero))';
  const roundIs = round === 0 ? '(attribute_not_exists(payoutRound) OR payoutRound = :round)' : 'payoutRound = :round';
  const childUpdate = plan.closesRound
    ? {
        UpdateExpression: `SET unpaidCents = :zero, payoutRound = :next, resetAt = :at, resetBaseline = :b${lastPayout ? ', lastPayout = :p' : ''}`,
        ExpressionAttributeValues: { ':zero': 0, ':next': round + 1, ':round': round, ':at': paidAt, ':b': baseline, ':owed': owed, ...(lastPayout ? { ':p': lastPayout } : {}) },
      }
    : {
        UpdateExpression: 'SET unpaidCents = :left, lastPayout = :p',
        ExpressionAttributeValues: { ':zero': 0, ':left': owed - amount, ':round': round, ':owed': owed, ':p': lastPayout },
      };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
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
                }),
              ]
            : []),
        ],
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) return 'changed';
    throw err;
  }
  return { amountCents: amount, paidAt, closesRound: plan.closesRound };
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
}

/** Payouts of the family between two instants (ISO strings). */
export const listPayouts = (familyId: string, fromIso: string, toIso: string) =>
  queryAll<PayoutItem>(keys.familyPk(familyId), { between: [`PAYOUT#${fromIso}`, `PAYOUT#${toIso}~`] });
