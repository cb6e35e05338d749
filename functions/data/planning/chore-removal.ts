/**
 * Deleting a chore and what hangs on it: its pending assignments from today on and its continuous
 * assignments that were never completed. Completed history keeps its snapshot of the chore, so
 * earnings and reports stay whole. (Its own module: it spans the chore and assignment repositories,
 * which otherwise do not know each other.)
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { weekStartOfDate, type IsoDate } from '../../../shared/time';
import { db, tableName } from '../../lib/db';
import { logger } from '../../lib/logger';
import { listAssignmentsFrom, listContinuous, refOf } from './assignments';
import { batchWriteAll } from '../batch-write';
import * as keys from '../keys';
import { isConditionFailure } from '../query';

export async function deleteChore(familyId: string, choreId: string, today: IsoDate): Promise<boolean> {
  const [dated, continuous] = await Promise.all([
    listAssignmentsFrom(familyId, weekStartOfDate(today)),
    listContinuous(familyId),
  ]);
  const doomed = [
    ...dated.filter((a) => a.choreId === choreId && !a.isCompleted && a.assignedDate >= today).map((a) => keys.assignment(familyId, refOf(a))),
    ...continuous.filter((c) => c.choreId === choreId && Object.keys(c.completions ?? {}).length === 0).map((c) => keys.continuous(familyId, c.childId, c.choreId)),
  ];
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.chore(familyId, choreId), ConditionExpression: 'attribute_exists(PK)' }));
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
  // The chore is gone first: leftovers of a failure below are pending items of a deleted chore,
  // which every read already treats as gone, and a retry of the delete answers 404 harmlessly.
  // So what DynamoDB still leaves unprocessed after every retry is logged, not failed.
  const left = await batchWriteAll(doomed.map((Key) => ({ DeleteRequest: { Key } })));
  if (left.length) logger.warn('chore deletion left assignments of the deleted chore behind', { left: left.length });
  return true;
}
