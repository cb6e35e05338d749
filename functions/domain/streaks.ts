/**
 * A child's streak (issue 32 point 5): how many days in a row the child did everything that was due,
 * counted back from today. Pure rules, no I/O.
 *
 * - A day is **done** when it had chore-days of the child (a dated chore on its date, an ongoing chore
 *   on a due day: domain/due-days.ts) and every one of them is ticked. A tick waiting for a parent's
 *   OK counts (the child did its part); one sent back is no tick.
 * - A day is **free** when nothing was due: the child away or the family paused, a day with no chores,
 *   a day before the chores existed. A free day neither breaks the streak nor adds to it.
 * - A day is **missed** when something due was left: the streak ends there.
 * - Today is still open: done, it counts; not done yet, it breaks nothing (the day is not over).
 * - Days before the child existed do not count: the walk stops there.
 *
 * The days before the current week are settled when the week closes: the Sunday job computes the
 * streak as it stood at the end of Saturday (`carriedStreak`) and keeps it on the child
 * (`StreakCarry`), so a screen counts only this week's days, from the reads it already makes
 * (docs/decisions/061-streaks.md). The property test (streaks.property.test.ts) holds that a streak
 * counted this way always equals the streak counted from the whole history.
 */
import { addDays, type IsoDate, type Weekday } from '../../shared/time';
import { isContinuousDueOn, isDueDay } from './due-days';

/** A chore-day of the child: its date, and whether it is ticked. */
export interface StreakChoreDay {
  date: IsoDate;
  done: boolean;
}

export interface StreakHistory {
  /** The child's chore-days that count (due, or ticked), any order. */
  choreDays: readonly StreakChoreDay[];
  /** Away on a date (own calendar, or the family's pause): a free day. */
  isAway: (date: IsoDate) => boolean;
  /** The child's first day (the family-local date it was added): no day before it counts. */
  since: IsoDate;
}

export type DayState = 'done' | 'missed' | 'free';

/** The streak as it stood at the end of the day before `weekStart` (kept on the child by the Sunday job). */
export interface StreakCarry {
  weekStart: IsoDate;
  days: number;
}

export interface Streak {
  /** Days in a row with everything done, today included once it is done. */
  days: number;
  /** Today had something due and all of it is done. */
  doneToday: boolean;
}

/** Each date's chore-days: how many, and how many of them are done. */
function tally(choreDays: readonly StreakChoreDay[]): Map<IsoDate, { due: number; done: number }> {
  const byDate = new Map<IsoDate, { due: number; done: number }>();
  for (const d of choreDays) {
    const t = byDate.get(d.date) ?? { due: 0, done: 0 };
    t.due++;
    if (d.done) t.done++;
    byDate.set(d.date, t);
  }
  return byDate;
}

const stateOf = (t: { due: number; done: number } | undefined, away: boolean): DayState => {
  if (away || !t || t.due === 0) return 'free';
  return t.done === t.due ? 'done' : 'missed';
};

/** What a day was (or, for today, is so far: 'missed' means something is still open). */
export function dayState(history: StreakHistory, date: IsoDate): DayState {
  return stateOf(tally(history.choreDays.filter((d) => d.date === date)).get(date), history.isAway(date));
}

/**
 * The streak on `today`, counting the days from `today` back to `from` (the history must hold every
 * chore-day of those dates), then `carry`: the streak as it stood at the end of the day before `from`
 * (0 when nothing is known before `from`). Days after `today` are ignored.
 */
export function streakOn(history: StreakHistory, today: IsoDate, from: IsoDate, carry = 0): Streak {
  const byDate = tally(history.choreDays);
  const todayState = stateOf(byDate.get(today), history.isAway(today));
  const doneToday = todayState === 'done' && today >= history.since;
  let days = 0;
  for (let date = today; ; date = addDays(date, -1)) {
    if (date < history.since) return { days, doneToday };
    if (date < from) return { days: days + carry, doneToday };
    const state = date === today ? todayState : stateOf(byDate.get(date), history.isAway(date));
    if (state === 'done') days++;
    // Today not done yet breaks nothing: the day is not over.
    else if (state === 'missed' && date !== today) return { days, doneToday };
  }
}

