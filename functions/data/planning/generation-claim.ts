/**
 * One generator per family at a time. The Sunday worker, a parent's "Reassign Weekly Chores" and a
 * redelivered or duplicated queue message all take this claim (a conditional update of the family
 * item) before they read and write a family's week, and give it back when they are done. That is what
 * lets a generator write the new week's assignments with BatchWriteItem, which cannot carry
 * conditions: while the claim is held, nobody else creates generated assignments in the family, so a
 * blind put can never land on an item that another generator created and a child has since ticked
 * (docs/decisions/005-weekly-fan-out-and-batched-generation.md).
 *
 * A claim expires on its own, so a generator that died cannot block its family for long. A holder
 * stops writing well before that (`writeDeadline`): the write window is shorter than the claim by
 * more than any write request can stay in flight, and the worker's Lambda timeout is no longer
 * than the write window.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { db, tableName } from '../../lib/db';
import type { FamilyItem } from '../family/accounts';
import * as keys from '../keys';
import { isConditionFailure } from '../query';

export const GENERATION_CLAIM = {
  /** After this a claim no longer holds, whoever took it. */
  ttlMs: 120_000,
  /** A holder sends no write after this much time (worker timeout 60 s; SDK request timeout 10 s). */
  writeWindowMs: 60_000,
  /** How long a generator waits for another one's claim before giving up. */
  waitMs: 4_000,
  pollMs: 100,
} as const;

export interface GenerationClaim {
  familyId: string;
  token: string;
  /** Epoch ms after which this holder must not send another write. */
  writeDeadline: number;
  /** The family item as the claim left it (time zone, next run). */
  family: FamilyItem;
  /** Set once a write has been sent under this claim. */
  wrote?: boolean;
}

/** The holder's time is up: it stops before writing anything more (the next attempt continues). */
export class ClaimExpired extends Error {
  constructor(readonly familyId: string) {
    super(`Generation claim for family ${familyId} ran out before the writes were done`);
  }
}

export type ClaimOutcome =
  | { status: 'claimed'; claim: GenerationClaim }
  /** The family is gone, or (with `dueWeek`) no longer due for that week: nothing to do. */
  | { status: 'not-due'; family?: FamilyItem }
  /** Another generator held the claim for longer than we waited (it finishes within seconds; try again shortly). */
  | { status: 'busy' };

/**
 * Takes the family's generation claim, waiting up to GENERATION_CLAIM.waitMs for another holder.
 * With `dueWeek`, only while the family is still due for that week (the Sunday worker).
 */
export async function claimGeneration(familyId: string, opts: { dueWeek?: string; waitMs?: number } = {}): Promise<ClaimOutcome> {
  const token = randomUUID();
  const giveUpAt = Date.now() + (opts.waitMs ?? GENERATION_CLAIM.waitMs);
  for (;;) {
    const now = Date.now();
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.family(familyId),
          UpdateExpression: 'SET genClaim = :claim',
          // A family being deleted gets no new week (its deletion waits for a claim taken before the mark).
          ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(deletion) AND (attribute_not_exists(genClaim) OR genClaim.#until < :now)${opts.dueWeek ? ' AND nextRunWeekStart = :due' : ''}`,
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':claim': { token, until: now + GENERATION_CLAIM.ttlMs }, ':now': now, ...(opts.dueWeek ? { ':due': opts.dueWeek } : {}) },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { status: 'claimed', claim: { familyId, token, writeDeadline: now + GENERATION_CLAIM.writeWindowMs, family: out.Attributes as FamilyItem } };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const raw = (err as { Item?: Record<string, AttributeValue> }).Item;
      const family = raw ? (unmarshall(raw) as FamilyItem) : undefined;
      if (!family || family.deletion) return { status: 'not-due', ...(family ? { family } : {}) };
      if (opts.dueWeek && family.nextRunWeekStart !== opts.dueWeek) return { status: 'not-due', family };
      if (Date.now() + GENERATION_CLAIM.pollMs > giveUpAt) return { status: 'busy' };
      await new Promise((r) => setTimeout(r, GENERATION_CLAIM.pollMs + Math.random() * GENERATION_CLAIM.pollMs));
    }
  }
}

/** Call before sending each write: throws ClaimExpired when the holder may no longer write. */
export function assertCanWrite(claim: GenerationClaim): void {
  if (Date.now() >= claim.writeDeadline) throw new ClaimExpired(claim.familyId);
  claim.wrote = true;
}

/**
 * Gives the claim back after a failure, unless a write was sent: a write whose outcome is unknown
 * (a timeout) may still land, so no other generator may plan around it until the claim runs out.
 */
export async function releaseAfterFailure(claim: GenerationClaim): Promise<void> {
  if (!claim.wrote) await releaseGeneration(claim).catch(() => undefined);
}

/**
 * Runs `work` holding the family's claim (waiting a moment for another holder), and gives the claim
 * back afterwards. `'busy'` when the other holder does not let go; `'missing'` when the family is gone.
 */
export async function withGenerationClaim<T>(familyId: string, work: (claim: GenerationClaim) => Promise<T>): Promise<T | 'missing' | 'busy'> {
  const outcome = await claimGeneration(familyId);
  if (outcome.status === 'busy') return 'busy';
  if (outcome.status !== 'claimed') return 'missing';
  try {
    const result = await work(outcome.claim);
    await releaseGeneration(outcome.claim);
    return result;
  } catch (err) {
    await releaseAfterFailure(outcome.claim);
    throw err;
  }
}

/** Gives the claim back (only our own: a claim that expired and was taken by another stays theirs). */
export async function releaseGeneration(claim: GenerationClaim): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(claim.familyId),
        UpdateExpression: 'REMOVE genClaim',
        ConditionExpression: 'genClaim.#token = :token',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':token': claim.token },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * The Sunday worker's last write: the family's next run moves to the week after `doneWeek` (its
 * index keys with it, onto the sharded partition) and the claim is given back, in one conditional
 * update. False when the claim was no longer ours (it ran out and another generator took over; that
 * one advances the family).
 */
export async function commitWeeklyRun(
  claim: GenerationClaim,
  run: {
    dueWeek: string;
    doneWeek: string;
    at: Date;
    next: { GSI2PK: string; GSI2SK: string; nextRunWeekStart: string };
    /** The weekly e-mail reports of `doneWeek` are still to be queued (jobs/weekly/reports.ts). */
    reportsDue?: boolean;
  },
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(claim.familyId),
        UpdateExpression: `SET GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :next, lastRunWeekStart = :done, lastRunAt = :at${run.reportsDue ? ', reportWeek = :done' : ''} REMOVE genClaim`,
        ConditionExpression: 'genClaim.#token = :token AND nextRunWeekStart = :due',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: {
          ':pk': run.next.GSI2PK,
          ':sk': run.next.GSI2SK,
          ':next': run.next.nextRunWeekStart,
          ':done': run.doneWeek,
          ':at': run.at.toISOString(),
          ':token': claim.token,
          ':due': run.dueWeek,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
