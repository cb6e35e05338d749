/**
 * Pure builders from stored items to the API's response shapes (spec section 3). All money is
 * summed in integer minor units and formatted once at the edge, in the family currency's decimals
 * (`formatMinor`, issue 22: "12.50", JPY "500", KWD "1.250").
 */
import type { ApprovalsDto, AssignmentDto, AwayDayDto, ChildDto, ChildProfileDto, ChoreDto, DashboardDto, EarningsDto, FamilyClockDto } from '../../shared/api-types';
import { awayDays, isAwayOn } from '../../shared/availability';
import { NO_AVAILABILITY, type Availability, type DateRange } from '../../shared/planning';
import { formatMinor, type MoneyFormat } from '../../shared/money';
import { addDays, WEEKDAYS, type FamilyClock, type IsoDate } from '../../shared/time';
import type { ContinuousItem, DatedAssignmentItem, EarningsItem } from '../data/assignments';
import { childTakeBackRefusal } from './corrections';
import { continuousCountedDates, continuousDueDates, isContinuousDueOn, isDueDay } from './due-days';
import { isPaidRound, resetThisWeek } from './ledger';
import type { ChildItem } from '../data/children';
import type { ChoreItem } from '../data/chores';

export function choreDto(c: ChoreItem, money: MoneyFormat): ChoreDto {
  return {
    id: c.choreId,
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    category: c.category,
    amount: formatMinor(c.amountCents, money.currency),
    difficultyLevel: c.difficultyLevel,
    ...(c.daysOfWeek?.length ? { daysOfWeek: c.daysOfWeek } : {}),
    needsApproval: c.needsApproval === true,
    createdAt: c.createdAt,
    ...(c.rhythm ? { rhythm: c.rhythm } : {}),
    ...(c.who ? { who: c.who } : {}),
  };
}

/** The days of [from, from + 6] the child is away (own calendar or the family's pause), with their labels. */
export const weekAwayDays = (availability: Availability | undefined, familyPause: DateRange | null | undefined, from: IsoDate): AwayDayDto[] =>
  awayDays(availability, familyPause, from, addDays(from, 6));

type ChoreMap = ReadonlyMap<string, ChoreItem>;

function embeddedChore(item: DatedAssignmentItem | ContinuousItem, chores: ChoreMap, money: MoneyFormat): ChoreDto {
  const live = chores.get(item.choreId);
  if (live) return choreDto(live, money);
  const s = item.chore;
  return {
    id: item.choreId,
    name: s.name,
    ...(s.description ? { description: s.description } : {}),
    category: s.category,
    amount: formatMinor(s.amountCents, money.currency),
    difficultyLevel: s.difficultyLevel,
    needsApproval: false,
    createdAt: item.createdAt,
  };
}

/** A pending assignment of a deleted chore is gone; completed history stays visible. */
export const isVisibleDated = (a: DatedAssignmentItem, chores: ChoreMap): boolean => a.isCompleted || chores.has(a.choreId);
export const isVisibleContinuous = (c: ContinuousItem, chores: ChoreMap): boolean => chores.has(c.choreId);

/** The child whose payout round decides which completions are paid. */
type PayoutOf = Pick<ChildItem, 'payoutRound'>;

/** `timeZone`: the family's, to tell a day before the assignment was made (never due: domain/due-days.ts). */
export function datedDto(a: DatedAssignmentItem, chores: ChoreMap, child: PayoutOf, money: MoneyFormat, today?: IsoDate, timeZone?: string): AssignmentDto {
  const waiting = a.isCompleted && a.waiting === true;
  const isPaid = a.isCompleted && !waiting && isPaidRound(a.payoutRound, child);
  const tick = a.isCompleted ? { waiting, approved: a.approvedAt !== undefined, completedOn: a.completedOn ?? a.assignedDate } : undefined;
  return {
    id: a.assignmentId,
    childId: a.childId,
    choreId: a.choreId,
    chore: embeddedChore(a, chores, money),
    weekStart: a.weekStart,
    assignedDate: a.assignedDate,
    dayOfWeek: a.dayOfWeek,
    isContinuous: false,
    daysOfWeek: [],
    isCompleted: a.isCompleted,
    completedAt: a.completedAt ?? null,
    completedDates: a.isCompleted && a.completedOn ? [a.completedOn] : [],
    earned: formatMinor(waiting ? 0 : (a.earnedCents ?? 0), money.currency),
    isPaid,
    source: a.source,
    waiting,
    waitingDates: waiting && a.completedOn ? [a.completedOn] : [],
    firstWins: a.firstWins === true,
    takenBy: a.firstWins && a.takenBy && !a.isCompleted ? { childId: a.takenBy.childId, displayName: a.takenBy.displayName } : null,
    sentBackNote: !a.isCompleted && a.sentBack ? (a.sentBack.note ?? '') : null,
    canTakeBack: tick !== undefined && !isPaid && today !== undefined && childTakeBackRefusal(tick, today) === null,
    isDue: timeZone === undefined || isDueDay(a, timeZone),
  };
}

