/** Unit test with a stubbed DynamoDB client: BatchWriteItem's UnprocessedItems and the write guard. */
import { BatchWriteCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDbClient } from '../lib/db';
import { batchWriteAll, transactAll, type WriteRequest } from './batch-write';

const put = (n: number): WriteRequest => ({ PutRequest: { Item: { PK: 'P', SK: `S${n}` } } });
const noSleep = async () => undefined;

beforeAll(() => {
  process.env.TABLE_NAME ??= 'unit-test-table';
});
afterEach(() => setDbClient(undefined));

function stub(answer: (requests: WriteRequest[], call: number) => WriteRequest[]) {
  const calls: number[] = [];
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof BatchWriteCommand) {
      const requests = Object.values(command.input.RequestItems ?? {}).flat() as WriteRequest[];
      calls.push(requests.length);
      return { UnprocessedItems: { [process.env.TABLE_NAME!]: answer(requests, calls.length) } };
    }
    if (command instanceof TransactWriteCommand) {
      calls.push(command.input.TransactItems?.length ?? 0);
      return {};
    }
    throw new Error('unexpected command');
  });
  setDbClient({ send } as unknown as DynamoDBDocumentClient);
  return calls;
}

describe('batchWriteAll', () => {
  it('sends 25 requests a call', async () => {
    const calls = stub(() => []);
    expect(await batchWriteAll(Array.from({ length: 60 }, (_, i) => put(i)), { sleep: noSleep })).toEqual([]);
    expect(calls.sort((a, b) => a - b)).toEqual([10, 25, 25]);
  });

  it('sends what DynamoDB leaves unprocessed again, with a growing wait, until it is all written', async () => {
    // Prepare: the last two requests are left unprocessed twice (throttling).
    const waits: number[] = [];
    const calls = stub((requests, call) => (call <= 2 ? requests.slice(-2) : []));
    // Act
    const left = await batchWriteAll(Array.from({ length: 5 }, (_, i) => put(i)), { sleep: async (ms) => void waits.push(ms) });
    // Assess
    expect(left).toEqual([]);
    expect(calls).toEqual([5, 2, 2]);
    expect(waits).toHaveLength(2);
  });

  it('returns what is still unprocessed after the last attempt', async () => {
    stub((requests) => requests.slice(0, 1));
    const left = await batchWriteAll([put(1), put(2)], { sleep: noSleep, attempts: 3 });
    expect(left).toEqual([put(1)]);
  });

  it('sends nothing more once the guard refuses (a generator whose claim ran out)', async () => {
    const calls = stub(() => []);
    let allowed = 1;
    const guard = () => {
      if (allowed-- <= 0) throw new Error('claim ran out');
    };
    await expect(batchWriteAll(Array.from({ length: 50 }, (_, i) => put(i)), { beforeSend: guard, concurrency: 1, sleep: noSleep })).rejects.toThrow('claim ran out');
    expect(calls).toEqual([25]);
  });
});

describe('transactAll', () => {
  it('sends transactions of at most 100 actions, one after the other', async () => {
    const calls = stub(() => []);
    await transactAll(Array.from({ length: 230 }, (_, i) => ({ Put: { TableName: 't', Item: { PK: 'P', SK: `S${i}` } } })));
    expect(calls).toEqual([100, 100, 30]);
  });
});
