/**
 * The ticks waiting for a parent's OK (issue 19): one `WAIT#` item each in the family's partition,
 * written and deleted in the transactions of data/ticks/completion-writes.ts. The approvals card reads them
 * with one Query (a child's with a narrower prefix).
 */
import type { IsoDate } from '../../../shared/time';
import * as keys from '../keys';
import { queryAll } from '../query';

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
