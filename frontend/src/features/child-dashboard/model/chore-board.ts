/**
 * What the child dashboard shows, worked out from the API's answers as plain data (no React), so the
 * rules of spec sections "Child dashboard", 4 and 9 are unit-tested in one place:
 * which chore can be ticked when, what the list columns and the calendar days hold (progress and
 * achievements: achievements.ts).
 */
import type { AssignmentDto, ChildAssignmentsDto } from '../../../../../shared/api-types';
import { APPROVAL_MESSAGES, PAID_TEXT } from '../../../../../shared/messages';
import { WEEKDAYS, addDays, compareIsoDates, longMonthDayYear, monthDay, type IsoDate, type Weekday } from '../../../../../shared/time';

// ---- Texts -------------------------------------------------------------------------------------

export const CHILD_TEXT = {
  tickSuccess: 'Great job! 🎉 Your chore has been updated!',
  tickFailure: 'Oops! Something went wrong. Please try again.',
  notLoggedIn: 'Please log in to view your chores',
  goToLogin: 'Go to Login',
  freeDay: 'Free Day!',
  // Our own texts (the spec shows none): no emoji, which a device without an emoji font draws as an
  // empty box; the empty column shows an SVG icon instead (chore-list-view.tsx).
  emptyDaily: 'No daily chores right now. Enjoy the break!',
  emptyWeekly: 'No weekly chores this week. Woohoo!',
  emptyOngoing: 'No ongoing chores. You’re all caught up!',
} as const;

/** Spec section 3 names the categories; "Ongoing" is the child-friendly word for continuous. */
export const CATEGORY_LABEL = {
  daily: 'Daily Chore',
  weekly: 'Weekly Chore',
  continuous: 'Ongoing Chore',
} as const;

/** Spec section 3: 1 Very Easy … 5 Very Hard. */
export const DIFFICULTY_LABEL: Record<number, string> = { 1: 'Very Easy', 2: 'Easy', 3: 'Medium', 4: 'Hard', 5: 'Very Hard' };
export const difficultyLabel = (level: number | undefined): string => DIFFICULTY_LABEL[level ?? 3] ?? DIFFICULTY_LABEL[3]!;

// ---- Dates -------------------------------------------------------------------------------------

export const dayName = (day: Weekday): string => day.charAt(0).toUpperCase() + day.slice(1);
export const shortDayName = (day: Weekday): string => dayName(day).slice(0, 3);

/** "Nov 22" */
export const shortDate = monthDay;

/** "November 22, 2026" */
export const fullDate = longMonthDayYear;

/** Sunday-first day order, so the list reads like the calendar. */
const dayIndex = (day: Weekday): number => WEEKDAYS.indexOf(day);

// ---- Ticking rules -----------------------------------------------------------------------------

/** A continuous chore with no days is active every day (api-types: empty = every day). */
export const isActiveOn = (a: Pick<AssignmentDto, 'daysOfWeek'>, day: Weekday): boolean =>
  a.daysOfWeek.length === 0 || a.daysOfWeek.includes(day);

/** "Every day" or "Mon, Wed, Fri" for a continuous chore. */
export function activeDaysLabel(a: Pick<AssignmentDto, 'daysOfWeek'>): string {
  if (a.daysOfWeek.length === 0 || a.daysOfWeek.length === 7) return 'Every day';
  return [...a.daysOfWeek].sort((x, y) => dayIndex(x) - dayIndex(y)).map(shortDayName).join(', ');
}

/**
 * Issue 21: a first-wins chore-day another child took ("Done by Liam"). It is nobody's to tick any
 * more and never counts as missed (nor as still to do) for this child, past days included.
 */
/**
 * A dated chore-day the child has to do: not a day before it was assigned (issue 29: the server's
 * `isDue` is false for those; they are never due, missed or counted, so the child never sees them).
 */
export const isDueDated = (a: Pick<AssignmentDto, 'isContinuous' | 'assignedDate' | 'isDue'>): boolean => !a.isContinuous && a.assignedDate !== null && a.isDue !== false;

export const isTakenByAnother = (a: Pick<AssignmentDto, 'takenBy' | 'isCompleted'>): boolean => a.takenBy != null && !a.isCompleted;

/** Ticked and paid out: Reset Earnings paid it, so it cannot be unticked (a chore-day is paid once). */
const isPaid = (a: AssignmentDto): boolean => a.isCompleted && a.isPaid;

// ---- A parent's OK (issue 19) -------------------------------------------------------------------