/**
 * The streak as it stood when the week before `weekStart` closed (the end of its Saturday): what the
 * Sunday job keeps on the child. `from`/`carry`: the oldest date the history holds and the streak
 * before it (the last carry kept, or 0 when none chains on).
 */
export function carriedStreak(history: StreakHistory, weekStart: IsoDate, from: IsoDate, carry = 0): StreakCarry {
  const lastDay = addDays(weekStart, -1);
  // Saturday is closed: counted as a past day (a later day that is free stands in for "today").
  const closed: StreakHistory = { ...history, choreDays: history.choreDays.filter((d) => d.date <= lastDay) };
  return { weekStart, days: streakOn(closed, weekStart, from, carry).days };
}

/**
 * Where the streak of the week from `weekStart` starts: the carry kept for this week, or, when the
 * Sunday job has not kept one yet (a child added this week, a family whose run is still on its way
 * in the first hour of Sunday), nothing before the week.
 */
export const carryInto = (kept: StreakCarry | undefined, weekStart: IsoDate): number => (kept?.weekStart === weekStart ? kept.days : 0);

/** A dated chore-day as stored (only what a streak reads). */
export interface StreakDated {
  assignedDate: IsoDate;
  isCompleted: boolean;
  createdAt: string;
  /** Issue 21: a first-wins chore-day another child took is not this child's. */
  takenBy?: unknown;
}

/** An ongoing chore as stored (only what a streak reads). */
export interface StreakOngoing {
  daysOfWeek?: readonly Weekday[] | readonly string[];
  createdAt: string;
  completions?: Readonly<Record<string, unknown>>;
}

/**
 * One child's chore-days from `from` to `to`, as the screens count them (views/family-dtos.ts
 * childFigures): a dated chore on its date unless another child took it or it was assigned after
 * that day (a ticked one always counts); an ongoing chore on each due day, and on any day ticked.
 * The caller gives only the child's own, visible assignments.
 */
export function choreDaysOf(
  dated: readonly StreakDated[],
  ongoing: readonly StreakOngoing[],
  range: { from: IsoDate; to: IsoDate },
  timeZone: string,
  isAway: (date: IsoDate) => boolean,
): StreakChoreDay[] {
  const inRange = (date: IsoDate) => date >= range.from && date <= range.to;
  const days: StreakChoreDay[] = dated
    .filter((a) => inRange(a.assignedDate) && (a.isCompleted || (!a.takenBy && isDueDay(a, timeZone))))
    .map((a) => ({ date: a.assignedDate, done: a.isCompleted }));
  for (const c of ongoing) {
    for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
      if (c.completions?.[date]) days.push({ date, done: true });
      else if (isContinuousDueOn(c, date, timeZone, isAway)) days.push({ date, done: false });
    }
  }
  return days;
}

/**
 * The carry the Sunday job keeps for the week from `weekStart`, from the history it read (every
 * chore-day from `historyFrom` to the Saturday before `weekStart`); undefined when the child already
 * has this week's (a week's days are settled once, when it closes: a Reassign later in the week
 * leaves it). A kept carry inside the history chains on, so a run that was missed is made up.
 */
export function nextCarry(kept: StreakCarry | undefined, history: StreakHistory, weekStart: IsoDate, historyFrom: IsoDate): StreakCarry | undefined {
  if (kept?.weekStart === weekStart) return undefined;
  const chain = kept && kept.weekStart >= historyFrom && kept.weekStart < weekStart ? kept : undefined;
  return carriedStreak(history, weekStart, chain?.weekStart ?? historyFrom, chain?.days ?? 0);
}
