/**
 * The local queue keeps the SQS contract the Sunday job relies on: batches, partial batch failures,
 * redelivery after the visibility timeout with a rising receive count, the dead-letter store after
 * maxReceiveCount, and the SendMessageBatch and ChangeMessageVisibility endpoint used through the real AWS SDK.
 */
import { ChangeMessageVisibilityCommand, GetQueueUrlCommand, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqsEndpoint, LocalQueue, type LocalQueueOptions } from '../../infra/local/queue';

const queues: LocalQueue[] = [];
const make = (over: Partial<LocalQueueOptions> = {}) => {
  const q = new LocalQueue({ name: 'q', visibilityTimeoutMs: 20, maxReceiveCount: 3, batchSize: 10, maxConcurrency: 2, ...over });
  queues.push(q);
  return q;
};
afterEach(() => {
  for (const q of queues.splice(0)) q.detach();
});

describe('LocalQueue', () => {
  it('delivers messages in batches of at most batchSize, at most maxConcurrency batches at a time', async () => {
    // Prepare
    const q = make({ batchSize: 3, maxConcurrency: 2 });
    const sizes: number[] = [];
    let running = 0;
    let most = 0;
    q.attach(async (event) => {
      running++;
      most = Math.max(most, running);
      sizes.push(event.Records.length);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    });
    // Act
    for (let i = 0; i < 10; i++) q.send(`m${i}`);
    await q.drained();
    // Assess
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(most).toBe(2);
    expect(q.stats()).toMatchObject({ sent: 10, succeeded: 10, failedReceives: 0, waiting: 0 });
  });

  it('delivers only the failed records of a batch again, after the visibility timeout, counting receives', async () => {
    // Prepare: "b" fails on its first receive.
    const q = make({ visibilityTimeoutMs: 30 });
    const seen: { body: string; count: string; at: number }[] = [];
    q.attach(async (event: SQSEvent) => {
      for (const r of event.Records) seen.push({ body: r.body, count: r.attributes.ApproximateReceiveCount, at: Date.now() });
      return { batchItemFailures: event.Records.filter((r) => r.body === 'b' && r.attributes.ApproximateReceiveCount === '1').map((r) => ({ itemIdentifier: r.messageId })) };
    });
    // Act
    q.send('a');
    q.send('b');
    await q.drained();
    // Assess
    expect(seen.map((s) => `${s.body}${s.count}`)).toEqual(['a1', 'b1', 'b2']);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(25);
    expect(q.stats()).toMatchObject({ succeeded: 2, failedReceives: 1, deadLettered: 0 });
  });

  it('fails the whole batch when the handler throws or names a record that is not in the batch', async () => {
    // Prepare
    const q = make({ maxReceiveCount: 5 });
    let calls = 0;
    q.attach(async (event) => {
      calls++;
      if (calls === 1) throw new Error('crash');
      if (calls === 2) return { batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] };
      expect(event.Records.map((r) => r.attributes.ApproximateReceiveCount)).toEqual(['3', '3']);
    });
    // Act
    q.send('x');
    q.send('y');
    await q.drained();
    // Assess
    expect(q.stats()).toMatchObject({ succeeded: 2, failedReceives: 4 });
  });

  it('moves a message that failed maxReceiveCount times to the dead-letter store', async () => {
    // Prepare
    const q = make({ maxReceiveCount: 3 });
    const dead: string[] = [];
    q.onDeadLetter((m) => dead.push(`${m.body}@${m.receiveCount}`));
    q.attach(async (event) => ({ batchItemFailures: event.Records.filter((r) => r.body === 'poison').map((r) => ({ itemIdentifier: r.messageId })) }));
    // Act
    q.send('poison');
    q.send('fine');
    await q.drained();
    // Assess
    expect(dead).toEqual(['poison@3']);
    expect(q.deadLetters.map((m) => m.body)).toEqual(['poison']);
    expect(q.stats()).toMatchObject({ succeeded: 1, failedReceives: 3, deadLettered: 1, waiting: 0 });
  });

  it('keeps messages while detached and delivers them once attached', async () => {
    const q = make();
    q.send('later');
    expect(q.stats()).toMatchObject({ waiting: 1, received: 0 });
    const got: string[] = [];
    q.attach(async (event) => void got.push(...event.Records.map((r) => r.body)));
    await q.drained();
    expect(got).toEqual(['later']);
  });
});

