/** The family's master chore list. Amounts are integer cents inside. */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Rhythm, WhoDoesIt } from '../../../shared/planning';
import type { Weekday } from '../../../shared/time';
import { db, tableName } from '../../lib/db';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure, queryAll } from '../query';

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
  /** How often it happens (issue 21; absent: the category decides). */
  rhythm?: Rhythm;
  /** Who does it (issue 21; absent: one child at a time, balanced). */
  who?: WhoDoesIt;
}

/** What creating or updating a chore stores; on update `null` removes the rhythm or who, absent keeps it. */
export interface ChoreInput extends Pick<ChoreItem, 'name' | 'description' | 'category' | 'amountCents' | 'difficultyLevel' | 'daysOfWeek' | 'needsApproval'> {
  rhythm?: Rhythm | null;
  who?: WhoDoesIt | null;
}

export async function createChore(
  familyId: string,
  input: ChoreInput,
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
    // A continuous chore is ongoing: it has no rhythm.
    ...(input.rhythm && input.category !== 'continuous' ? { rhythm: input.rhythm } : {}),
    ...(input.who ? { who: input.who } : {}),
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

export const listChores = (familyId: string) => queryAll<ChoreItem>(keys.familyPk(familyId), { prefix: keys.chorePrefix });

export async function getChore(familyId: string, choreId: string): Promise<ChoreItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.chore(familyId, choreId) }));
  return out.Item as ChoreItem | undefined;
}

export async function updateChore(
  familyId: string,
  choreId: string,
  input: ChoreInput,
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
  const names: Record<string, string> = { '#name': 'name' };
  // Issue 21: absent keeps what is stored, null removes it; a continuous chore keeps no rhythm.
  if (input.rhythm && input.category !== 'continuous') {
    sets.push('#rhythm = :rhythm');
    values[':rhythm'] = input.rhythm;
    names['#rhythm'] = 'rhythm';
  } else if (input.rhythm === null || input.category === 'continuous') {
    removes.push('#rhythm');
    names['#rhythm'] = 'rhythm';
  }
  if (input.who) {
    sets.push('#who = :who');
    values[':who'] = input.who;
    names['#who'] = 'who';
  } else if (input.who === null) {
    removes.push('#who');
    names['#who'] = 'who';
  }
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chore(familyId, choreId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
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
