/**
 * A child's earnings per week over the last N weeks (issue 12's chart and table), from the week
 * aggregates (`EARN#W#<Sunday>#<child>`, docs/data-model.md): what the chores completed in each
 * week earned, after unticks. Reset Earnings pays out but does not change what a week earned.
 */
import type { EarningsHistoryDto, EarningsWeekDto } from '../../shared/api-types';
import { formatMinor } from '../../shared/money';
import { addDays, type IsoDate } from '../../shared/time';
import type { EarningsItem } from '../data/assignments';

export const DEFAULT_HISTORY_WEEKS = 12;
export const MAX_HISTORY_WEEKS = 52;

/** The Sundays of the `count` weeks ending with `currentWeekStart`, oldest first. */
export function historyWeeks(currentWeekStart: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(currentWeekStart, -7 * (count - 1 - i)));
}

export interface WeekEarnings {
  weekStart: IsoDate;
  cents: number;
  completed: number;
}

/** One entry per week (0 where nothing was earned); never negative. Items of other children or weeks are ignored. */
export function weeklyEarnings(items: readonly EarningsItem[], childId: string, weeks: readonly IsoDate[]): WeekEarnings[] {
  const byWeek = new Map(items.filter((i) => i.childId === childId).map((i) => [i.period, i]));
  return weeks.map((weekStart) => {
    const item = byWeek.get(weekStart);
    return { weekStart, cents: Math.max(0, item?.cents ?? 0), completed: Math.max(0, item?.count ?? 0) };
  });
}

/** The history as the API answers it, amounts in the family currency's decimals. */
export function earningsHistoryDto(childId: string, weeks: readonly WeekEarnings[], currency: string): EarningsHistoryDto {
  const dto: EarningsWeekDto[] = weeks.map((w) => ({ weekStart: w.weekStart, amount: formatMinor(w.cents, currency), completed: w.completed }));
  return { childId, weeks: dto, total: formatMinor(weeks.reduce((sum, w) => sum + w.cents, 0), currency) };
}
