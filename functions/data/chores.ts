/** The family's master chore list. Amounts are integer cents inside. */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Weekday } from '../../shared/time';
import { db, tableName } from '../lib/db';
import { ITEM_TYPES, keys } from './keys';

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
