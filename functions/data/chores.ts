/** The family's master chore list. Amounts are integer cents inside. */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Weekday } from '../../shared/time';
import { db, tableName } from '../lib/db';
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
  /** A child's tick waits for a parent's OK before it counts (issue 19; absent: no). */
  needsApproval?: boolean;
  createdAt: string;
}

export async function createChore(
  familyId: string,
  input: { name: string; description?: string; category: ChoreCategory; amountCents: number; difficultyLevel: number; daysOfWeek?: Weekday[]; needsApproval?: boolean },
  now: Date,
  /** A fixed id (only the local demo seed, which must come out the same every time). */
  choreId: string = randomUUID(),
): Promise<ChoreItem> {
  const chore: ChoreItem = {
    choreId,
    familyId,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    category: input.category,
    amountCents: input.amountCents,
    difficultyLevel: input.difficultyLevel,
    ...(input.daysOfWeek?.length ? { daysOfWeek: input.daysOfWeek } : {}),
    ...(input.needsApproval ? { needsApproval: true } : {}),
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
  input: { name: string; description?: string; category: ChoreCategory; amountCents: number; difficultyLevel: number; daysOfWeek?: Weekday[]; needsApproval?: boolean },
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
  if (input.needsApproval !== undefined) {
    sets.push('needsApproval = :approval');
    values[':approval'] = input.needsApproval;
  }
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
