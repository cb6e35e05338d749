/**
 * Atomic rate limits in the table, shared by every Lambda container and every caller. A counter
 * lives per (limit, subject, fixed window); one conditional UpdateItem both counts an attempt and
 * decides it (`ADD n 1` only while `n < max`), so however many requests arrive at once, at most
 * `max` are let through per window: nothing is read first and decided later. Windows are fixed
 * (a new item per window, swept by TTL), so across a window boundary up to 2 × max can pass in
 * less than one window; docs/security.md has the arithmetic.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure } from '../query';

export interface Limit {
  /** Names the counter family in the key, e.g. `login-pair`. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
}

/** A counted attempt: what `release` and `clear` need to find its counter again. */
export interface Slot {
  readonly key: { PK: string; SK: string };
  /** Attempts counted in this window, this one included. */
  readonly count: number;
}

export type Reserved = { ok: true; slot: Slot } | { ok: false; retryAfterSeconds: number };

/** Counts one attempt against `limit` for `subject`, unless the window already holds `max`. */
export async function reserve(limit: Limit, subject: string, nowMs = Date.now()): Promise<Reserved> {
  const nowSec = Math.floor(nowMs / 1000);
  const window = Math.floor(nowSec / limit.windowSeconds);
  const windowEnds = (window + 1) * limit.windowSeconds;
  const key = keys.throttle(limit.name, subject, window);
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #type = :type, expiresAt = :exp ADD attempts :one',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :max',
        ExpressionAttributeNames: { '#type': 'type' },
        // Kept a little past the window so a late release still finds its counter.
        ExpressionAttributeValues: { ':type': ITEM_TYPES.throttle, ':exp': windowEnds + 60, ':one': 1, ':max': limit.max },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { ok: true, slot: { key, count: Number(out.Attributes?.attempts ?? 1) } };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { ok: false, retryAfterSeconds: Math.max(1, windowEnds - nowSec) };
  }
}

/** Gives a counted attempt back (it turned out not to count, e.g. a successful login). */
export async function release(slot: Slot): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: slot.key,
        UpdateExpression: 'ADD attempts :minus',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Forgets the window's count (the owner proved who they are). */
export async function clear(slot: Slot): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: slot.key }));
}

/** Forgets the current window's count of `subject` (a parent unlocked it, e.g. by setting a new PIN). */
export async function forget(limit: Limit, subject: string, nowMs = Date.now()): Promise<void> {
  const window = Math.floor(Math.floor(nowMs / 1000) / limit.windowSeconds);
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.throttle(limit.name, subject, window) }));
}
