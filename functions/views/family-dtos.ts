/**
 * Pure builders from a family's stored week to the API's children, dashboard, earnings and approvals
 * answers (spec section 3). All money is summed in integer minor units and formatted once at the
 * edge, in the family currency's decimals (`formatMinor`, issue 22: "12.50", JPY "500", KWD "1.250").
 */
import type { ApprovalsDto, ChildDto, ChildProfileDto, DashboardDto, EarningsDto, FamilyClockDto, ParentScreenDto, ParentUserDto, StreakDto } from '../../shared/api-types';
import { NO_AVAILABILITY } from '../../shared/planning';
import { formatMinor, type MoneyFormat } from '../../shared/money';
import { addDays, localDate, type FamilyClock, type IsoDate } from '../../shared/time';
import type { ChildItem } from '../data/family/children';
import type { FamilyWeekData, ParentScreenData } from '../data/planning/family-week';
import { continuousCountedDates, isContinuousDueOn, isDueDay } from '../domain/due-days';
import { isPaidRound, resetThisWeek } from '../domain/ledger';
import { carryInto, choreDaysOf, streakOn } from '../domain/streaks';
import { awayOf, choreListDto, continuousDto, datedDto, isVisibleContinuous, isVisibleDated, weekAwayDays, type ChoreMap } from './assignment-dtos';
import { earningsHistoryDto } from './earnings-history';

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

/**
 * The child's chores of the clock's day, as every count of "today" counts them: dated ones due today
 * (not taken by another child, not assigned after the day), and ongoing ones due today (not on an
 * away day: issue 29 point 7) or ticked today.
 */
export function todaysChores(child: ChildItem, data: Pick<FamilyWeekData, 'clock' | 'week' | 'continuous' | 'familyPause'>, chores: ChoreMap) {
  const { clock } = data;
  const todaysDated = data.week.filter(
    (a) => a.childId === child.childId && a.assignedDate === clock.today && isVisibleDated(a, chores) && (a.isCompleted || !a.takenBy) && isDueDay(a, clock.timeZone),
  );
  const away = awayOf(child, data.familyPause);
  const todaysContinuous = data.continuous.filter(
    (c) => c.childId === child.childId && isVisibleContinuous(c, chores) && (c.completions?.[clock.today] || isContinuousDueOn(c, clock.today, clock.timeZone, away)),
  );
  return { todaysDated, todaysContinuous };
}

/** Issue 32: how many of the child's chores of today are still to do ("3 chores left today"). */
export function choresLeftToday(child: ChildItem, data: Pick<FamilyWeekData, 'clock' | 'week' | 'continuous' | 'familyPause'>, chores: ChoreMap): number {
  const { todaysDated, todaysContinuous } = todaysChores(child, data, chores);
  return todaysDated.filter((a) => !a.isCompleted).length + todaysContinuous.filter((c) => !c.completions?.[data.clock.today]).length;
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

  const { todaysDated, todaysContinuous } = todaysChores(child, data, chores);
  const away = awayOf(child, data.familyPause);
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

/**
 * Issue 32: the child's streak today, from this week's items (the ones the figures count) and the
 * carry the Sunday job kept for the weeks before (domain/streaks.ts): no read of its own.
 */
export function streakDto(child: ChildItem, data: FamilyWeekData, chores: ChoreMap): StreakDto {
  const { clock } = data;
  const isAway = awayOf(child, data.familyPause);
  const dated = data.week.filter((a) => a.childId === child.childId && isVisibleDated(a, chores));
  const ongoing = data.continuous.filter((c) => c.childId === child.childId && isVisibleContinuous(c, chores));
  const choreDays = choreDaysOf(dated, ongoing, { from: clock.weekStart, to: clock.today }, clock.timeZone, isAway);
  const since = localDate(new Date(child.createdAt), clock.timeZone);
  return streakOn({ choreDays, isAway, since }, clock.today, clock.weekStart, carryInto(child.streak, clock.weekStart));
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
    hasPin: c.pinHash !== undefined,
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
    streak: streakDto(child, data, chores),
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

/**
 * Issue 31: GET /api/dashboard's answer, the parent's dashboard and children page in one call: the
 * spec's dashboard, and beside it what parent-user, chores, approvals and each child's earnings
 * history answer, by the builders those routes use, from the items the dashboard reads.
 */
export function parentScreenDto(data: ParentScreenData, user: ParentUserDto | undefined): ParentScreenDto {
  const dashboard = dashboardDto(data);
  return {
    ...dashboard,
    ...(user ? { user } : {}),
    chores: choreListDto(data.chores, data.money),
    approvals: approvalsDto(data.waiting, data.children, data.money),
    earningsHistories: dashboard.children.map((c) => earningsHistoryDto(c.id, data.histories.get(c.id) ?? [], data.money.currency)),
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
