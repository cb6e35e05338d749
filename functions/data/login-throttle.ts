/**
 * Failed-login throttling per account, counted in the table (shared by every Lambda container and
 * every caller) with a TTL: after a few failures each attempt is slowed, after many it is refused
 * with 429 until the window ends.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_ERRORS } from '../../shared/messages';
import { db, tableName } from '../lib/db';
import { TooManyRequests } from '../lib/errors';
import { ITEM_TYPES, keys } from './keys';

export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures after which every further attempt waits a little longer. */
  slowAfter: 3,
  delayStepMs: 250,
  maxDelayMs: 2_000,
  /** Failures after which attempts are refused until the window ends. */
  lockAfter: 10,
};

type Kind = 'parent' | 'child';

/** Call before checking a password: refuses locked accounts and slows suspicious ones. */
export async function guardLoginAttempt(kind: Kind, identifier: string, nowMs = Date.now()): Promise<void> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.loginFailures(kind, identifier), ConsistentRead: true }),
  );
  const item = out.Item as { failures?: number; expiresAt?: number } | undefined;
  if (!item || (item.expiresAt ?? 0) * 1000 <= nowMs) return;
  const failures = item.failures ?? 0;
  if (failures >= LOGIN_THROTTLE.lockAfter) {
    throw new TooManyRequests(API_ERRORS.tooManyAttempts, Math.max(1, Math.ceil(item.expiresAt! - nowMs / 1000)));
  }
  if (failures >= LOGIN_THROTTLE.slowAfter) {
    const delay = Math.min(LOGIN_THROTTLE.maxDelayMs, (failures - LOGIN_THROTTLE.slowAfter + 1) * LOGIN_THROTTLE.delayStepMs);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

export async function recordLoginFailure(kind: Kind, identifier: string, nowMs = Date.now()): Promise<void> {
  const nowSec = Math.floor(nowMs / 1000);
  const key = keys.loginFailures(kind, identifier);
  // A window that has expired (but not yet been swept by TTL) starts again from one.
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #type = :type, expiresAt = if_not_exists(expiresAt, :exp) ADD failures :one',
        ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': ITEM_TYPES.loginFailures, ':exp': nowSec + LOGIN_THROTTLE.windowSeconds, ':one': 1, ':now': nowSec },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #type = :type, expiresAt = :exp, failures = :one',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': ITEM_TYPES.loginFailures, ':exp': nowSec + LOGIN_THROTTLE.windowSeconds, ':one': 1 },
      }),
    );
  }
}

export async function clearLoginFailures(kind: Kind, identifier: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginFailures(kind, identifier) }));
}
