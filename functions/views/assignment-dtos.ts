/**
 * Pure builders from stored chores and chore-days to the API's response shapes (spec section 3).
 * All money is summed in integer minor units and formatted once at the edge, in the family
 * currency's decimals (`formatMinor`, issue 22: "12.50", JPY "500", KWD "1.250").
 */
import type { AssignmentDto, AwayDayDto, ChoreDto } from '../../shared/api-types';
import { awayDays, isAwayOn } from '../../shared/availability';
import type { Availability, DateRange } from '../../shared/planning';
import { formatMinor, type MoneyFormat } from '../../shared/money';
import { addDays, WEEKDAYS, type IsoDate } from '../../shared/time';
import type { ContinuousItem, DatedAssignmentItem } from '../data/planning/assignments';
import type { ChildItem } from '../data/family/children';
import type { ChoreItem } from '../data/planning/chores';
import type { ChoreDayAnswer } from '../data/ticks/completion';
import { childTakeBackRefusal } from '../domain/corrections';
import { continuousDueDates, isContinuousDueOn, isDueDay } from '../domain/due-days';
import { isPaidRound } from '../domain/ledger';

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

/** The master chore list as GET /api/chores answers it (and the dashboard since issue 31): by name. */
export const choreListDto = (chores: readonly ChoreItem[], money: MoneyFormat): ChoreDto[] =>
  [...chores].sort((a, b) => a.name.localeCompare(b.name)).map((c) => choreDto(c, money));

/** The days of [from, from + 6] the child is away (own calendar or the family's pause), with their labels. */
export const weekAwayDays = (availability: Availability | undefined, familyPause: DateRange | null | undefined, from: IsoDate): AwayDayDto[] =>
  awayDays(availability, familyPause, from, addDays(from, 6));

export type ChoreMap = ReadonlyMap<string, ChoreItem>;

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
export type PayoutOf = Pick<ChildItem, 'payoutRound'>;

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

/** The chore-day a tick, take-back, approval or send-back answers with (data/ticks/completion.ts), as the API shows it. */
export function choreDayDto({ day, chore, clock, child }: ChoreDayAnswer): AssignmentDto {
  const chores = new Map(chore ? [[chore.choreId, chore]] : []);
  return day.kind === 'dated' ? datedDto(day.item, chores, child, clock.money, clock.today, clock.timeZone) : continuousDto(day.item, chores, clock, child, clock.money);
}
