/**
 * The local stand-in for SQS and its Lambda event source (no maintained SQS emulator installs from
 * the npm registry; see docs/decisions/005-weekly-fan-out-and-batched-generation.md). It keeps the
 * contract the Sunday job relies on:
 *
 * - producers send with the real SDK (`SendMessageBatch` / `SendMessage` over SQS's JSON protocol)
 *   to an HTTP endpoint on 127.0.0.1, so the dispatcher runs unchanged;
 * - the consumer (the worker's Lambda handler) gets SQS-shaped event batches of up to `batchSize`
 *   records, at most `maxConcurrency` batches at a time;
 * - records named in `batchItemFailures` (all of them when the handler throws, or names a record
 *   that is not in the batch) stay invisible for the visibility timeout and are then delivered
 *   again, with `ApproximateReceiveCount` counting up;
 * - a message that has been received `maxReceiveCount` times and failed moves to the dead-letter
 *   store instead of being delivered again, as SQS's redrive policy does;
 * - `ChangeMessageVisibility` by receipt handle (each delivery's record carries one, valid for
 *   that receive only) sets when a received message becomes visible again: the report mailer puts
 *   a throttled message back with a backoff that way.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export interface LocalQueueOptions {
  name: string;
  visibilityTimeoutMs: number;
  maxReceiveCount: number;
  batchSize: number;
  maxConcurrency: number;
}

export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface QueuedMessage {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  visibleAt: number;
}

export interface QueueStats {
  sent: number;
  received: number;
  succeeded: number;
  failedReceives: number;
  deadLettered: number;
  waiting: number;
  inFlight: number;
}

const REGION = 'local';
const ACCOUNT = '000000000000';

export class LocalQueue {
  readonly arn: string;
  /** Set once an endpoint serves the queue (createSqsEndpoint). */
  url = '';
  readonly deadLetters: QueuedMessage[] = [];
  private readonly messages = new Map<string, QueuedMessage>();
  private readonly inFlight = new Set<string>();
  private running = 0;
  private consumer: QueueConsumer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];
  private readonly counts = { sent: 0, received: 0, succeeded: 0, failedReceives: 0 };
  private deadLetterListeners: ((m: QueuedMessage) => void)[] = [];

  constructor(readonly options: LocalQueueOptions) {
    this.arn = `arn:aws:sqs:${REGION}:${ACCOUNT}:${options.name}`;
  }

  /** Starts delivering to `consumer` (the event source mapping). */
  attach(consumer: QueueConsumer): void {
    this.consumer = consumer;
    this.pump();
  }

  /** Stops delivering; batches in flight finish. */
  detach(): void {
    this.consumer = undefined;
    clearTimeout(this.timer);
  }

  /** Resolves once no batch is being delivered (or after `timeoutMs`): a stop lets running work finish. */
  async settled(timeoutMs = 10_000): Promise<void> {
    const giveUpAt = Date.now() + timeoutMs;
    while (this.running > 0 && Date.now() < giveUpAt) await new Promise((r) => setTimeout(r, 20));
  }

  onDeadLetter(listener: (m: QueuedMessage) => void): void {
    this.deadLetterListeners.push(listener);
  }

  /**
   * SQS's ChangeMessageVisibility: the message received with `receiptHandle` becomes visible again
   * `timeoutMs` from now (0: at once, once its batch has returned). Throws for a handle that is not
   * the message's latest receive, or a message no longer in the queue.
   */
  changeVisibility(receiptHandle: string, timeoutMs: number): void {
    const [messageId, receive] = receiptHandle.split('#');
    const m = messageId ? this.messages.get(messageId) : undefined;
    if (!m || String(m.receiveCount) !== receive) throw new Error(`ReceiptHandleIsInvalid: ${receiptHandle}`);
    m.visibleAt = Date.now() + timeoutMs;
    if (!this.inFlight.has(m.messageId)) queueMicrotask(() => this.pump());
  }

  /** Queues a message, invisible for `delayMs` first (SQS's DelaySeconds). */
  send(body: string, delayMs = 0): string {
    const messageId = randomUUID();
    this.messages.set(messageId, { messageId, body, sentAt: Date.now(), receiveCount: 0, visibleAt: Date.now() + delayMs });
    this.counts.sent++;
    queueMicrotask(() => this.pump());
    return messageId;
  }

  stats(): QueueStats {
    return { ...this.counts, deadLettered: this.deadLetters.length, waiting: this.messages.size - this.inFlight.size, inFlight: this.inFlight.size };
  }

  /** Resolves when every message has been consumed or dead-lettered. */
  drained(): Promise<void> {
    if (this.messages.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.consumer) return;
    const now = Date.now();
    while (this.running < this.options.maxConcurrency) {
      const batch = this.takeVisible(now);
      if (batch.length === 0) break;
      this.running++;
      void this.deliver(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
    this.settle();
    // Wake up when the next invisible message becomes visible again.
    let next = Infinity;
    for (const m of this.messages.values()) if (!this.inFlight.has(m.messageId) && m.visibleAt > now) next = Math.min(next, m.visibleAt);
    if (next !== Infinity && this.running < this.options.maxConcurrency) {
      this.timer = setTimeout(() => this.pump(), Math.max(1, next - now));
      this.timer.unref?.();
    }
  }

  private takeVisible(now: number): QueuedMessage[] {
    const batch: QueuedMessage[] = [];
    for (const m of this.messages.values()) {
      if (batch.length >= this.options.batchSize) break;
      if (this.inFlight.has(m.messageId) || m.visibleAt > now) continue;
      if (m.receiveCount >= this.options.maxReceiveCount) {
        this.messages.delete(m.messageId);
        this.deadLetters.push(m);
        for (const l of this.deadLetterListeners) l(m);
        continue;
      }
      m.receiveCount++;
      m.firstReceivedAt ??= now;
      m.visibleAt = now + this.options.visibilityTimeoutMs;
      this.inFlight.add(m.messageId);
      batch.push(m);
    }
    return batch;
  }

  private async deliver(batch: QueuedMessage[]): Promise<void> {
    this.counts.received += batch.length;
    let failed: Set<string>;
    try {
      const response = await this.consumer!({ Records: batch.map((m) => this.record(m)) });
      const ids = (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      const known = new Set(batch.map((m) => m.messageId));
      // Like Lambda: a failure naming no record of the batch fails the whole batch.
      failed = ids.every((id) => known.has(id)) ? new Set(ids) : known;
    } catch {
      failed = new Set(batch.map((m) => m.messageId));
    }
    for (const m of batch) {
      this.inFlight.delete(m.messageId);
      if (failed.has(m.messageId)) this.counts.failedReceives++;
      else {
        this.messages.delete(m.messageId);
        this.counts.succeeded++;
      }
    }
  }

  private record(m: QueuedMessage): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: `${m.messageId}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
      },
      messageAttributes: {},
      md5OfBody: md5(m.body),
      eventSource: 'aws:sqs',
      eventSourceARN: this.arn,
      awsRegion: REGION,
    };
  }

  private settle(): void {
    if (this.messages.size === 0 && this.running === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** SQS's limits that the endpoint enforces like the service. */
const MAX_BATCH_ENTRIES = 10;
const MAX_MESSAGE_BYTES = 1024 * 1024;

type SqsError = { status: number; type: string; message: string };
const sqsError = (type: string, message: string, status = 400): SqsError => ({ status, type, message });

/**
 * An HTTP endpoint speaking the parts of SQS's JSON protocol that producers and consumers use here:
 * SendMessage, SendMessageBatch, ChangeMessageVisibility and GetQueueUrl. Queue URLs are
 * `<endpoint>/000000000000/<name>`.
 */
export async function createSqsEndpoint(queues: LocalQueue[], host = '127.0.0.1'): Promise<{ endpoint: string; server: Server; stop: () => Promise<void> }> {
  const byName = new Map(queues.map((q) => [q.options.name, q]));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': randomUUID() });
        res.end(text);
      };
      try {
        const action = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        reply(200, handle(action, input));
      } catch (err) {
        const e = (err as SqsError).type ? (err as SqsError) : sqsError('com.amazonaws.sqs#InvalidParameterValue', (err as Error).message);
        reply(e.status, { __type: e.type, message: e.message });
      }
    });
  });

  const queueOf = (url: unknown): LocalQueue => {
    const name = typeof url === 'string' ? url.split('/').pop() : undefined;
    const q = name ? byName.get(name) : undefined;
    if (!q) throw sqsError('com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
    return q;
  };
  /** DelaySeconds: 0 to 900, as SQS allows. */
  const delayOf = (seconds: unknown): number => {
    if (seconds === undefined || seconds === null) return 0;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 900) {
      throw sqsError('com.amazonaws.sqs#InvalidParameterValue', 'DelaySeconds must be a whole number from 0 to 900.');
    }
    return seconds * 1000;
  };
  const checkBody = (body: unknown): string => {
    if (typeof body !== 'string' || body.length === 0) throw sqsError('com.amazonaws.sqs#InvalidParameterValue', 'MessageBody must be a non-empty string.');
    if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) throw sqsError('com.amazonaws.sqs#InvalidParameterValue', 'Message must be shorter than 1048576 bytes.');
    return body;
  };

  function handle(action: string, input: Record<string, unknown>): unknown {
    switch (action) {
      case 'GetQueueUrl': {
        const q = byName.get(String(input.QueueName));
        if (!q) throw sqsError('com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.');
        return { QueueUrl: q.url };
      }
      case 'SendMessage': {
        const q = queueOf(input.QueueUrl);
        const body = checkBody(input.MessageBody);
        return { MessageId: q.send(body, delayOf(input.DelaySeconds)), MD5OfMessageBody: md5(body) };
      }
      case 'SendMessageBatch': {
        const q = queueOf(input.QueueUrl);
        const entries = (input.Entries ?? []) as { Id?: string; MessageBody?: string; DelaySeconds?: number }[];
        if (entries.length === 0) throw sqsError('com.amazonaws.sqs#EmptyBatchRequest', 'There should be at least one SendMessageBatchRequestEntry in the request.');
        if (entries.length > MAX_BATCH_ENTRIES) throw sqsError('com.amazonaws.sqs#TooManyEntriesInBatchRequest', `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}.`);
        if (new Set(entries.map((e) => e.Id)).size !== entries.length) throw sqsError('com.amazonaws.sqs#BatchEntryIdsNotDistinct', 'Two or more batch entries in the request have the same Id.');
        const total = entries.reduce((n, e) => n + Buffer.byteLength(e.MessageBody ?? ''), 0);
        if (total > MAX_MESSAGE_BYTES) throw sqsError('com.amazonaws.sqs#BatchRequestTooLong', 'Batch requests cannot be longer than 1048576 bytes.');
        const Successful: unknown[] = [];
        const Failed: unknown[] = [];
        for (const e of entries) {
          try {
            const body = checkBody(e.MessageBody);
            Successful.push({ Id: e.Id, MessageId: q.send(body, delayOf(e.DelaySeconds)), MD5OfMessageBody: md5(body) });
          } catch (err) {
            Failed.push({ Id: e.Id, SenderFault: true, Code: 'InvalidParameterValue', Message: (err as SqsError).message });
          }
        }
        return { Successful, Failed };
      }
      case 'ChangeMessageVisibility': {
        const q = queueOf(input.QueueUrl);
        const seconds = input.VisibilityTimeout;
        if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 43_200) {
          throw sqsError('com.amazonaws.sqs#InvalidParameterValue', 'VisibilityTimeout must be a whole number from 0 to 43200.');
        }
        try {
          q.changeVisibility(String(input.ReceiptHandle ?? ''), seconds * 1000);
        } catch {
          throw sqsError('com.amazonaws.sqs#ReceiptHandleIsInvalid', `The input receipt handle "${String(input.ReceiptHandle)}" is not valid.`);
        }
        return {};
      }
      default:
        throw sqsError('com.amazonaws.sqs#UnsupportedOperation', `The local queue does not support ${action || 'this request'}.`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const addr = server.address();
  const endpoint = `http://${host}:${typeof addr === 'object' && addr ? addr.port : 0}`;
  for (const q of queues) q.url = `${endpoint}/${ACCOUNT}/${q.options.name}`;
  return {
    endpoint,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
