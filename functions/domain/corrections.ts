/**
 * Who may tick, take back, approve or send back a chore-day, and when (issue 19, decision 049): pure
 * rules over plain values, applied before any write. The writes themselves stay conditional, so a
 * rule read on stale data can refuse too little only until the transaction refuses the rest.
 */
import type { IsoDate } from '../../shared/time';

/** A chore-day's tick as the rules see it. */
export interface TickState {
  /** Waiting for a parent's OK. */
  waiting?: boolean;
  /** A parent approved it, or ticked it themselves. */
  approved?: boolean;
  /** The local date it was ticked on. */
  completedOn: IsoDate;
}

export type Refusal = 'approved' | 'past-day' | 'not-this-week' | 'not-yet' | 'wrong-day';

/**
 * A child may take back their own tick while it waits for an OK, or (no OK needed) on the day they
 * ticked it; once a parent approved or ticked it, or the day is over, only a parent can.
 */
export function childTakeBackRefusal(tick: TickState, today: IsoDate): Refusal | null {
  if (tick.waiting) return null;
  if (tick.approved) return 'approved';
  if (tick.completedOn !== today) return 'past-day';
  return null;
}

/**
 * Whether a chore-day may be ticked now. A child ticks a weekly chore on its day and any other not
 * before its day; a parent may tick any day of the current week up to today (correcting a forgotten
 * tick), never a future day.
 */
export function tickRefusal(who: 'parent' | 'child', day: { date: IsoDate; weekly: boolean }, clock: { today: IsoDate; weekStart: IsoDate }): Refusal | null {
  if (day.date > clock.today) return 'not-yet';
  if (who === 'parent') return day.date < clock.weekStart ? 'not-this-week' : null;
  if (day.weekly && day.date !== clock.today) return 'wrong-day';
  return null;
}

/** A child's tick on a chore that needs a parent's OK waits; a parent's tick counts at once. */
export const tickWaits = (who: 'parent' | 'child', needsApproval: boolean): boolean => who === 'child' && needsApproval;
