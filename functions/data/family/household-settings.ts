/**
 * Issue 21's stored settings outside the chore list: a child's availability calendar (on the child
 * item) and the whole family's pause (on the family item). Both are optional attributes: an item
 * without them means "always home" / "not paused" (the lazy migration: nothing is rewritten).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Availability, DateRange } from '../../../shared/planning';
import { db, tableName } from '../../lib/db';
import type { FamilyItem } from './accounts';
import type { ChildItem } from './children';
import * as keys from '../keys';
import { isConditionFailure } from '../query';

/** Replaces the child's availability calendar; undefined when the child is gone. */
export async function setChildAvailability(familyId: string, childId: string, availability: Availability): Promise<ChildItem | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.child(familyId, childId),
        UpdateExpression: 'SET availability = :a',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':a': availability },
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
 * Sets (a range) or clears (null) the family's pause. 'gone' when the family is missing or being
 * deleted.
 */
export async function setFamilyPause(familyId: string, pause: DateRange | null): Promise<'done' | 'gone'> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(familyId),
        UpdateExpression: pause ? 'SET #pause = :p' : 'REMOVE #pause',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion)',
        ExpressionAttributeNames: { '#pause': 'pause' },
        ...(pause ? { ExpressionAttributeValues: { ':p': pause } } : {}),
      }),
    );
    return 'done';
  } catch (err) {
    if (isConditionFailure(err)) return 'gone';
    throw err;
  }
}

/** The family's pause as stored (null when not paused). */
export const familyPauseOf = (family: Pick<FamilyItem, 'pause'>): DateRange | null => family.pause ?? null;
