/**
 * Parents, families and login records. Uniqueness of parent emails and child usernames is held by
 * conditional puts on their own partitions inside transactions, never read-then-write.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { nextWeeklyRun, weeklyRunIndexKeys } from '../domain/weekly-run';
import { ITEM_TYPES, keys, normaliseEmail } from './keys';
import { newCredentialStamp } from './sessions';

export interface FamilyItem {
  familyId: string;
  timeZone: string;
  createdAt: string;
  nextRunWeekStart?: string;
  /** Set by the local demo seed (infra/local/seed.ts) once the demo family is complete. */
  demoSeeded?: boolean;
}

export interface ParentItem {
  parentId: string;
  familyId: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
}

export interface ParentLoginItem {
  parentId: string;
  familyId: string;
  email: string;
  passwordHash: string;
  /** Changes with the credentials; a session may start only under the current one (data/sessions.ts). */
  stamp?: string;
}

export interface ChildLoginItem {
  childId: string;
  familyId: string;
  username: string;
  passwordHash: string;
  stamp?: string;
}

export class EmailTaken extends Error {}

export async function createParentAccount(input: {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  timeZone: string;
  now: Date;
}): Promise<{ parent: ParentItem; family: FamilyItem; login: ParentLoginItem }> {
  const familyId = randomUUID();
  const parentId = randomUUID();
  const createdAt = input.now.toISOString();
  const email = normaliseEmail(input.email);
  const family: FamilyItem = { familyId, timeZone: input.timeZone, createdAt };
  const parent: ParentItem = { parentId, familyId, email, firstName: input.firstName, lastName: input.lastName, createdAt };
  const login: ParentLoginItem = { parentId, familyId, email, passwordHash: input.passwordHash, stamp: newCredentialStamp() };
  const run = nextWeeklyRun(input.now, input.timeZone);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.parentLogin(email), type: ITEM_TYPES.parentLogin, ...login },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.family(familyId), type: ITEM_TYPES.family, ...family, ...weeklyRunIndexKeys(familyId, run) },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.parent(familyId, parentId), type: ITEM_TYPES.parent, ...parent },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((err as Error).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed') {
      throw new EmailTaken();
    }
    throw err;
  }
  return { parent, family: { ...family, nextRunWeekStart: run.weekStart }, login };
}

async function getItem<T>(key: { PK: string; SK: string }, consistent = false): Promise<T | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }));
  return out.Item as T | undefined;
}

// Consistent: a password or username changed a moment ago must be the one checked.
export const getParentLogin = (email: string) => getItem<ParentLoginItem>(keys.parentLogin(email), true);
export const getChildLogin = (username: string) => getItem<ChildLoginItem>(keys.childLogin(username), true);
export const getParent = (familyId: string, parentId: string) => getItem<ParentItem>(keys.parent(familyId, parentId));
export const getFamily = (familyId: string) => getItem<FamilyItem>(keys.family(familyId));
