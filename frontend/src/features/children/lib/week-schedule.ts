import type { AssignmentDto, ChoreDto } from '../../../api/family';
import { dateInWeek, weekdayOf, WEEKDAYS_MONDAY_FIRST, type IsoDate, type Weekday } from '../../../../../shared/time';

export interface ScheduledChore {
  chore: ChoreDto;
  /** How many assignments of this chore fall on the day (duplicates are shown once, with a count). */
  count: number;
  /** How many of them are completed. */
  completed: number;
  continuous: boolean;
}

export interface ChildWeekSchedule {
  /** Monday to Sunday (spec: the children page lists the week Monday first). */
  days: { day: Weekday; chores: ScheduledChore[] }[];
  /** Continuous chores with no days: active every day, "Ongoing Tasks (Always Active)". */
  ongoing: ScheduledChore[];
  /** Assignment counts for the closing summary. */
  summary: { daily: number; weekly: number; ongoing: number };
}

function add(list: ScheduledChore[], chore: ChoreDto, completed: boolean, continuous: boolean) {
  const found = list.find((s) => s.chore.id === chore.id && s.continuous === continuous);
  if (found) {
    found.count += 1;
    if (completed) found.completed += 1;
  } else {
    list.push({ chore, count: 1, completed: completed ? 1 : 0, continuous });
  }
}

const byName = (a: ScheduledChore, b: ScheduledChore) => a.chore.name.localeCompare(b.chore.name);

/**
 * A child's week as the children page shows it: per day, each chore once, plus the ongoing group.
 * `weekStart` (the family's current week) tells which days a continuous chore was done on.
 */
export function childWeekSchedule(assignments: readonly AssignmentDto[], weekStart?: IsoDate): ChildWeekSchedule {
  const perDay = new Map<Weekday, ScheduledChore[]>(WEEKDAYS_MONDAY_FIRST.map((d) => [d, []]));
  const ongoing: ScheduledChore[] = [];
  const summary = { daily: 0, weekly: 0, ongoing: 0 };

  for (const a of assignments) {
    if (a.isContinuous) {
      summary.ongoing += 1;
      if (a.daysOfWeek.length === 0) add(ongoing, a.chore, a.isCompleted, true);
      else for (const day of a.daysOfWeek) add(perDay.get(day)!, a.chore, Boolean(weekStart && a.completedDates.includes(dateInWeek(weekStart, day))), true);
      continue;
    }
    const day = a.dayOfWeek ?? (a.assignedDate ? weekdayOf(a.assignedDate) : null);
    if (!day) continue;
    add(perDay.get(day)!, a.chore, a.isCompleted, false);
    if (a.chore.category === 'weekly') summary.weekly += 1;
    else summary.daily += 1;
  }

  return {
    days: WEEKDAYS_MONDAY_FIRST.map((day) => ({ day, chores: perDay.get(day)!.sort(byName) })),
    ongoing: ongoing.sort(byName),
    summary,
  };
}
