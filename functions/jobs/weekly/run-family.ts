/**
 * One due family's Sunday: claim it (only while still due for the dispatched week), regenerate the
 * week that has begun in its time zone, then move its next run on a week and give the claim back in
 * one conditional update. Receiving the same family twice, or two workers on it at once, changes
 * nothing: the second finds it claimed (and waits) or no longer due (and skips). Then the weekly
 * e-mail reports are queued for the report mailer (./reports.ts): a delivery that finds the family
 * advanced but its reports not all queued queues them, and never generates the week again.
 */
import { addDays, weekStartOf, type IsoDate } from '../../../shared/time';
import { writeWeek } from '../../data/planning/generate';
import { SYSTEM_ACTOR } from '../../domain/ledger';
import { claimGeneration, commitWeeklyRun, releaseAfterFailure, releaseGeneration } from '../../data/planning/generation-claim';
import { weeklyRunIndexKeys } from '../../data/planning/weekly-run-index';
import { hourKey, runForWeek } from '../../domain/weekly-run';
import { queueWeeklyReports, wantsReports, type ReportsResult } from './reports';
import type { WeeklyRunMessage } from './message';

export type FamilyRunResult =
  | { outcome: 'generated'; weekStart: IsoDate; created: number; removed: number; kept: number; nextWeek: IsoDate; reports?: ReportsResult }
  /** Already advanced (a duplicate or late message; reports not yet queued are queued), or the family is gone or being deleted. */
  | { outcome: 'not-due'; reports?: ReportsResult }
  /** Its time zone changed since it was dispatched, and its week has not begun there yet: the dispatcher sends it again then. */
  | { outcome: 'not-yet' }
  /** Our claim ran out before the commit and another generator took the family over. */
  | { outcome: 'superseded'; weekStart: IsoDate };

export async function runDueFamily(message: WeeklyRunMessage, clock: Date = new Date()): Promise<FamilyRunResult> {
  // Lambda hosts' clocks agree closely, but the dispatch tick is the authority on which hour it is.
  const tick = new Date(message.tick);
  const now = clock.getTime() < tick.getTime() ? tick : clock;
  const claimed = await claimGeneration(message.familyId, { dueWeek: message.dueWeek });
  if (claimed.status === 'not-due') {
    const family = claimed.family;
    if (family?.reportWeek && !family.deletion) return { outcome: 'not-due', reports: await queueWeeklyReports(family, family.reportWeek) };
    return { outcome: 'not-due' };
  }
  const { claim } = claimed;
  let committed: FamilyRunResult;
  try {
    const timeZone = claim.family.timeZone;
    if (runForWeek(message.dueWeek, timeZone).dueHour > hourKey(now)) {
      // Moved to a zone where that Sunday has not come yet (decision 042): nothing written, not due yet.
      await releaseGeneration(claim);
      return { outcome: 'not-yet' };
    }
    // After an outage the due week may be past: generate the week that has begun instead.
    const current = weekStartOf(now, timeZone);
    const weekStart = message.dueWeek > current ? message.dueWeek : current;
    const result = await writeWeek(claim, weekStart, now, SYSTEM_ACTOR);
    const next = runForWeek(addDays(weekStart, 7), timeZone);
    const reportsDue = wantsReports(claim.family);
    const advanced = await commitWeeklyRun(claim, {
      dueWeek: message.dueWeek,
      doneWeek: weekStart,
      at: now,
      next: weeklyRunIndexKeys(message.familyId, next),
      reportsDue,
    });
    if (!advanced) return { outcome: 'superseded', weekStart };
    committed = { outcome: 'generated', ...result, nextWeek: next.weekStart };
    if (!reportsDue) return committed;
  } catch (err) {
    await releaseAfterFailure(claim);
    throw err;
  }
  // After the commit: a failure here fails the message, whose next delivery finds the family advanced
  // and queues the reports again (the mailer's claim keeps each from going out twice).
  return { ...committed, reports: await queueWeeklyReports(claim.family, committed.weekStart) };
}
