/** The family's master chore list. Amounts are integer cents inside. */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandInput, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { weekStartOfDate, type IsoDate, type Weekday } from '../../shared/time';
import { db, tableName } from '../lib/db';
import { logger } from '../lib/logger';
import { listAssignmentsFrom, listContinuous, refOf } from './assignments';
import { ITEM_TYPES, keys } from './keys';
import { isConditionFailure, queryAll } from './query';

export type ChoreCategory = 'daily' | 'weekly' | 'continuous';

export interface ChoreItem {
  choreId: string;
  familyId: string;
  name: string;
  description?: string;
  category: ChoreCategory;
  amountCents: number;
  difficultyLevel: number;
  daysOfWeek?: Weekday[];
  createdAt: string;
}

export async function createChore(
  familyId: string,
  input: { name: string; description?: string; category: ChoreCategory; amountCents: number; difficultyLevel: number; daysOfWeek?: Weekday[] },
  now: Date,
): Promise<ChoreItem> {
  const chore: ChoreItem = {
    choreId: randomUUID(),
    familyId,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    category: input.category,
    amountCents: input.amountCents,
    difficultyLevel: input.difficultyLevel,
    ...(input.daysOfWeek?.length ? { daysOfWeek: input.daysOfWeek } : {}),
    createdAt: now.toISOString(),
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.chore(familyId, chore.choreId), type: ITEM_TYPES.chore, ...chore },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return chore;
}

export const listChores = (familyId: string) => queryAll<ChoreItem>(keys.familyPk(familyId), { prefix: 'CHORE#' });

export async function getChore(familyId: string, choreId: string): Promise<ChoreItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.chore(familyId, choreId) }));
  return out.Item as ChoreItem | undefined;
}

export async function updateChore(
  familyId: string,
  choreId: string,
  input: { name: string; description?: string; category: ChoreCategory; amountCents: number; difficultyLevel: number; daysOfWeek?: Weekday[] },
): Promise<ChoreItem | undefined> {
  const sets = ['#name = :n', 'category = :c', 'amountCents = :a', 'difficultyLevel = :d'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':n': input.name, ':c': input.category, ':a': input.amountCents, ':d': input.difficultyLevel };
  if (input.description) {
    sets.push('description = :desc');
    values[':desc'] = input.description;
  } else removes.push('description');
  if (input.daysOfWeek?.length) {
    sets.push('daysOfWeek = :days');
    values[':days'] = input.daysOfWeek;
  } else if (input.daysOfWeek) removes.push('daysOfWeek');
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chore(familyId, choreId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ChoreItem;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Deletes a chore with its pending assignments from today on and its continuous assignments that
 * were never completed. Completed history keeps its snapshot of the chore, so earnings and reports
 * stay whole.
 */
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
  for (let i = 0; i < doomed.length; i += 25) await batchDelete(doomed.slice(i, i + 25));
  return true;
}

const BATCH_ATTEMPTS = 6;

/**
 * Deletes up to 25 items, sending again what DynamoDB leaves unprocessed (with backoff). What is
 * still left after that is only hidden leftovers (see above): logged, not failed.
 */
async function batchDelete(itemKeys: Record<string, unknown>[]): Promise<void> {
  let requests: BatchWriteCommandInput['RequestItems'] = { [tableName()]: itemKeys.map((Key) => ({ DeleteRequest: { Key } })) };
  for (let attempt = 1; requests && Object.keys(requests).length > 0; attempt++) {
    if (attempt > BATCH_ATTEMPTS) {
      logger.warn('chore deletion left assignments of the deleted chore behind', { left: Object.values(requests).flat().length });
      return;
    }
    if (attempt > 1) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    requests = (await db().send(new BatchWriteCommand({ RequestItems: requests }))).UnprocessedItems;
  }
}
