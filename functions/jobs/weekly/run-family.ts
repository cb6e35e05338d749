/**
 * One due family's Sunday: claim it (only while still due for the dispatched week), regenerate the
 * week that has begun in its time zone, then move its next run on a week and give the claim back in
 * one conditional update. Receiving the same family twice, or two workers on it at once, changes
 * nothing: the second finds it claimed (and waits) or no longer due (and skips).
 */
import { addDays, weekStartOf, type IsoDate } from '../../../shared/time';
import { writeWeek } from '../../data/generate';
import { claimGeneration, commitWeeklyRun, releaseAfterFailure } from '../../data/generation-claim';
import { runForWeek, weeklyRunIndexKeys } from '../../domain/weekly-run';
import type { WeeklyRunMessage } from './message';

export type FamilyRunResult =
  | { outcome: 'generated'; weekStart: IsoDate; created: number; removed: number; kept: number; nextWeek: IsoDate }
  /** Already advanced (a duplicate or late message), or the family is gone. */
  | { outcome: 'not-due' }
  /** Our claim ran out before the commit and another generator took the family over. */
  | { outcome: 'superseded'; weekStart: IsoDate };

export async function runDueFamily(message: WeeklyRunMessage, clock: Date = new Date()): Promise<FamilyRunResult> {
  const claimed = await claimGeneration(message.familyId, { dueWeek: message.dueWeek });
  if (claimed.status === 'not-due') return { outcome: 'not-due' };
  const { claim } = claimed;
  try {
    // Lambda hosts' clocks agree closely, but the dispatch tick is the authority on which hour it is.
    const tick = new Date(message.tick);
    const now = clock.getTime() < tick.getTime() ? tick : clock;
    const timeZone = claim.family.timeZone;
    // After an outage the due week may be past: generate the week that has begun instead.
    const current = weekStartOf(now, timeZone);
    const weekStart = message.dueWeek > current ? message.dueWeek : current;
    const result = await writeWeek(claim, weekStart, now);
    const next = runForWeek(addDays(weekStart, 7), timeZone);
    const committed = await commitWeeklyRun(claim, {
      dueWeek: message.dueWeek,
      doneWeek: weekStart,
      at: now,
      next: weeklyRunIndexKeys(message.familyId, next),
    });
    if (!committed) return { outcome: 'superseded', weekStart };
    return { outcome: 'generated', ...result, nextWeek: next.weekStart };
  } catch (err) {
    await releaseAfterFailure(claim);
    throw err;
  }
}
