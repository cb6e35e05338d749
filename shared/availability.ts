/**
 * When a child is away (issue 21, shared/planning.ts): the availability calendar's repeating
 * cycles, one-off away ranges and pauses, and the family's pause, read day by day on calendar dates.
 *
 * A day's label, strongest first: the family's pause ("Family paused"), the child's pause
 * ("Paused"), a one-off away range (its label, else "Away"), a cycle (its label, else "Away").
 */
import type { AwayDayDto } from './api-types';
import type { AwayCycle, Availability, DateRange } from './planning';
import { daysBetween, daysInMonth, positiveModulo } from './calendar';
import { addDays, isIsoDate, weekDates, weekdayOf, weekStartOfDate, type IsoDate, type Weekday } from './time';

export const AWAY_LABELS = { familyPaused: 'Family paused', paused: 'Paused', away: 'Away' } as const;

/** Whether a date lies in an inclusive range; no `to`: open-ended. */
export const inRange = (range: DateRange, date: IsoDate): boolean => date >= range.from && (range.to === undefined || date <= range.to);

/**
 * Whether the cycle has the child away on this date. Nothing before its start is away (issue 29: a
 * pattern "from 5 Dec" never marks 28 Nov): the planner, the calendars and the month preview agree.
 */
export function cycleAwayOn(cycle: AwayCycle, date: IsoDate): boolean {
  if (date < cycle.start) return false;
  return cycle.away.includes(positiveModulo(daysBetween(cycle.start, date), cycle.length));
}

const labelOr = (label: string | undefined) => label?.trim() || AWAY_LABELS.away;

/** The label of an away day, or null when the child is home that day. */
export function awayLabelOn(availability: Availability | null | undefined, familyPause: DateRange | null | undefined, date: IsoDate): string | null {
  if (familyPause && inRange(familyPause, date)) return AWAY_LABELS.familyPaused;
  if (!availability) return null;
  if (availability.pause && inRange(availability.pause, date)) return AWAY_LABELS.paused;
  const range = availability.away.find((r) => inRange(r, date));
  if (range) return labelOr(range.label);
  const cycle = availability.cycles.find((c) => cycleAwayOn(c, date));
  return cycle ? labelOr(cycle.label) : null;
}

/** Whether the child is away (availability or the family's pause) on this date. */
export const isAwayOn = (availability: Availability | null | undefined, familyPause: DateRange | null | undefined, date: IsoDate): boolean =>
  awayLabelOn(availability, familyPause, date) !== null;

/** Every date of [from, to] (inclusive, in order) on which the child is away, with its label; [] when `to` is before `from`. */
export function awayDays(availability: Availability | null | undefined, familyPause: DateRange | null | undefined, from: IsoDate, to: IsoDate): AwayDayDto[] {
  const days: AwayDayDto[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const label = awayLabelOn(availability, familyPause, date);
    if (label !== null) days.push({ date, label });
  }
  return days;
}

/** The away dates of the week starting on `weekStart` (Sunday first). */
export const awayDatesInWeek = (availability: Availability | null | undefined, familyPause: DateRange | null | undefined, weekStart: IsoDate): IsoDate[] =>
  weekDates(weekStart).filter((date) => isAwayOn(availability, familyPause, date));

/** The weekdays of that week the child is away (what the planner takes: PlannerChild.awayDays). */
export const awayWeekdaysInWeek = (availability: Availability | null | undefined, familyPause: DateRange | null | undefined, weekStart: IsoDate): Weekday[] =>
  awayDatesInWeek(availability, familyPause, weekStart).map(weekdayOf);

/** Whether the child is away on all seven days of the week. */
export const isWholeWeekAway = (availability: Availability | null | undefined, familyPause: DateRange | null | undefined, weekStart: IsoDate): boolean =>
  weekDates(weekStart).every((date) => isAwayOn(availability, familyPause, date));

/** One day of the availability editor's month preview. */
export interface MonthGridCell {
  date: IsoDate;
  /** False for the days of the previous or next month that fill the first and last rows. */
  inMonth: boolean;
  away: boolean;
  /** The away day's label; null when home. */
  label: string | null;
}

/**
 * The month preview: the weeks (Sunday-first rows of 7 cells) that hold the days of `month`
 * (`YYYY-MM`), 4 to 6 rows, the first and last padded with the neighbouring months' days.
 */
export function monthGrid(month: string, availability: Availability | null | undefined, familyPause: DateRange | null | undefined): MonthGridCell[][] {
  const first = `${month}-01`;
  if (!/^\d{4}-\d{2}$/.test(month) || !isIsoDate(first)) throw new Error(`Not a month (YYYY-MM): ${month}`);
  const last = `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;
  const rows: MonthGridCell[][] = [];
  for (let weekStart = weekStartOfDate(first); weekStart <= last; weekStart = addDays(weekStart, 7)) {
    rows.push(
      weekDates(weekStart).map((date) => {
        const label = awayLabelOn(availability, familyPause, date);
        return { date, inMonth: date.startsWith(month), away: label !== null, label };
      }),
    );
  }
  return rows;
}
