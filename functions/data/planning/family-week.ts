/**
 * Loads everything a family screen needs for one week with a fixed number of requests: one GetItem
 * for the family (its time zone), then seven Queries in parallel inside the family partition.
 */
import { addDays, familyClock, startOfLocalDay, type FamilyClock, type IsoDate } from '../../../shared/time';
import type { DateRange } from '../../../shared/planning';
import type { MoneyFormat } from '../../../shared/money';
import { historyWeeks, weeklyEarnings, withPayouts, type WeekEarnings } from '../../domain/earnings-history';
import { familyMoney, getFamily, type FamilyItem } from '../family/accounts';
import {
  listContinuous,
  listFamilyWeekEarnings,
  listWeekAssignments,
  listWeekEarnings,
  listYearMonthEarnings,
  type ContinuousItem,
  type DatedAssignmentItem,
  type EarningsItem,
} from './assignments';
import { listChildren, type ChildItem } from '../family/children';
import { listPayouts } from '../money/payouts';
import { listWaiting, type WaitingItem } from '../ticks/approvals';
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
  return familyWeekData(clock, family, { children, chores, week, continuous, weekEarnings, yearMonths, waiting });
}

function familyWeekData<W extends { childId: string }>(
  clock: FamilyClock,
  family: Pick<FamilyItem, 'pause' | 'currency' | 'locale' | 'jars'>,
  read: Omit<FamilyWeekData, 'clock' | 'waiting' | 'familyPause' | 'money'> & { waiting: W[] },
): FamilyWeekData & { waiting: W[] } {
  const childIds = new Set(read.children.map((c) => c.childId));
  // Leftovers of an interrupted child deletion belong to no child and are never shown.
  return {
    clock,
    ...read,
    week: read.week.filter((a) => childIds.has(a.childId)),
    continuous: read.continuous.filter((c) => childIds.has(c.childId)),
    waiting: read.waiting.filter((w) => childIds.has(w.childId)),
    familyPause: family.pause ?? null,
    money: familyMoney(family),
  };
}

/**
 * Issue 32, the family board: what every child's today needs, four Queries in parallel (no money:
 * the week and year aggregates are not read, the board shows none).
 */
export async function loadFamilyToday(familyId: string, clock: FamilyClock, family: Pick<FamilyItem, 'pause' | 'currency' | 'locale' | 'jars'>): Promise<FamilyWeekData> {
  const [children, chores, week, continuous] = await Promise.all([listChildren(familyId), listChores(familyId), listWeekAssignments(familyId, clock.weekStart), listContinuous(familyId)]);
  return familyWeekData(clock, family, { children, chores, week, continuous, weekEarnings: [], yearMonths: [], waiting: [] });
}

/** The family's week as the parent's screens read it (issue 31): the dashboard's figures and what the calls it folds answered. */
export interface ParentScreenData extends FamilyWeekData {
  /** Whole, for the approvals card: oldest chore-day first. */
  waiting: WaitingItem[];
  /** Each child's weeks of earnings, `historyCount` weeks ending with this one (domain/earnings-history.ts). */
  histories: Map<string, WeekEarnings[]>;
}

/**
 * Issue 31: the parent's dashboard and children page in one read, still a fixed number of requests.
 * The week's Queries of loadFamilyWeek, two of them wider: the waiting ticks whole (the approvals
 * card; the dashboard read only their children's ids) and the week aggregates of the history's weeks
 * (this week's are among them), plus the payouts of those weeks: every child's earnings history
 * from the family partition, where a child's own history asks GSI1 twice per child.
 */
export async function loadParentScreen(
  familyId: string,
  clock: FamilyClock,
  family: Pick<FamilyItem, 'pause' | 'currency' | 'locale' | 'jars'>,
  historyCount: number,
): Promise<ParentScreenData> {
  const weeks = historyWeeks(clock.weekStart, historyCount);
  const firstWeek = weeks[0]!;
  const from = startOfLocalDay(firstWeek, clock.timeZone).toISOString();
  const to = startOfLocalDay(addDays(clock.weekStart, 7), clock.timeZone).toISOString();
  const [children, chores, week, continuous, weeksEarnings, yearMonths, waiting, payouts] = await Promise.all([
    listChildren(familyId),
    listChores(familyId),
    listWeekAssignments(familyId, clock.weekStart),
    listContinuous(familyId),
    listFamilyWeekEarnings(familyId, firstWeek, clock.weekStart),
    listYearMonthEarnings(familyId, clock.year),
    listWaiting(familyId),
    listPayouts(familyId, from, to),
  ]);
  const weekEarnings = weeksEarnings.filter((e) => e.period === clock.weekStart);
  const data = familyWeekData(clock, family, { children, chores, week, continuous, weekEarnings, yearMonths, waiting });
  const histories = new Map(
    children.map((c) => [
      c.childId,
      withPayouts(
        weeklyEarnings(weeksEarnings, c.childId, weeks),
        payouts.filter((p) => p.childId === c.childId),
        clock.timeZone,
      ),
    ]),
  );
  return { ...data, histories };
}