/** The week an ongoing chore is shown in: its due days leave out the child's away days and the family's pause (issue 29 point 7). */
export interface OngoingWeek {
  today: IsoDate;
  weekStart: IsoDate;
  timeZone: string;
  familyPause: DateRange | null | undefined;
}

/** Whether the child is away on a date (own calendar or the family's pause): nothing is due then. */
export const awayOf =
  (child: Pick<ChildItem, 'availability'>, familyPause: DateRange | null | undefined) =>
  (date: IsoDate): boolean =>
    isAwayOn(child.availability, familyPause, date);

export function continuousDto(c: ContinuousItem, chores: ChoreMap, shown: OngoingWeek, child: PayoutOf & Pick<ChildItem, 'availability'>, money: MoneyFormat): AssignmentDto {
  const { today, weekStart } = shown;
  const week = new Set(WEEKDAYS.map((_, i) => addDays(weekStart, i)));
  const dueDates = continuousDueDates(c, weekStart, shown.timeZone, awayOf(child, shown.familyPause));
  const dueToday = isContinuousDueOn(c, today, shown.timeZone, awayOf(child, shown.familyPause));
  const todays = c.completions?.[today];
  const completedDates = Object.keys(c.completions ?? {}).filter((d) => week.has(d)).sort();
  const isPaid = todays !== undefined && !todays.waiting && isPaidRound(todays.round, child);
  return {
    id: c.assignmentId,
    childId: c.childId,
    choreId: c.choreId,
    chore: embeddedChore(c, chores, money),
    weekStart: null,
    assignedDate: null,
    dayOfWeek: null,
    isContinuous: true,
    daysOfWeek: c.daysOfWeek ?? [],
    isCompleted: Boolean(todays),
    completedAt: todays?.at ?? null,
    completedDates,
    earned: formatMinor(todays && !todays.waiting ? todays.cents : 0, money.currency),
    isPaid,
    source: c.source,
    waiting: todays?.waiting === true,
    waitingDates: completedDates.filter((d) => c.completions[d]?.waiting),
    firstWins: false,
    takenBy: null,
    sentBackNote: !todays && c.sentBack?.date === today ? (c.sentBack.note ?? '') : null,
    canTakeBack: todays !== undefined && !isPaid && childTakeBackRefusal({ waiting: todays.waiting, approved: todays.approved, completedOn: today }, today) === null,
    isDue: dueToday || todays !== undefined,
    dueDates,
  };
}

export const isActiveOn = (c: Pick<ContinuousItem, 'daysOfWeek'>, weekday: string): boolean =>
  !c.daysOfWeek?.length || (c.daysOfWeek as string[]).includes(weekday);

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

export interface ChildFigures {
  earnedTodayCents: number;
  weekCents: number;
  monthCents: number;
  yearCents: number;
  completedCount: number;
  totalCount: number;
  /** Chores of the week not done yet, whatever was reset: a reset pays out, it does not undo work. */
  pendingCount: number;
  todayCompletedCount: number;
  todayTotalCount: number;
}

