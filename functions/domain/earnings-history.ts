/**
 * A child's earnings per week over the last N weeks (issue 12's chart and table), from the week
 * aggregates (`EARN#W#<Sunday>#<child>`, docs/data-model.md): what the chores completed in each
 * week earned, after unticks. Reset Earnings pays out but does not change what a week earned.
 */
import { addDays, weekStartOf, type IsoDate } from '../../shared/time';
import type { JarAmounts } from './savings';

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
  /** Issue 22: paid out in the week, and the jar shares of it saved and given (absent: 0). */
  paidCents?: number;
  savedCents?: number;
  gaveCents?: number;
}

/** A payout as the history counts it (issue 22): when, how much, and its jar split when jars were on. */
export interface PayoutRecord {
  paidAt: string;
  amountCents: number;
  jars?: JarAmounts;
}

/** Adds to each week what was paid out in it (by `paidAt`'s week in the family's time zone) and its save and give shares. */
export function withPayouts(weeks: readonly WeekEarnings[], payouts: readonly PayoutRecord[], timeZone: string): WeekEarnings[] {
  const byWeek = new Map<IsoDate, { paid: number; saved: number; gave: number }>();
  for (const p of payouts) {
    const week = weekStartOf(new Date(p.paidAt), timeZone);
    const w = byWeek.get(week) ?? { paid: 0, saved: 0, gave: 0 };
    w.paid += p.amountCents;
    w.saved += p.jars?.save ?? 0;
    w.gave += p.jars?.give ?? 0;
    byWeek.set(week, w);
  }
  return weeks.map((w) => {
    const p = byWeek.get(w.weekStart);
    return { ...w, paidCents: p?.paid ?? 0, savedCents: p?.saved ?? 0, gaveCents: p?.gave ?? 0 };
  });
}

/** A child's earnings aggregate of one period (a week's Sunday), as stored (data/planning/assignments.ts `EarningsItem`). */
export interface EarningsAggregate {
  childId: string;
  period: string;
  cents: number;
  count: number;
}

/** One entry per week (0 where nothing was earned); never negative. Items of other children or weeks are ignored. */
export function weeklyEarnings(items: readonly EarningsAggregate[], childId: string, weeks: readonly IsoDate[]): WeekEarnings[] {
  const byWeek = new Map(items.filter((i) => i.childId === childId).map((i) => [i.period, i]));
  return weeks.map((weekStart) => {
    const item = byWeek.get(weekStart);
    return { weekStart, cents: Math.max(0, item?.cents ?? 0), completed: Math.max(0, item?.count ?? 0) };
  });
}
