/**
 * Unit test with a stubbed DynamoDB client: deleting a chore sends again the deletions DynamoDB
 * leaves unprocessed (BatchWriteItem may answer with UnprocessedItems under load).
 */
import { BatchWriteCommand, DeleteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDbClient } from '../../lib/db';
import { deleteChore } from './chore-removal';

const FAMILY = 'fam-1';
const TODAY = '2026-11-24';

const pending = (childId: string, day: string) => ({
  assignmentId: `2026-11-22.${childId}.g-chore-1-${day}`,
  familyId: FAMILY,
  childId,
  choreId: 'chore-1',
  assignedDate: `2026-11-${day}`,
  isCompleted: false,
});

function stubClient(unprocessedRounds: number) {
  const batches: number[] = [];
  let rounds = 0;
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof QueryCommand) {
      const prefix = String(command.input.ExpressionAttributeValues?.[':a'] ?? '');
      const items = prefix.startsWith('ASSIGN#') ? [pending('kid-a', '25'), pending('kid-b', '26'), pending('kid-a', '27')] : [];
      return { Items: items };
    }
    if (command instanceof DeleteCommand) return {};
    if (command instanceof BatchWriteCommand) {
      const requests = Object.values(command.input.RequestItems ?? {}).flat();
      batches.push(requests.length);
      // Leave the last request unprocessed for the first rounds, as DynamoDB does when throttled.
      if (rounds++ < unprocessedRounds) return { UnprocessedItems: { [process.env.TABLE_NAME!]: requests.slice(-1) } };
      return { UnprocessedItems: {} };
    }
    throw new Error(`unexpected command ${(command as object).constructor.name}`);
  });
  setDbClient({ send } as unknown as DynamoDBDocumentClient);
  return { batches, send };
}

beforeAll(() => {
  process.env.TABLE_NAME ??= 'unit-test-table';
});
afterEach(() => setDbClient(undefined));

describe('deleteChore', () => {
  it('sends the unprocessed deletions again until none are left', async () => {
    const { batches } = stubClient(2);
    expect(await deleteChore(FAMILY, 'chore-1', TODAY)).toBe(true);
    expect(batches).toEqual([3, 1, 1]);
  });

  it('deletes in one batch when DynamoDB processes everything', async () => {
    const { batches } = stubClient(0);
    expect(await deleteChore(FAMILY, 'chore-1', TODAY)).toBe(true);
    expect(batches).toEqual([3]);
  });
});
