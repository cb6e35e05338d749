/**
 * A child's week-by-week history (issue 12, extended by issue 22): the week aggregates and the
 * payouts of the weeks shown, two Queries on GSI1 (the child's items) in parallel. GSI1 is not
 * scoped by family: callers check the child is theirs, and other families' items are dropped.
 */
import { startOfLocalDay, addDays, type FamilyClock } from '../../../shared/time';
import { historyWeeks, weeklyEarnings, withPayouts, type WeekEarnings } from '../../domain/earnings-history';
import { listChildWeekEarnings } from '../planning/assignments';
import type { ChildItem } from '../family/children';
import * as keys from '../keys';
import { listChildPayouts } from './payouts';

/** The `count` weeks ending with this one, oldest first: earned, completed, paid, saved, gave. */
export async function loadEarningsHistory(child: Pick<ChildItem, 'familyId' | 'childId'>, clock: FamilyClock, count: number): Promise<WeekEarnings[]> {
  const weeks = historyWeeks(clock.weekStart, count);
  const from = startOfLocalDay(weeks[0]!, clock.timeZone).toISOString();
  const to = startOfLocalDay(addDays(clock.weekStart, 7), clock.timeZone).toISOString();
  const [items, payouts] = await Promise.all([
    listChildWeekEarnings(child.childId, weeks[0]!, weeks[weeks.length - 1]!),
    listChildPayouts(child.familyId, child.childId, from, to),
  ]);
  const mine = (items as (typeof items[number] & { PK?: string })[]).filter((i) => i.PK === undefined || i.PK === keys.familyPk(child.familyId));
  return withPayouts(weeklyEarnings(mine, child.childId, weeks), payouts, clock.timeZone);
}
