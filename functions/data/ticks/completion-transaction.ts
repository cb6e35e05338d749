/**
 * How a completion's transaction is sent (data/ticks/completion-writes.ts builds it): each write tagged
 * by its role, so a cancelled transaction is told apart by which condition failed (the chore-day
 * changed meanwhile, it was done through another assignment, the payout round moved, a first-wins
 * chore-day was taken by another child), and a first-wins chore-day's claim and rival marks added
 * (data/planning/first-wins.ts).
 */
import { TRANSACTION_SIZE } from '../batch-write';
import { getChild, type ChildItem } from '../family/children';
import type { ChoreDay } from './chore-day';
import { ChoreDayTaken, isFirstWins, releaseWrites, takenByName, takeWrites } from '../planning/first-wins';
import { transact, type TransactItem } from '../transact';

export class ChildMissing extends Error {}
/** Unticking a completion that Reset Earnings already paid out. */
export class AlreadyPaid extends Error {}
/** Ticking a chore-day already done through another assignment. */
export class ChoreDayDone extends Error {}
/** A Reset Earnings landed between reading the child and writing: read it again and retry. */
export class RoundChanged extends Error {}

/** 'taken' and 'rival': a first-wins chore-day's family-wide claim and the other children's marks (data/planning/first-wins.ts). */
export type Role = 'state' | 'marker' | 'event' | 'waiting' | 'money' | 'taken' | `rival:${string}`;

/** Another transaction changed one of the same items at the same moment: read again and retry. */
export class WriteConflict extends Error {}

/**
 * Sends one transaction whose writes are tagged by role, and names what failed: 'raced' when the
 * assignment's own condition failed (someone else changed the chore-day first); `rival:<childId>`
 * when a first-wins rival's assignment is gone (sent again without it).
 */
export async function send(writes: [Role, TransactItem][], child: ChildItem, counting: boolean, day?: ChoreDay): Promise<'done' | 'raced' | `rival:${string}`> {
  const out = await transact(writes.map(([, w]) => w));
  if (out.ok) return 'done';
  if (out.failed < 0) {
    if (out.conflict) throw new WriteConflict();
    throw out.error;
  }
  const role = writes[out.failed]![0];
  if (role === 'state') return 'raced';
  if (role.startsWith('rival:')) return role as `rival:${string}`;
  if (role === 'taken' && day?.kind === 'dated') throw new ChoreDayTaken(await takenByName(day.item));
  if (role === 'marker') throw new ChoreDayDone();
  if (role === 'money') {
    const now = await getChild(child.familyId, child.childId, true);
    if (!now) throw new ChildMissing();
    throw counting ? new RoundChanged() : new AlreadyPaid();
  }
  throw out.error;
}

/**
 * Sends a tick's or untick's writes, with a first-wins chore-day's claim and rival marks added
 * (data/planning/first-wins.ts); a rival whose assignment is gone is left out and the rest sent again.
 */
export async function sendFirstWins(writes: [Role, TransactItem][], day: ChoreDay, child: ChildItem, counting: boolean, how: 'take' | 'release'): Promise<'done' | 'raced'> {
  if (day.kind !== 'dated' || !isFirstWins(day.item)) return (await send(writes, child, counting)) === 'raced' ? 'raced' : 'done';
  // One transaction holds at most TRANSACTION_SIZE items: with more rivals than room (a family of
  // ~90 children), the rest are not marked. The claim alone keeps the chore-day paid once: their
  // tick is refused with the same 409, they only miss the "Done by" line until then.
  let rivals = (day.item.firstWinsWith ?? []).slice(0, Math.max(0, TRANSACTION_SIZE - writes.length - 1));
  for (;;) {
    const extra = how === 'take' ? takeWrites(day.item, child, rivals) : releaseWrites(day.item, rivals);
    const all: [Role, TransactItem][] = [...writes, ['taken', extra.claim], ...extra.marks.map((m, i): [Role, TransactItem] => [`rival:${rivals[i]}`, m])];
    const outcome = await send(all, child, counting, day);
    if (outcome === 'done' || outcome === 'raced') return outcome;
    rivals = rivals.filter((r) => `rival:${r}` !== outcome);
  }
}
