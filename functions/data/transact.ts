/**
 * One conditional transaction, and which of its conditions failed. Every TransactWriteItems of the
 * data layer goes through here, so the way DynamoDB reports a cancelled transaction
 * (TransactionCanceledException and its CancellationReasons, one per item) is read in one place.
 * One call is one request.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../lib/db';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A cancelled transaction: nothing of it was written. */
export interface Cancelled {
  ok: false;
  /** The index (into the items) of the first item whose condition failed; -1 when none did. */
  failed: number;
  /** Another transaction changed one of the same items at the same moment (no condition failed). */
  conflict: boolean;
  /** The cancellation as DynamoDB sent it: for a caller that has no answer to this one, to throw on. */
  error: Error;
}

export type Transacted = { ok: true } | Cancelled;

/**
 * Runs one transaction. Every cancellation is an outcome (`failed`: which condition; `conflict`: a
 * concurrent transaction); any other error (network, validation, throttling of the request) is
 * thrown.
 */
export async function transact(items: TransactItem[]): Promise<Transacted> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (err) {
    if ((err as Error)?.name !== 'TransactionCanceledException') throw err;
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return {
      ok: false,
      failed: reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed'),
      conflict: reasons.some((r) => r.Code === 'TransactionConflict'),
      error: err as Error,
    };
  }
}

/**
 * Runs a transaction: true when it was written, false when one of its conditions failed (then
 * nothing was written: the thing changed or went away meanwhile). Other errors, and a cancellation
 * by a concurrent transaction, are thrown.
 */
export async function transactIfUnchanged(items: TransactItem[]): Promise<boolean> {
  const out = await transact(items);
  if (out.ok) return true;
  if (out.failed >= 0) return false;
  throw out.error;
}

/** Runs a transaction that has no other answer to a cancellation than an error: it is thrown as DynamoDB sent it. */
export async function transactOrThrow(items: TransactItem[]): Promise<void> {
  const out = await transact(items);
  if (!out.ok) throw out.error;
}
