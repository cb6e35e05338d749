/**
 * Loads everything a family screen needs for one week with a fixed number of requests: one GetItem
 * for the family (its time zone), then seven Queries in parallel inside the family partition.
 */
import { familyClock, type FamilyClock, type IsoDate } from '../../../shared/time';
import type { DateRange } from '../../../shared/planning';
import type { MoneyFormat } from '../../../shared/money';
import { familyMoney, getFamily, type FamilyItem } from '../family/accounts';
import { listContinuous, listWeekAssignments, listWeekEarnings, listYearMonthEarnings, type ContinuousItem, type DatedAssignmentItem, type EarningsItem } from './assignments';
import { listChildren, type ChildItem } from '../family/children';
import { listChores, type ChoreItem } from './chores';
import * as keys from '../keys';
import { queryAll } from '../query';

/** A family's week as its screens read it (views/family-dtos.ts builds the answers from it). */
export interface FamilyWeekData {
  clock: FamilyClock;
  children: ChildItem[];
  chores: ChoreItem[];
  /** Dated assignments of the clock's week. */
  week: DatedAssignmentItem[];
  continuous: ContinuousItem[];
  weekEarnings: EarningsItem[];
  /** Month aggregates of the clock's year. */
  yearMonths: EarningsItem[];
  /** Ticks waiting for a parent's OK, any week (their children's ids are enough here). */
  waiting?: { childId: string }[];
  /** The family's pause (issue 21; from the family item the clock was read from). */
  familyPause?: DateRange | null;
  /** The family's currency and locale (issue 22; from the same family item). */
  money: MoneyFormat;
}

/** The family item and its clock now; 'missing' when the family is gone (a session that outlived it). */
export async function readFamilyAndClock(familyId: string, now: Date): Promise<{ family: FamilyItem; clock: FamilyClock } | 'missing'> {
  const family = await getFamily(familyId);
  if (!family) return 'missing';
  return { family, clock: familyClock(now, family.timeZone) };
}

/** `family`: the item the clock came from (its pause shows as away days, its currency formats the amounts; no further read). */
export async function loadFamilyWeek(
  familyId: string,
  clock: FamilyClock,
  family: Pick<FamilyItem, 'pause' | 'currency' | 'locale' | 'jars'>,
  weekStart: IsoDate = clock.weekStart,
): Promise<FamilyWeekData> {
  const [children, chores, week, continuous, weekEarnings, yearMonths, waiting] = await Promise.all([
    listChildren(familyId),
    listChores(familyId),
    listWeekAssignments(familyId, weekStart),
    listContinuous(familyId),
    listWeekEarnings(familyId, clock.weekStart),
    listYearMonthEarnings(familyId, clock.year),
    queryAll<{ childId: string }>(keys.familyPk(familyId), { prefix: keys.waitingPrefix() }, { attributes: ['childId'] }),
  ]);
  const childIds = new Set(children.map((c) => c.childId));
  // Leftovers of an interrupted child deletion belong to no child and are never shown.
  return {
    clock,
    children,
    chores,
    week: week.filter((a) => childIds.has(a.childId)),
    continuous: continuous.filter((c) => childIds.has(c.childId)),
    weekEarnings,
    yearMonths,
    waiting: waiting.filter((w) => childIds.has(w.childId)),
    familyPause: family.pause ?? null,
    money: familyMoney(family),
  };
}
