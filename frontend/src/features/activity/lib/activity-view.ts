/**
 * The activity log as the page shows it (issue 19), as plain functions: when an event happened in
 * the family's time zone, its signed amount, and which bonuses and deductions may still be reversed.
 */
import type { ActivityEventDto } from '../../../../../shared/api-types';
import { addDays } from '../../../../../shared/time';

export { isNegative, signedMoney } from '../../../lib/money-text';

/** The calendar date (YYYY-MM-DD) of an instant in a time zone, by the browser's Intl (en-CA writes ISO dates). */
export function dateInZone(instant: Date, timeZone: string): string {
  return instant.toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

/**
 * When an event happened, in the family's time zone: "Today, 3:42 PM", "Yesterday, 9:05 AM",
 * "Mon, Nov 23, 3:42 PM", and the year too when it is not this year's.
 */
export function activityWhen(at: string, now: Date, timeZone: string): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  const time = instant.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const day = dateInZone(instant, timeZone);
  const today = dateInZone(now, timeZone);
  if (day === today) return `Today, ${time}`;
  if (day === addDays(today, -1)) return `Yesterday, ${time}`;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  const date = instant.toLocaleDateString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
  return `${date}, ${time}`;
}

/** The full date and time, for the tooltip and screen readers: "Wednesday, November 25, 2026 at 3:42 PM". */
export function activityWhenFull(at: string, timeZone: string): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return '';
  return instant.toLocaleString('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' });
}

/** The ledger entries already reversed, from the events loaded so far (a reversal is always newer than what it reverses). */
export function reversedEntries(events: readonly ActivityEventDto[]): Set<string> {
  return new Set(events.filter((e) => e.kind === 'reversal' && e.reverses).map((e) => e.reverses!));
}

/** A bonus or deduction not reversed yet can be reversed (a reversal itself cannot). */
export function canReverse(event: ActivityEventDto, reversed: ReadonlySet<string>): boolean {
  return (event.kind === 'bonus' || event.kind === 'deduction') && Boolean(event.entryId) && Boolean(event.childId) && !reversed.has(event.entryId!);
}

/** Short names of the kinds, for the row's tag. */
export const KIND_LABELS: Record<ActivityEventDto['kind'], string> = {
  tick: 'Ticked',
  untick: 'Unticked',
  approve: 'Approved',
  'send-back': 'Sent back',
  bonus: 'Bonus',
  deduction: 'Deduction',
  reversal: 'Reversal',
  payout: 'Payout',
  'sunday-run': 'Sunday run',
  'goal-bought': 'Goal bought',
  'jar-withdrawal': 'From a jar',
};

/** Who did it, as the row says: "Alex Rivera (parent)", "Emma", "Sunday job". */
export function whoText(by: ActivityEventDto['by']): string {
  if (by.role === 'parent') return by.name ? `${by.name} (parent)` : 'A parent';
  return by.name || (by.role === 'system' ? 'ChoreQuest' : 'A child');
}
