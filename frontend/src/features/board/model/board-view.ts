/** Issue 32: what the family board says about a child, in words (pure, unit-tested). */
import type { BoardChildDto } from '../../../../../shared/api-types';

/** "2 of 3 done", "All 3 done!", "Nothing today". */
export function todayText(c: Pick<BoardChildDto, 'todayCompletedCount' | 'todayTotalCount'>): string {
  if (c.todayTotalCount === 0) return 'Nothing today';
  if (c.todayCompletedCount >= c.todayTotalCount) return `All ${c.todayTotalCount} done!`;
  return `${c.todayCompletedCount} of ${c.todayTotalCount} done`;
}

/** The share of today done, 0–100 (a bar's value). */
export const todayPercent = (c: Pick<BoardChildDto, 'todayCompletedCount' | 'todayTotalCount'>): number =>
  c.todayTotalCount === 0 ? 0 : Math.round((Math.min(c.todayCompletedCount, c.todayTotalCount) / c.todayTotalCount) * 100);

/** "3-day streak", or null when there is none to show. */
export const streakText = (s: BoardChildDto['streak']): string | null => (s.days > 0 ? `${s.days}-day streak` : null);

/** The letter shown when a child has no picture. */
export const initialOf = (name: string): string => (name.trim()[0] ?? '?').toLocaleUpperCase();
