/**
 * The ticks waiting for a parent's OK (issue 19): one `WAIT#` item each in the family's partition,
 * written and deleted in the transactions of data/completion-writes.ts. The approvals card reads them
 * with one Query (a child's with a narrower prefix); approving all of a child's is one approval per
 * tick, each its own conditional transaction with its own log entry.
 */
import type { IsoDate } from '../../shared/time';
import type { Actor } from '../domain/ledger';
import { approveAssignment } from './completion';
import { keys } from './keys';
import { queryAll } from './query';

export interface WaitingItem {
  childId: string;
  choreId: string;
  date: IsoDate;
  assignmentId: string;
  choreName: string;
  cents: number;
  tickedAt: string;
  isContinuous: boolean;
}

/** Every waiting tick of the family (or of one child), oldest chore-day first. */
export async function listWaiting(familyId: string, childId?: string): Promise<WaitingItem[]> {
  const items = await queryAll<WaitingItem>(keys.familyPk(familyId), { prefix: keys.waitingPrefix(childId) });
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.tickedAt.localeCompare(b.tickedAt));
}

/** Approves every tick of the child that waits; a tick taken back or decided meanwhile is skipped. */
export async function approveAll(familyId: string, childId: string, now: Date, actor: Actor): Promise<{ approved: number; cents: number }> {
  let approved = 0;
  let cents = 0;
  for (const w of await listWaiting(familyId, childId)) {
    try {
      await approveAssignment(familyId, w.assignmentId, now, actor, w.isContinuous ? w.date : undefined);
      approved++;
      cents += w.cents;
    } catch (err) {
      // Taken back, sent back or approved by someone else in between: nothing to do for it.
      if ((err as { status?: number }).status === 409 || (err as { status?: number }).status === 404) continue;
      throw err;
    }
  }
  return { approved, cents };
}