export const APPROVAL_TEXT = {
  /** A ticked chore that waits: done, not yet in the earnings. */
  waiting: APPROVAL_MESSAGES.waiting,
  /** Why a ticked chore's box is locked: a parent approved it (or ticked it themselves). */
  approvedLocked: 'A parent has approved this. Ask a parent if it needs changing.',
  countedLocked: 'This one is counted. Ask a parent if it needs changing.',
  sentBack: 'A parent sent this back',
} as const;

/** What a parent's OK means for one chore (today's tick for an ongoing one), as the child's row shows it. */
export interface ApprovalState {
  /** Ticked and waiting for a parent's OK (not in the earnings yet). */
  waiting: boolean;
  /** Sent back to do: the parent's note ('' when they wrote none); null when not sent back. */
  sentBack: string | null;
  /** Ticked, not paid, and the child may not take it back: why. */
  lockHint?: string;
}

/**
 * `checked` is what the row shows as ticked (today's tick for an ongoing chore). A box the child may
 * no longer untick (`canTakeBack` false; an answer without the field, from before approvals, locks
 * nothing) is locked with the reason; a paid-out one says Paid instead (PAID_TEXT).
 */
export function approvalState(a: AssignmentDto, checked: boolean): ApprovalState {
  const waiting = checked && a.waiting === true;
  const sentBack = !checked && typeof a.sentBackNote === 'string' ? a.sentBackNote : null;
  const locked = checked && !isPaid(a) && a.canTakeBack === false && !waiting;
  return { waiting, sentBack, ...(locked ? { lockHint: a.chore.needsApproval ? APPROVAL_TEXT.approvedLocked : APPROVAL_TEXT.countedLocked } : {}) };
}

/**
 * Issue 29: one word for each stage of a tick's life, the same on every screen of the child: waiting
 * (for a parent's OK, not in the earnings yet), counted (approved, or ticked without needing an OK:
 * it counts toward the earnings, no money has changed hands yet) and paid (a payout round paid it).
 */
export type TickStage = 'waiting' | 'counted' | 'paid';

export const TICK_STAGE_LABEL: Record<TickStage, string> = {
  waiting: APPROVAL_MESSAGES.waiting,
  counted: 'Counted',
  paid: PAID_TEXT.label,
};

/** The stage of a shown tick (null when the row is not ticked): "Paid" only once it was paid out, never for an approval. */
export function tickStage(row: { checked: boolean; paid?: boolean; approval?: Pick<ApprovalState, 'waiting'> }): TickStage | null {
  if (!row.checked) return null;
  if (row.paid) return 'paid';
  return row.approval?.waiting ? 'waiting' : 'counted';
}

/** One chore row of the list view. */
export interface ChoreRow {
  key: string;
  /** The assignment a tick changes (today's instance when there is one). */
  assignment: AssignmentDto;
  tickable: boolean;
  checked: boolean;
  /** Ticked and paid out by Reset Earnings: it stays ticked (the box is locked). */
  paid: boolean;
  /** Why the tick box is off, e.g. "Tick this on Wednesday". */
  hint?: string;
  /** The day a weekly chore belongs to ("Today", "Monday") or a continuous chore's days. */
  dayLabel?: string;
  isToday?: boolean;
  /**
   * Daily chores: this week's days, done, missed (passed without a tick) and still to come (today
   * included). A first-wins day another child took is in `total` only.
   */
  week?: WeekDays;
  /** A day that has passed without a tick (said kindly: it cannot be ticked any more). */
  missed?: boolean;
  /** Issue 19: waiting for a parent's OK, sent back, or locked by a parent's OK. */
  approval?: ApprovalState;
}

export interface WeekDays {
  done: number;
  total: number;
  missed: number;
  left: number;
}

export interface ListColumns {
  daily: ChoreRow[];
  weekly: ChoreRow[];
  ongoing: ChoreRow[];
}

const byName = (a: ChoreRow, b: ChoreRow) => a.assignment.chore.name.localeCompare(b.assignment.chore.name);

/**
 * The list view of the current week. Daily chores appear once per chore with today's instance to
 * tick; weekly chores appear with their day and can be ticked only on it; continuous chores can be
 * ticked when active today. `continuous` is the continuous-assignments answer when it has loaded.
 */
