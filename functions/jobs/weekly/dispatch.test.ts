/** Unit test with stubbed DynamoDB and SQS clients: paging, batching and SQS's partial failures. */
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDbClient } from '../../lib/db';
import { resetAppEnv } from '../../lib/env';
import { setSqsClient } from '../../lib/sqs';
import { WEEKLY_RUN_SHARDS } from '../../data/planning/weekly-run-index';
import { dispatchDueFamilies } from './dispatch';
import { decodeWeeklyRunMessage } from './message';
import { WEEKLY_JOB_SETTINGS } from './settings';

const TICK = new Date('2026-11-29T05:00:10Z');

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit-test-table', WEEKLY_QUEUE_URL: 'https://sqs.example/123/weekly' });
  resetAppEnv();
});
afterEach(() => {
  setDbClient(undefined);
  setSqsClient(undefined);
});

/** 25 due families in shard 3 of today, over two pages; nothing anywhere else. */
function stubIndex() {
  const queried: string[] = [];
  const send = vi.fn(async (command: unknown) => {
    if (!(command instanceof QueryCommand)) throw new Error('unexpected command');
    const pk = String(command.input.ExpressionAttributeValues?.[':pk']);
    queried.push(pk);
    expect(command.input.ExpressionAttributeValues?.[':upto']).toBe('2026-11-29T05#~');
    if (pk !== 'WEEKLYRUN#2026-11-29#3') return { Items: [] };
    const page = command.input.ExclusiveStartKey ? 1 : 0;
    const ids = Array.from({ length: page ? 5 : 20 }, (_, i) => `fam-${page * 20 + i}`);
    return { Items: ids.map((familyId) => ({ familyId, nextRunWeekStart: '2026-11-29' })), ...(page ? {} : { LastEvaluatedKey: { PK: 'x' } }) };
  });
  setDbClient({ send } as unknown as DynamoDBDocumentClient);
  return queried;
}

/** SQS answering each entry; `fails(familyId, attempt)` makes an entry fail (not the sender's fault). */
function stubQueue(fails: (familyId: string, attempt: number) => boolean) {
  const delivered: string[] = [];
  const attempts = new Map<string, number>();
  const send = vi.fn(async (command: unknown) => {
    if (!(command instanceof SendMessageBatchCommand)) throw new Error('unexpected command');
    const entries = command.input.Entries ?? [];
    expect(entries.length).toBeLessThanOrEqual(10);
    const Failed = [];
    const Successful = [];
    for (const e of entries) {
      const familyId = decodeWeeklyRunMessage(e.MessageBody!).familyId;
      const n = (attempts.get(familyId) ?? 0) + 1;
      attempts.set(familyId, n);
      if (fails(familyId, n)) Failed.push({ Id: e.Id, SenderFault: false, Code: 'InternalError' });
      else {
        Successful.push({ Id: e.Id, MessageId: `m-${familyId}`, MD5OfMessageBody: '' });
        delivered.push(familyId);
      }
    }
    return { Successful, Failed };
  });
  setSqsClient({ send } as unknown as SQSClient);
  return delivered;
}

describe('dispatchDueFamilies', () => {
  it('reads every shard and the pre-shard key of each lookback day, and sends each due family once', async () => {
    // Prepare
    const queried = stubIndex();
    const delivered = stubQueue(() => false);
    // Act
    const result = await dispatchDueFamilies(TICK);
    // Assess
    expect(new Set(queried).size).toBe((WEEKLY_JOB_SETTINGS.lookbackDays + 1) * (WEEKLY_RUN_SHARDS + 1));
    expect(queried).toContain('WEEKLYRUN#2026-11-22');
    expect(delivered.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `fam-${i}`).sort());
    expect(result).toMatchObject({ dispatched: 25, notSent: [], fromLegacyIndex: 0 });
  });

  it('sends again the entries SQS fails, and names the families it never took', async () => {
    // Prepare: fam-7 fails once; fam-9 every time.
    stubIndex();
    const delivered = stubQueue((id, attempt) => (id === 'fam-7' && attempt === 1) || id === 'fam-9');
    // Act
    const result = await dispatchDueFamilies(TICK);
    // Assess
    expect(delivered).toContain('fam-7');
    expect(delivered).not.toContain('fam-9');
    expect(result.dispatched).toBe(24);
    expect(result.notSent).toEqual(['fam-9']);
  });
});
