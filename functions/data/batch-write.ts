/**
 * Bulk writes over lib-dynamodb. BatchWriteItem (25 requests a call, no conditions) for writes no one
 * else can race, sent a few calls at a time, with what DynamoDB leaves unprocessed sent again after
 * an exponential backoff with full jitter (AWS's advice for UnprocessedItems); TransactWriteItems (up
 * to 100 conditional actions a call) for writes that must hold a condition.
 */
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { transact, type TransactItem, type Transacted } from './transact';

export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];
export type { TransactItem } from './transact';

export const BATCH_WRITE = {
  /** DynamoDB's limit per BatchWriteItem call. */
  size: 25,
  /** Calls of one bulk write in flight at once. */
  concurrency: 4,
  /** Sends of the same request before giving up on it. */
  attempts: 8,
  baseDelayMs: 25,
  maxDelayMs: 2_000,
} as const;

/** DynamoDB's limit per TransactWriteItems call. */
export const TRANSACTION_SIZE = 100;

export interface BulkWriteOptions {
  /** Called before every call is sent; throwing stops the write (a generator whose claim ran out). */
  beforeSend?: () => void;
  concurrency?: number;
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with full jitter: a random wait up to base × 2^attempt, capped. */
export const backoffMs = (attempt: number): number =>
  Math.random() * Math.min(BATCH_WRITE.maxDelayMs, BATCH_WRITE.baseDelayMs * 2 ** attempt);

/**
 * Writes every request, 25 to a call. Returns the requests still unprocessed after the last attempt
 * (none, normally); the caller decides whether that is a failure.
 */
export async function batchWriteAll(requests: WriteRequest[], opts: BulkWriteOptions = {}): Promise<WriteRequest[]> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE.size) chunks.push(requests.slice(i, i + BATCH_WRITE.size));
  const left: WriteRequest[] = [];
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) left.push(...(await writeChunk(chunks[next++]!, opts)));
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? BATCH_WRITE.concurrency, chunks.length) }, lane));
  return left;
}

async function writeChunk(chunk: WriteRequest[], opts: BulkWriteOptions): Promise<WriteRequest[]> {
  const table = tableName();
  let pending = chunk;
  const attempts = opts.attempts ?? BATCH_WRITE.attempts;
  for (let attempt = 0; pending.length > 0 && attempt < attempts; attempt++) {
    if (attempt > 0) await (opts.sleep ?? defaultSleep)(backoffMs(attempt));
    opts.beforeSend?.();
    const out = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
  }
  return pending;
}

/**
 * Sends conditional actions in transactions of up to 100, one after the other (each all-or-nothing),
 * and stops at the first that is cancelled: its outcome (the ones before it are written).
 */
export async function transactAll(items: TransactItem[], opts: Pick<BulkWriteOptions, 'beforeSend'> = {}): Promise<Transacted> {
  for (let i = 0; i < items.length; i += TRANSACTION_SIZE) {
    opts.beforeSend?.();
    const out = await transact(items.slice(i, i + TRANSACTION_SIZE));
    if (!out.ok) return out;
  }
  return { ok: true };
}