/** One child's figures for the clock's day, week, month and year, after its last reset. */
export function childFigures(child: ChildItem, data: FamilyWeekData, chores: ChoreMap): ChildFigures {
  const { clock } = data;
  const b = child.resetBaseline;
  // Shown figures count from the last Reset Earnings: completions of the current payout round.
  const unpaid = (round: number | undefined) => !isPaidRound(round, child);
  // A first-wins chore-day another child took (issue 21) is no longer this child's to do: it is in
  // none of the counts (it stays in the lists, as "Done by Liam").
  // A day before its assignment was made (issue 29) was never due: in none of the counts either.
  const dated = data.week.filter((a) => a.childId === child.childId && isVisibleDated(a, chores) && (a.isCompleted || !a.takenBy) && isDueDay(a, clock.timeZone));
  const continuous = data.continuous.filter((c) => c.childId === child.childId && isVisibleContinuous(c, chores));

  const weekAgg = data.weekEarnings.find((e) => e.childId === child.childId);
  const weekCents = (weekAgg?.cents ?? 0) - (b?.week === clock.weekStart ? b.weekCents : 0);
  const weekCount = (weekAgg?.count ?? 0) - (b?.week === clock.weekStart ? b.weekCount : 0);
  const months = data.yearMonths.filter((e) => e.childId === child.childId);
  const monthCents = (months.find((m) => m.period === clock.month)?.cents ?? 0) - (b?.month === clock.month ? b.monthCents : 0);
  const yearCents = months.reduce((s, m) => s + m.cents, 0) - (b?.year === clock.year ? b.yearCents : 0);

  const todaysDated = dated.filter((a) => a.assignedDate === clock.today);
  const away = awayOf(child, data.familyPause);
  // An ongoing chore is on today's list when today is one of its due days (not on an away day: issue 29 point 7), or ticked today.
  const todaysContinuous = continuous.filter((c) => c.completions?.[clock.today] || isContinuousDueOn(c, clock.today, clock.timeZone, away));
  const earnedTodayCents =
    todaysDated.filter((a) => a.isCompleted && !a.waiting && unpaid(a.payoutRound)).reduce((s, a) => s + (a.earnedCents ?? 0), 0) +
    continuous.reduce((s, c) => {
      const done = c.completions?.[clock.today];
      // A tick waiting for a parent's OK counts nowhere yet (issue 19).
      return s + (done && !done.waiting && unpaid(done.round) ? done.cents : 0);
    }, 0);
  // An ongoing chore counts on its active days from the day it was assigned (issue 29: a day before it existed is not missed).
  // Not on the days the child is away or the family paused (point 7); a day ticked always counts.
  const totalCount = dated.length + continuous.reduce((s, c) => s + continuousCountedDates(c, clock.weekStart, clock.timeZone, away).length, 0);
  const weekEnd = addDays(clock.weekStart, 6);
  const doneCount =
    dated.filter((a) => a.isCompleted).length +
    continuous.reduce((s, c) => s + Object.keys(c.completions ?? {}).filter((d) => d >= clock.weekStart && d <= weekEnd).length, 0);
  return {
    earnedTodayCents,
    weekCents: Math.max(0, weekCents),
    monthCents: Math.max(0, monthCents),
    yearCents: Math.max(0, yearCents),
    completedCount: Math.min(totalCount, Math.max(0, weekCount)),
    totalCount,
    pendingCount: Math.max(0, totalCount - doneCount),
    todayCompletedCount: todaysDated.filter((a) => a.isCompleted).length + todaysContinuous.filter((c) => c.completions?.[clock.today]).length,
    todayTotalCount: todaysDated.length + todaysContinuous.length,
  };
}

/** A child's profile and settings, as create/update/chore-settings answer them and every child view starts. */
export function profileDto(c: ChildItem): ChildProfileDto {
  return {
    id: c.childId,
    displayName: c.displayName,
    ...(c.age !== undefined ? { age: c.age } : {}),
    ...(c.username ? { username: c.username } : {}),
    ...(c.profileImageUrl ? { profileImageUrl: c.profileImageUrl } : {}),
    maxDifficultyLevel: c.maxDifficultyLevel,
    dailyChoresCount: c.dailyChoresCount,
    weeklyChoresCount: c.weeklyChoresCount,
    continuousChoresCount: c.continuousChoresCount,
    hasSignedIn: c.firstSignInAt !== undefined,
    availability: c.availability ?? NO_AVAILABILITY,
  };
}

