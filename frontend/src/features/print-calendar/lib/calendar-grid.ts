import type { AssignmentDto, ChoreDto } from '../../../api/family';
import type { ChoreCategory } from '../../../../../shared/api-types';
import { parseMinor } from '../../../../../shared/money';
import { dateInWeek, weekdayOf, WEEKDAYS_MONDAY_FIRST, type IsoDate, type Weekday } from '../../../../../shared/time';

/** Spec section 9: the print dialog opens 1000 ms after the calendar has loaded. */
export const PRINT_DELAY_MS = 1000;

export interface CalendarEntry {
  chore: ChoreDto;
  kind: ChoreCategory;
  /** Assignments of this chore on the day (shown once, with the count when more than one). */
  count: number;
}

export interface CalendarDay {
  day: Weekday;
  date: IsoDate;
  entries: CalendarEntry[];
}

export interface CalendarGrid {
  /** Monday to Sunday. */
  days: CalendarDay[];
  /** What the whole grid pays when every box is ticked, in the family currency's minor units. */
  totalMinor: number;
  /** Distinct chores on the calendar. */
  choreCount: number;
}

const ORDER: Record<ChoreCategory, number> = { daily: 0, weekly: 1, continuous: 2 };

/**
 * The printed week (spec "Print calendar"): daily chores on every day they are assigned (every
 * day when an assignment has no day), weekly chores on their assigned day (the n-th weekly chore
 * without one goes on day n modulo 7, Monday first), continuous chores on each active day (all
 * days when they have none). Amounts are the API's strings in the family's `currency` (issue 22).
 */
export function buildCalendarGrid(assignments: readonly AssignmentDto[], weekStart: IsoDate, currency: string): CalendarGrid {
  const cells = new Map<Weekday, CalendarEntry[]>(WEEKDAYS_MONDAY_FIRST.map((d) => [d, []]));
  const put = (day: Weekday, chore: ChoreDto, kind: ChoreCategory) => {
    const list = cells.get(day)!;
    const found = list.find((e) => e.chore.id === chore.id && e.kind === kind);
    if (found) found.count += 1;
    else list.push({ chore, kind, count: 1 });
  };

  const weeklyWithoutDay: string[] = [];
  for (const a of assignments) {
    if (a.isContinuous) {
      const days = a.daysOfWeek.length > 0 ? a.daysOfWeek : WEEKDAYS_MONDAY_FIRST;
      for (const d of days) put(d, a.chore, 'continuous');
      continue;
    }
    const kind = a.chore.category === 'weekly' ? 'weekly' : 'daily';
    const day = a.dayOfWeek ?? (a.assignedDate ? weekdayOf(a.assignedDate) : null);
    if (day) put(day, a.chore, kind);
    else if (kind === 'daily') for (const d of WEEKDAYS_MONDAY_FIRST) put(d, a.chore, kind);
    else {
      if (!weeklyWithoutDay.includes(a.choreId)) weeklyWithoutDay.push(a.choreId);
      put(WEEKDAYS_MONDAY_FIRST[weeklyWithoutDay.indexOf(a.choreId) % 7]!, a.chore, kind);
    }
  }

  const days = WEEKDAYS_MONDAY_FIRST.map((day) => ({
    day,
    date: dateInWeek(weekStart, day),
    entries: cells.get(day)!.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.chore.name.localeCompare(b.chore.name)),
  }));
  const totalMinor = days.reduce(
    (sum, d) => sum + d.entries.reduce((s, e) => s + (parseMinor(e.chore.amount, currency) ?? 0) * e.count, 0),
    0,
  );
  const choreCount = new Set(days.flatMap((d) => d.entries.map((e) => e.chore.id))).size;
  return { days, totalMinor, choreCount };
}
