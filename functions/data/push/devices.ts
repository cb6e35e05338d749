/**
 * Issue 32: the devices that receive a person's reminders, one item per person and browser push
 * subscription, in the family's partition (`PUSH#<userId>#<deviceId>`, the device id a hash of the
 * push address). Each remembers the session that turned it on: when that session ends (sign-out,
 * a password change, a removed co-parent), the device stops receiving (checked before each send).
 * A child's devices carry the child's GSI1 key, so deleting the child deletes them.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PushDeviceBody } from '../../../shared/push-schemas';
import { db, tableName } from '../../lib/db';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { queryAll } from '../query';

export interface PushDeviceItem {
  familyId: string;
  userId: string;
  role: 'parent' | 'child';
  deviceId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string;
  /** The session that turned reminders on here. */
  sessionId: string;
  createdAt: string;
}

/** A device's id: a hash of its push address (the address itself is a capability: never shown). */
export const deviceIdOf = (endpoint: string): string => createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

export const listDevices = (familyId: string, userId: string, consistent = false): Promise<PushDeviceItem[]> =>
  queryAll<PushDeviceItem>(keys.familyPk(familyId), { prefix: keys.pushDevicesPrefix(userId) }, { consistent });

export async function getDevice(familyId: string, userId: string, endpoint: string): Promise<PushDeviceItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.pushDevice(familyId, userId, deviceIdOf(endpoint)), ConsistentRead: true }));
  return out.Item as PushDeviceItem | undefined;
}

/** Turns reminders on for this device of this person and session (the same device again: its keys and session are renewed). */
export async function putDevice(input: { familyId: string; userId: string; role: 'parent' | 'child'; sessionId: string; body: PushDeviceBody; now: Date }): Promise<PushDeviceItem> {
  const deviceId = deviceIdOf(input.body.endpoint);
  const item: PushDeviceItem = {
    familyId: input.familyId,
    userId: input.userId,
    role: input.role,
    deviceId,
    endpoint: input.body.endpoint,
    keys: { p256dh: input.body.keys.p256dh, auth: input.body.keys.auth },
    label: input.body.label?.trim() || 'This device',
    sessionId: input.sessionId,
    createdAt: input.now.toISOString(),
  };
  const key = keys.pushDevice(input.familyId, input.userId, deviceId);
  const index = input.role === 'child' ? keys.childIndex(input.userId, key.SK) : {};
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, type: ITEM_TYPES.pushDevice, ...index, ...item } }));
  return item;
}

/** Turns reminders off for a device; false when it had none. */
export async function deleteDevice(familyId: string, userId: string, deviceId: string): Promise<boolean> {
  const out = await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.pushDevice(familyId, userId, deviceId), ReturnValues: 'ALL_OLD' }));
  return out.Attributes !== undefined;
}