export function childDto(child: ChildItem, data: FamilyWeekData, chores: ChoreMap): ChildDto {
  const f = childFigures(child, data, chores);
  const amount = (minor: number) => formatMinor(minor, data.money.currency);
  const reset = resetThisWeek(child, data.clock.weekStart, data.clock.timeZone);
  const dated = data.week
    .filter((a) => a.childId === child.childId && isVisibleDated(a, chores))
    .sort((x, y) => x.assignedDate.localeCompare(y.assignedDate) || x.chore.name.localeCompare(y.chore.name));
  const continuous = data.continuous
    .filter((c) => c.childId === child.childId && isVisibleContinuous(c, chores))
    .sort((x, y) => x.chore.name.localeCompare(y.chore.name));
  return {
    ...profileDto(child),
    weeklyEarnings: amount(Math.max(0, child.unpaidCents ?? 0)),
    earnedToday: amount(f.earnedTodayCents),
    weekToDateEarned: amount(f.weekCents),
    monthToDateEarned: amount(f.monthCents),
    yearToDateEarned: amount(f.yearCents),
    completedCount: f.completedCount,
    totalCount: f.totalCount,
    todayCompletedCount: f.todayCompletedCount,
    todayTotalCount: f.todayTotalCount,
    ...(child.lastPayout
      ? { lastPayout: { amount: amount(child.lastPayout.amountCents), paidAt: child.lastPayout.paidAt, ...(child.lastPayout.paidByName ? { paidBy: child.lastPayout.paidByName } : {}) } }
      : {}),
    waitingCount: (data.waiting ?? []).filter((w) => w.childId === child.childId).length,
    ...(reset ? { weekSinceReset: { date: reset.date, earnedBefore: amount(reset.beforeCents) } } : {}),
    assignments: [
      ...dated.map((a) => datedDto(a, chores, child, data.money, data.clock.today, data.clock.timeZone)),
      ...continuous.map((c) => continuousDto(c, chores, { ...data.clock, familyPause: data.familyPause }, child, data.money)),
    ],
    awayDays: weekAwayDays(child.availability, data.familyPause, data.clock.weekStart),
  };
}

export const clockDto = (clock: FamilyClock): FamilyClockDto => ({
  timeZone: clock.timeZone,
  today: clock.today,
  weekday: clock.weekday,
  weekStart: clock.weekStart,
});

const byName = (a: ChildItem, b: ChildItem) => a.displayName.localeCompare(b.displayName) || a.createdAt.localeCompare(b.createdAt);

export function childrenDtos(data: FamilyWeekData): ChildDto[] {
  const chores = new Map(data.chores.map((c) => [c.choreId, c]));
  return [...data.children].sort(byName).map((c) => childDto(c, data, chores));
}

export function dashboardDto(data: FamilyWeekData): DashboardDto {
  const chores = new Map(data.chores.map((c) => [c.choreId, c]));
  const children = [...data.children].sort(byName);
  const figures = children.map((c) => childFigures(c, data, chores));
  const sum = (f: (x: ChildFigures) => number) => figures.reduce((s, x) => s + f(x), 0);
  const completed = sum((x) => x.completedCount);
  const amount = (minor: number) => formatMinor(minor, data.money.currency);
  return {
    ...clockDto(data.clock),
    stats: {
      completed,
      pending: sum((x) => x.pendingCount),
      totalEarnings: amount(children.reduce((s, c) => s + Math.max(0, c.unpaidCents ?? 0), 0)),
      activeChildren: children.length,
    },
    children: children.map((c) => childDto(c, data, chores)),
    weekToDateEarned: amount(sum((x) => x.weekCents)),
    monthToDateEarned: amount(sum((x) => x.monthCents)),
    yearToDateEarned: amount(sum((x) => x.yearCents)),
  };
}

export function earningsDto(f: ChildFigures, money: MoneyFormat): EarningsDto {
  return {
    today: formatMinor(f.earnedTodayCents, money.currency),
    weekToDate: formatMinor(f.weekCents, money.currency),
    monthToDate: formatMinor(f.monthCents, money.currency),
    yearToDate: formatMinor(f.yearCents, money.currency),
  };
}

/** The approvals card: the waiting ticks per child (children by name, their ticks oldest first). */
export function approvalsDto(
  waiting: readonly { childId: string; choreId: string; date: IsoDate; assignmentId: string; choreName: string; cents: number; tickedAt: string; isContinuous: boolean }[],
  children: readonly ChildItem[],
  money: MoneyFormat,
): ApprovalsDto {
  const out = [...children].sort(byName).flatMap((c) => {
    const items = waiting.filter((w) => w.childId === c.childId);
    return items.length
      ? [{ childId: c.childId, displayName: c.displayName, items: items.map((w) => ({ assignmentId: w.assignmentId, choreId: w.choreId, choreName: w.choreName, date: w.date, amount: formatMinor(w.cents, money.currency), tickedAt: w.tickedAt, isContinuous: w.isContinuous })) }]
      : [];
  });
  return { count: out.reduce((s, c) => s + c.items.length, 0), children: out };
}
