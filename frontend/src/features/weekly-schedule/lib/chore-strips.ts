import type { AssignmentDto, ChoreDto } from '../../../api/family';
import type { ChoreCategory } from '../../../../../shared/api-types';
import { dateInWeek, weekdayOf, WEEKDAYS_MONDAY_FIRST, type IsoDate, type Weekday } from '../../../../../shared/time';

export interface StripDay {
  day: Weekday;
  date: IsoDate;
  /** The chore is expected that day. */
  active: boolean;
  /** That day's assignment is completed (continuous: the date is in completedDates). */
  done: boolean;
}

export interface ChoreStrip {
  key: string;
  chore: ChoreDto;
  kind: ChoreCategory;
  /** Monday to Sunday. */
  days: StripDay[];
}

const ORDER: Record<ChoreCategory, number> = { daily: 0, weekly: 1, continuous: 2 };

/**
 * Each chore of a child's week once, with a Monday-to-Sunday strip (spec "Weekly schedule"):
 * a dated chore is active on the days it has an assignment (every day for a daily chore as the
 * weekly distribution and manual assignment make them, its assigned day for a weekly chore); a
 * continuous chore is active on its days, or on all days when it has none.
 */
export function choreStrips(assignments: readonly AssignmentDto[], weekStart: IsoDate): ChoreStrip[] {
  const strips = new Map<string, ChoreStrip>();
  const stripFor = (a: AssignmentDto) => {
    const key = `${a.isContinuous ? 'c' : 'd'}:${a.choreId}`;
    let strip = strips.get(key);
    if (!strip) {
      strip = {
        key,
        chore: a.chore,
        kind: a.isContinuous ? 'continuous' : a.chore.category,
        days: WEEKDAYS_MONDAY_FIRST.map((day) => ({ day, date: dateInWeek(weekStart, day), active: false, done: false })),
      };
      strips.set(key, strip);
    }
    return strip;
  };

  for (const a of assignments) {
    const strip = stripFor(a);
    if (a.isContinuous) {
      const activeDays = a.daysOfWeek.length > 0 ? a.daysOfWeek : WEEKDAYS_MONDAY_FIRST;
      for (const d of strip.days) {
        if (activeDays.includes(d.day)) d.active = true;
        if (a.completedDates.includes(d.date)) d.done = true;
      }
      continue;
    }
    const day = a.dayOfWeek ?? (a.assignedDate ? weekdayOf(a.assignedDate) : null);
    const cell = strip.days.find((d) => d.day === day);
    if (!cell) continue;
    cell.active = true;
    if (a.isCompleted) cell.done = true;
  }

  return [...strips.values()].sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.chore.name.localeCompare(b.chore.name));
}
