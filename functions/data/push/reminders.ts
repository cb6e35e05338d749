/**
 * Issue 32: who is reminded when. Each person with reminders on and at least one device has one
 * reminder item (`REMIND#CHILD#<cid>` / `REMIND#PARENT#<pid>`) whose GSI2 key is the 15-minute UTC
 * slot of their next reminder, sharded 32 ways: the dispatcher reads 32 small partitions per slot,
 * never scans (docs/capacity.md). Everything that changes when someone is reminded (a device turned
 * on or off, a setting, the family's time zone) calls refreshReminder; the worker moves the item to
 * the next slot after each one (advanceReminder, conditional on the slot it handled).
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PUSH_DEFAULTS } from '../../../shared/push-schemas';
import { cyrb53 } from '../../domain/prng';
import { nextChildReminder, nextParentReminder, slotKey, type ParentPlan } from '../../domain/reminders';
import { db, tableName } from '../../lib/db';
import { getFamily, getParent } from '../family/accounts';
import { getChild } from '../family/children';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import { listDevices } from './devices';

export type PersonKind = 'CHILD' | 'PARENT';

export interface Person {
  kind: PersonKind;
  id: string;
}

export interface ReminderItem {
  familyId: string;
  kind: PersonKind;
  personId: string;
  /** The UTC slot (`YYYY-MM-DDTHH:MM`) of the next reminder. */
  slot: string;
}

/** A child's reminder as set (absent: the default, 16:00, on). */
export const childReminderOf = (child: { reminder?: { enabled: boolean; time: string } }) => child.reminder ?? PUSH_DEFAULTS.childReminder;
/** A parent's plan as set (absent: the defaults). */
export const parentPlanOf = (parent: { push?: ParentPlan }): ParentPlan => parent.push ?? PUSH_DEFAULTS.parent;

const shardOf = (familyId: string, personId: string): number => cyrb53(`${familyId}#${personId}`) % keys.REMINDER_SHARDS;

function indexKeys(r: ReminderItem) {
  return { GSI2PK: keys.reminderIndex(r.slot, shardOf(r.familyId, r.personId)), GSI2SK: keys.reminderIndexSort(r.familyId, r.kind, r.personId) };
}

/** When a person is next reminded, from what is stored now; null when never (reminders off, no device, gone). */
export async function nextReminderOf(familyId: string, person: Person, after: Date): Promise<Date | null> {
  const [family, devices] = await Promise.all([getFamily(familyId, true), listDevices(familyId, person.id, true)]);
  if (!family || devices.length === 0) return null;
  if (person.kind === 'CHILD') {
    const child = await getChild(familyId, person.id, true);
    const reminder = child && childReminderOf(child);
    return reminder?.enabled ? nextChildReminder(after, reminder.time, family.timeZone) : null;
  }
  const parent = await getParent(familyId, person.id, true);
  return parent ? (nextParentReminder(after, parentPlanOf(parent), family.timeZone)?.at ?? null) : null;
}

/** Puts a person's reminder in the index at their next slot, or takes it out (about 4 requests). */
export async function refreshReminder(familyId: string, person: Person, now: Date): Promise<void> {
  const next = await nextReminderOf(familyId, person, now);
  const key = keys.reminder(familyId, person.kind, person.id);
  if (!next) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    return;
  }
  const item: ReminderItem = { familyId, kind: person.kind, personId: person.id, slot: slotKey(next) };
  const childIndex = person.kind === 'CHILD' ? keys.childIndex(person.id, key.SK) : {};
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, type: ITEM_TYPES.reminder, ...childIndex, ...item, ...indexKeys(item) } }));
}

/**
 * Moves a reminder handled in `fromSlot` to its next slot (or out of the index), only if it is still
 * at `fromSlot` (a settings change in between already moved it). False when it was not.
 */
export async function advanceReminder(r: ReminderItem, next: Date | null): Promise<boolean> {
  const key = keys.reminder(r.familyId, r.kind, r.personId);
  const condition = { ConditionExpression: 'slot = :from', ExpressionAttributeValues: { ':from': r.slot } };
  try {
    if (!next) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: key, ...condition }));
      return true;
    }
    const moved: ReminderItem = { ...r, slot: slotKey(next) };
    const index = indexKeys(moved);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET slot = :to, GSI2PK = :pk, GSI2SK = :sk',
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':to': moved.slot, ':pk': index.GSI2PK, ':sk': index.GSI2SK },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The index partitions of one slot (every shard). */
export const reminderPartitions = (slot: string): string[] => Array.from({ length: keys.REMINDER_SHARDS }, (_, shard) => keys.reminderIndex(slot, shard));

/** The reminders due in one index partition (one Query, paged). */
export const remindersIn = (partition: string): Promise<ReminderItem[]> =>
  queryAll<ReminderItem>(partition, { all: true }, { index: 'GSI2', attributes: ['familyId', 'kind', 'personId', 'slot'] });

/** A parent's reminder plan (PUT /api/push/settings); false when the parent is gone. */
export async function setParentPlan(familyId: string, parentId: string, plan: ParentPlan): Promise<boolean> {
  return updateIfExists(keys.parent(familyId, parentId), 'SET #push = :v', { '#push': 'push' }, plan);
}

/** A child's reminder (PUT /api/children/{id}/reminder); false when the child is not in the family. */
export async function setChildReminder(familyId: string, childId: string, reminder: { enabled: boolean; time: string }): Promise<boolean> {
  return updateIfExists(keys.child(familyId, childId), 'SET #reminder = :v', { '#reminder': 'reminder' }, reminder);
}

async function updateIfExists(key: { PK: string; SK: string }, expression: string, names: Record<string, string>, value: unknown): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: expression, ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeNames: names, ExpressionAttributeValues: { ':v': value } }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Every reminder of a family moved to its next slot in the family's (new) time zone: after a time zone change. */
export async function refreshFamilyReminders(familyId: string, now: Date): Promise<void> {
  const items = await queryAll<ReminderItem>(keys.familyPk(familyId), { prefix: keys.remindersPrefix }, { consistent: true, attributes: ['kind', 'personId'] });
  await Promise.all(items.map((r) => refreshReminder(familyId, { kind: r.kind, id: r.personId }, now)));
}