describe('local SQS endpoint', () => {
  it('takes SendMessageBatch and SendMessage from the AWS SDK, with SQS checksums and limits', async () => {
    // Prepare
    const q = make();
    const got: string[] = [];
    q.attach(async (event) => void got.push(...event.Records.map((r) => r.body)));
    const endpoint = await createSqsEndpoint([q]);
    const client = new SQSClient({ endpoint: endpoint.endpoint, region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    try {
      // Act
      const url = (await client.send(new GetQueueUrlCommand({ QueueName: 'q' }))).QueueUrl!;
      const batch = await client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: 'a', MessageBody: 'één' }, { Id: 'b', MessageBody: '{"x":1}' }] }));
      await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'single' }));
      const tooMany = client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: Array.from({ length: 11 }, (_, i) => ({ Id: `e${i}`, MessageBody: 'x' })) }));
      const noQueue = client.send(new SendMessageCommand({ QueueUrl: `${endpoint.endpoint}/000000000000/missing`, MessageBody: 'x' }));
      await q.drained();
      // Assess
      expect(url).toBe(q.url);
      expect(batch.Successful?.map((s) => s.Id)).toEqual(['a', 'b']);
      expect(batch.Failed ?? []).toEqual([]);
      await expect(tooMany).rejects.toMatchObject({ name: 'TooManyEntriesInBatchRequest' });
      await expect(noQueue).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
      expect(got.sort()).toEqual(['single', '{"x":1}', 'één'].sort());
    } finally {
      client.destroy();
      await endpoint.stop();
    }
  });

  it('takes ChangeMessageVisibility by the receipt handle of the latest receive, as the report mailer puts a message back', async () => {
    // Prepare: the first receive puts "a" back for 1 s and fails it; the queue's own visibility timeout is 20 ms.
    const q = make({ visibilityTimeoutMs: 20, maxReceiveCount: 5 });
    const endpoint = await createSqsEndpoint([q]);
    const client = new SQSClient({ endpoint: endpoint.endpoint, region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const seen: { handle: string; at: number }[] = [];
    let stale: Promise<unknown> | undefined;
    q.attach(async (event) => {
      const r = event.Records[0]!;
      seen.push({ handle: r.receiptHandle, at: Date.now() });
      if (seen.length > 1) {
        // A handle of an earlier receive is no longer valid.
        stale = client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: seen[0]!.handle, VisibilityTimeout: 0 }));
        await stale.catch(() => undefined);
        return;
      }
      await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: r.receiptHandle, VisibilityTimeout: 1 }));
      return { batchItemFailures: [{ itemIdentifier: r.messageId }] };
    });
    try {
      // Act
      q.send('a');
      await q.drained();
      const gone = client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: seen[1]!.handle, VisibilityTimeout: 0 }));
      const tooLong = client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: seen[1]!.handle, VisibilityTimeout: 43_201 }));
      // Assess
      expect(seen).toHaveLength(2);
      expect(seen.map((s) => s.handle.length > 0)).toEqual([true, true]);
      expect(seen[0]!.handle).not.toBe(seen[1]!.handle);
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
      await expect(stale).rejects.toMatchObject({ name: 'ReceiptHandleIsInvalid' });
      await expect(gone).rejects.toMatchObject({ name: 'ReceiptHandleIsInvalid' });
      await expect(tooLong).rejects.toMatchObject({ name: 'InvalidParameterValue' });
      expect(q.stats()).toMatchObject({ succeeded: 1, failedReceives: 1 });
    } finally {
      client.destroy();
      await endpoint.stop();
    }
  });
});
