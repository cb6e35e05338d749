/**
 * The dated-assignment writes of commit 10c7bc5, kept verbatim for the side-by-side benchmark
 * (today's job must write what it wrote then, child index included). Not used by the app.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDated, refOf, type DatedAssignmentItem } from '../../../functions/data/planning/assignments';
import * as keys from '../../../functions/data/keys';
import { ITEM_TYPES } from '../../../functions/data/keys';
import { isConditionFailure } from '../../../functions/data/query';
import { db, tableName } from '../../../functions/lib/db';

const T = () => tableName();

function datedRecord(item: DatedAssignmentItem) {
  const key = keys.assignment(item.familyId, refOf(item));
  return { ...key, type: ITEM_TYPES.assignment, ...keys.childIndex(item.childId, key.SK), ...item };
}

/** Creates a dated assignment unless the same one exists; returns what is stored either way. */
export async function putDatedIfAbsent(item: DatedAssignmentItem): Promise<{ item: DatedAssignmentItem; created: boolean }> {
  try {
    await db().send(new PutCommand({ TableName: T(), Item: datedRecord(item), ConditionExpression: 'attribute_not_exists(PK)' }));
    return { item, created: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const existing = await getDated(item.familyId, refOf(item));
    return { item: existing ?? item, created: false };
  }
}

/** Deletes a dated assignment only while it is still pending (a completion in between wins). */
export async function deletePendingDated(item: DatedAssignmentItem): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: T(),
        Key: keys.assignment(item.familyId, refOf(item)),
        ConditionExpression: 'attribute_exists(PK) AND isCompleted = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