export function buildListColumns(current: ChildAssignmentsDto, continuous?: AssignmentDto[]): ListColumns {
  const { today, weekday, weekStart } = current;
  const dated = current.assignments.filter((a) => isDueDated(a) && (a.weekStart ?? weekStart) === weekStart);

  const dailyGroups = new Map<string, AssignmentDto[]>();
  for (const a of dated) {
    if (a.chore.category === 'weekly') continue;
    const group = dailyGroups.get(a.choreId) ?? [];
    group.push(a);
    dailyGroups.set(a.choreId, group);
  }
  const daily: ChoreRow[] = [...dailyGroups.values()].map((group) => {
    const sorted = [...group].sort((x, y) => compareIsoDates(x.assignedDate!, y.assignedDate!));
    const open = sorted.filter((a) => !a.isCompleted && !isTakenByAnother(a));
    const week: WeekDays = {
      done: sorted.filter((a) => a.isCompleted).length,
      total: sorted.length,
      missed: open.filter((a) => a.assignedDate! < today).length,
      left: open.filter((a) => a.assignedDate! >= today).length,
    };
    const todays = sorted.find((a) => a.assignedDate === today);
    if (todays)
      return { key: todays.id, assignment: todays, tickable: !isTakenByAnother(todays), checked: todays.isCompleted, paid: isPaid(todays), isToday: true, week, approval: approvalState(todays, todays.isCompleted) };
    const next = sorted.find((a) => a.assignedDate! > today);
    if (next) return { key: next.id, assignment: next, tickable: false, checked: false, paid: false, hint: `Tick this on ${dayName(next.dayOfWeek!)}`, week };
    const last = sorted[sorted.length - 1]!;
    return { key: last.id, assignment: last, tickable: false, checked: false, paid: false, hint: 'Not on today’s list', week };
  });
  daily.sort((a, b) => Number(Boolean(b.isToday)) - Number(Boolean(a.isToday)) || byName(a, b));

  const weekly: ChoreRow[] = dated
    .filter((a) => a.chore.category === 'weekly')
    .sort((x, y) => compareIsoDates(x.assignedDate!, y.assignedDate!) || x.chore.name.localeCompare(y.chore.name))
    .map((a) => {
      const day = a.dayOfWeek!;
      const isToday = a.assignedDate === today;
      const missed = !isToday && !a.isCompleted && !isTakenByAnother(a) && a.assignedDate! < today;
      let hint: string | undefined;
      if (!isToday && a.assignedDate! > today) hint = `Tick this on ${dayName(day)}`;
      else if (missed) hint = MISSED_HINT(day);
      return {
        key: a.id,
        assignment: a,
        tickable: isToday && !isTakenByAnother(a),
        checked: a.isCompleted,
        paid: isPaid(a),
        hint,
        dayLabel: isToday ? 'Today' : dayName(day),
        isToday,
        missed,
        approval: approvalState(a, a.isCompleted),
      };
    });

  const ongoingSource = continuous ?? current.assignments.filter((a) => a.isContinuous);
  const ongoing: ChoreRow[] = ongoingSource.map((a) => {
    // Due today: an active weekday, and the child home (issue 29 point 7: away, nothing is due or ticked).
    const active = isActiveOn(a, weekday) && a.isDue !== false;
    let hint: string | undefined;
    if (!active && isActiveOn(a, weekday)) hint = AWAY_HINT;
    else if (!active) {
      const next = nextActiveDay(a, weekday);
      hint = next ? `Tick this on ${dayName(next)}` : 'Not on today’s list';
    }
    const checked = active && a.isCompleted;
    return { key: a.id, assignment: a, tickable: active, checked, paid: active && isPaid(a), hint, dayLabel: activeDaysLabel(a), isToday: active, approval: approvalState(a, checked) };
  });
  ongoing.sort((a, b) => Number(Boolean(b.isToday)) - Number(Boolean(a.isToday)) || byName(a, b));

  return { daily, weekly, ongoing };
}

/** An ongoing chore on a day the child is away: not due, nothing to tick (issue 29 point 7). */
export const AWAY_HINT = 'Not today: you’re away';

/** What a passed, unticked chore-day says: kindly, and without a way to tick it. */
export const MISSED_HINT = (day: Weekday): string => `Missed on ${dayName(day)}. That’s OK, there’s always next time!`;

/**
 * This week at a glance, counted as the server counts (an ongoing chore on each active day): done, what
 * can still be done (today and later), and what was missed (passed without a tick). A first-wins
 * chore-day another child took is neither still to do nor missed: the server leaves it out of
 * totalCount too.
 */
