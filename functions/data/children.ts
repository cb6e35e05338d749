/** Child profiles in the family partition, and their login records. */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { ITEM_TYPES, keys, normaliseUsername } from './keys';

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
}

export const CHILD_DEFAULTS = {
  maxDifficultyLevel: 5,
  dailyChoresCount: 3,
  weeklyChoresCount: 2,
  continuousChoresCount: 2,
} as const;

export class UsernameTaken extends Error {}
export class ChildGone extends Error {}

export async function getChild(familyId: string, childId: string): Promise<ChildItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.child(familyId, childId) }));
  return out.Item as ChildItem | undefined;
}

export async function createChild(
  familyId: string,
  input: { displayName: string; age?: number; profileImageUrl?: string; maxDifficultyLevel?: number },
  now: Date,
): Promise<ChildItem> {
  const child: ChildItem = {
    ...CHILD_DEFAULTS,
    childId: randomUUID(),
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
 * child must still exist. Re-setting the same username keeps the same child.
 */
export async function setChildCredentials(
  child: ChildItem,
  username: string,
  passwordHash: string,
): Promise<void> {
  const clean = username.trim();
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
