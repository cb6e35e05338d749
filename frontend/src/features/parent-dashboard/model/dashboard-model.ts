/** Pure rules of the parent dashboard (spec section 2), kept out of the components so they are tested alone. */
import type { AssignmentDto, ChildDto, ChoreCategory, ChoreDto } from '../../../../../shared/api-types';
import type { IsoDate, Weekday } from '../../../../../shared/time';
import { shortDate, WEEKDAYS } from '../../../../../shared/time';

/** Spec section 9: a hover flyout stays open this long after the pointer leaves. */
export const FLYOUT_CLOSE_DELAY_MS = 300;
/** Spec section 9: tooltip open delay and the skip delay between neighbouring tooltips. */
export const TOOLTIP_ENTER_DELAY_MS = 700;
export const TOOLTIP_ENTER_NEXT_DELAY_MS = 300;

/**
 * Today's chores: a dated assignment for today's date, or a continuous one active today (no days
 * means every day). Dates and weekday are the family's, from the dashboard answer.
 */
export function isTodays(a: Pick<AssignmentDto, 'assignedDate' | 'isContinuous' | 'daysOfWeek'>, today: IsoDate, weekday: Weekday): boolean {
  if (a.isContinuous) return a.daysOfWeek.length === 0 || a.daysOfWeek.includes(weekday);
  return a.assignedDate === today;
}

const CATEGORY_ORDER: Record<ChoreCategory, number> = { daily: 0, weekly: 1, continuous: 2 };

/** Today's chores in a stable order (category, then name), so ticking one never moves the list. */
export function todaysChores(assignments: readonly AssignmentDto[], today: IsoDate, weekday: Weekday): AssignmentDto[] {
  return assignments
    .filter((a) => isTodays(a, today, weekday))
    .sort((a, b) => CATEGORY_ORDER[a.chore.category] - CATEGORY_ORDER[b.chore.category] || a.chore.name.localeCompare(b.chore.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const SHORT: Record<Weekday, string> = { sunday: 'Sun', monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat' };

/**
 * The day badge of a chore on today's list, only where it says something the card does not (issue
 * 18: the card is already titled with today's date): "Today only" for a weekly chore, "Every day" or
 * "Mon, Wed, Fri" for a continuous one; none for a daily chore (today is its day, as every day).
 */
export function dayBadge(a: Pick<AssignmentDto, 'dayOfWeek' | 'isContinuous' | 'daysOfWeek'> & { chore: Pick<AssignmentDto['chore'], 'category'> }): string | null {
  if (!a.isContinuous) return a.chore.category === 'weekly' ? 'Today only' : null;
  if (a.daysOfWeek.length === 0 || a.daysOfWeek.length === WEEKDAYS.length) return 'Every day';
  return WEEKDAYS.filter((d) => a.daysOfWeek.includes(d))
    .map((d) => SHORT[d])
    .join(', ');
}

/** Completed over total as a whole percentage for a progress bar (0 when there is nothing to do). */
export function percent(done: number, total: number): number {
  return total > 0 ? Math.round((100 * Math.min(done, total)) / total) : 0;
}

/** The Master Chore List card's tabs, with their empty messages. */
export const MASTER_LIST_TABS: readonly { category: ChoreCategory; label: string; empty: string }[] = [
  { category: 'daily', label: 'Daily Chores', empty: 'No daily chores' },
  { category: 'weekly', label: 'Weekly Chores', empty: 'No weekly chores' },
  { category: 'continuous', label: 'Continuous Assignments', empty: 'No continuous assignments' },
];

/** Chores of one category, by name. */
export function choresIn(chores: readonly ChoreDto[], category: ChoreCategory): ChoreDto[] {
  return chores.filter((c) => c.category === category).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What "Reassign Weekly Chores" keeps (issue 29), said beside the button before it is pressed: this
 * week's chore-days already ticked and those a parent assigned by hand (manual assign or the weekly
 * scheduler); continuous assignments are not counted here (they stay as well).
 */
export function reassignKeeps(children: readonly Pick<ChildDto, 'assignments'>[]): { ticked: number; byHand: number } {
  let ticked = 0;
  let byHand = 0;
  for (const child of children) {
    for (const a of child.assignments) {
      if (a.isContinuous) continue;
      if (a.isCompleted) ticked++;
      else if (a.source !== 'generated') byHand++;
    }
  }
  return { ticked, byHand };
}

/** "Plans this week again from today. Stays: 2 ticked chore-days and 5 chore-days assigned by hand." */
export function reassignSentence({ ticked, byHand }: { ticked: number; byHand: number }): string {
  const days = (n: number) => (n === 1 ? '1 chore-day' : `${n} chore-days`);
  const stays = [ticked > 0 ? `${ticked === 1 ? '1 ticked chore-day' : `${ticked} ticked chore-days`}` : '', byHand > 0 ? `${days(byHand)} assigned by hand` : ''].filter(Boolean);
  return `Hands out this week’s chores again. Stays: ${stays.length > 0 ? stays.join(' and ') : 'ticked chores and chores assigned by hand'}.`;
}

/**
 * Issue 29 point 12: after Reset Earnings mid-week the card's "Earned this week" counts from it; this
 * says so and gives the part before it, so the two add up to the weekly report's "earned this week".
 */
export function weekSinceResetText(reset: NonNullable<ChildDto['weekSinceReset']>, amount: (value: string) => string): string {
  return `“Earned this week” counts from Reset Earnings on ${shortDate(reset.date)}. Earned this week before it: ${amount(reset.earnedBefore)}.`;
}