export function weekOutlook(current: Pick<ChildAssignmentsDto, 'today' | 'weekday' | 'weekStart' | 'assignments' | 'completedCount' | 'totalCount'>, continuous?: AssignmentDto[]): { done: number; total: number; left: number; missed: number } {
  const { today, weekday, weekStart } = current;
  const dated = current.assignments.filter((a) => isDueDated(a) && (a.weekStart ?? weekStart) === weekStart);
  const datedLeft = dated.filter((a) => !a.isCompleted && !isTakenByAnother(a) && a.assignedDate! >= today).length;
  const ongoing = continuous ?? current.assignments.filter((a) => a.isContinuous);
  const todayIndex = dayIndex(weekday);
  // Each due day from today on is still to do (today's unless ticked), as the server counts each due day
  // (an active day the child is home: dueDates; issue 29 point 7).
  const due = (a: AssignmentDto, d: Weekday, i: number) => (a.dueDates ? a.dueDates.includes(addDays(weekStart, i)) : isActiveOn(a, d));
  const ongoingLeft = ongoing.reduce((s, a) => s + WEEKDAYS.filter((d, i) => due(a, d, i) && (i > todayIndex || (i === todayIndex && !a.isCompleted))).length, 0);
  const done = current.completedCount;
  const total = current.totalCount;
  const left = Math.min(Math.max(0, total - done), datedLeft + ongoingLeft);
  return { done, total, left, missed: Math.max(0, total - done - left) };
}

/** The next weekday after `today` on which a continuous chore is active (wrapping into next week). */
function nextActiveDay(a: Pick<AssignmentDto, 'daysOfWeek'>, today: Weekday): Weekday | undefined {
  for (let i = 1; i <= 7; i++) {
    const day = WEEKDAYS[(dayIndex(today) + i) % 7]!;
    if (isActiveOn(a, day)) return day;
  }
  return undefined;
}

/** Today's to-do count for the greeting: the tickable rows, and how many of them are done. */
export function todaySummary(columns: ListColumns): { total: number; done: number } {
  const rows = [...columns.daily, ...columns.weekly, ...columns.ongoing].filter((r) => r.tickable);
  return { total: rows.length, done: rows.filter((r) => r.checked).length };
}

// ---- Calendar ----------------------------------------------------------------------------------

export interface CalendarItem {
  key: string;
  assignment: AssignmentDto;
  checked: boolean;
  tickable: boolean;
  paid: boolean;
  /** A dated chore whose day passed without a tick. */
  missed: boolean;
  approval: ApprovalState;
}

export interface CalendarDay {
  date: IsoDate;
  weekday: Weekday;
  isToday: boolean;
  items: CalendarItem[];
}

const CATEGORY_ORDER = { daily: 0, weekly: 1, continuous: 2 } as const;

/**
 * The seven days (Sunday first) of the shown week. A continuous chore appears on each day it is
 * active and shows completed only on today's date (spec section 4); only today's items can be
 * ticked, so a weekly chore only on its assigned day.
 */
export function buildCalendarWeek(data: ChildAssignmentsDto): CalendarDay[] {
  const { today, shownWeekStart } = data;
  const continuous = data.assignments.filter((a) => a.isContinuous);
  // Issue 29 point 7: on a day the child is away an ongoing chore is not due: not listed (unless it was ticked).
  const away = new Set((data.awayDays ?? []).map((d) => d.date));
  return WEEKDAYS.map((weekday, i) => {
    const date = addDays(shownWeekStart, i);
    const isToday = date === today;
    const dated: CalendarItem[] = data.assignments
      // A day before it was assigned (issue 29) is shown as the week's plan, never as missed.
      .filter((a) => !a.isContinuous && a.assignedDate === date)
      .map((a) => ({ key: a.id, assignment: a, checked: a.isCompleted, tickable: isToday && !isTakenByAnother(a), paid: isPaid(a), missed: isDueDated(a) && !a.isCompleted && !isTakenByAnother(a) && date < today, approval: approvalState(a, a.isCompleted) }));
    const ongoing: CalendarItem[] = continuous
      .filter((a) => isActiveOn(a, weekday) && (!away.has(date) || a.completedDates.includes(date)))
      .map((a) => {
        const checked = isToday && a.isCompleted;
        // Another day of an ongoing chore: its own waiting tick (waitingDates), never locked or sent back here.
        const approval: ApprovalState = isToday ? approvalState(a, checked) : { waiting: false, sentBack: null };
        return { key: `${a.id}@${date}`, assignment: a, checked, tickable: isToday, paid: isToday && isPaid(a), missed: false, approval };
      });
    const items = [...dated, ...ongoing].sort(
      (x, y) =>
        CATEGORY_ORDER[x.assignment.isContinuous ? 'continuous' : x.assignment.chore.category] -
          CATEGORY_ORDER[y.assignment.isContinuous ? 'continuous' : y.assignment.chore.category] ||
        x.assignment.chore.name.localeCompare(y.assignment.chore.name),
    );
    return { date, weekday, isToday, items };
  });
}
