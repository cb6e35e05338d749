/**
 * Savings goals and spend / save / give jars (issue 22, decision 054), as plain rules over domain
 * values: how a payout splits into jars, what a child's savings are, how they are shared among the
 * child's goals (oldest first), a goal's progress and "weeks to go", and what buying a goal takes.
 * Amounts are integer minor units of the family's currency; nothing here knows items or keys
 * (functions/data/money/goals.ts applies these rules in conditional transactions; what the API shows of
 * them is built in functions/views/savings-dtos.ts).
 */
import type { GoalIcon } from '../../shared/api-types';
import { addDays, type IsoDate } from '../../shared/time';

/** A split in whole percent, summing to 100. */
export interface JarSplit {
  spend: number;
  save: number;
  give: number;
}

/** Amounts per jar, in minor units. */
export type JarAmounts = JarSplit;

export type JarName = keyof JarAmounts;

export const NO_JARS: JarAmounts = { spend: 0, save: 0, give: 0 };

/**
 * A payout of `amount` split into jars exactly: each share is rounded down, the minor units left
 * over go to save, so the three always add up to the payout.
 */
export function splitPayout(amount: number, split: JarSplit): JarAmounts {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`A payout is a whole non-negative amount, got ${amount}`);
  const spend = Math.floor((amount * split.spend) / 100);
  const give = Math.floor((amount * split.give) / 100);
  return { spend, save: amount - spend - give, give };
}

/** What the child saves themselves toward a goal: target × 100 / (100 + top-up), rounded up. */
export function childShare(targetCents: number, topUpPercent: number): number {
  const d = 100 + topUpPercent;
  return Math.floor((targetCents * 100 + d - 1) / d);
}

export interface GoalBought {
  at: string;
  by: { role: 'parent'; id: string; name: string };
  /** What the purchase took from the child's savings. */
  fromSavingsCents: number;
  /** What the family paid on top (the top-up, and any part of the child's share not yet saved). */
  topUpCents: number;
  /** Jars off: the part of `fromSavingsCents` that was still owed and that the purchase settled. */
  fromOwedCents?: number;
}

/** A child's savings goal. */
export interface Goal {
  goalId: string;
  childId: string;
  name: string;
  icon: GoalIcon;
  targetCents: number;
  topUpPercent: number;
  createdAt: string;
  createdBy: { role: 'parent' | 'child'; id: string; name: string };
  reachedAt?: string;
  celebratedAt?: string;
  bought?: GoalBought;
}

/** The child's money counters (absent attributes read as 0). */
export interface ChildSavings {
  /** Net lifetime earned: ticks, approvals, bonuses, less unticks and deductions (payouts do not change it). */
  earnedTotalCents: number;
  /** Jars off: where saving began (earned total then), raised by what bought goals took. */
  savingsBaseCents: number;
  jars: JarAmounts;
  /** Goals saving or reached (not bought). */
  activeGoals: number;
}

/**
 * What goals draw from: the save jar (jars on), or what was earned since saving began (jars off).
 * Never negative. Jars off with no active goal, nothing is being saved (issue 29 point 13): saving
 * begins again with the next goal (`afterGoalCreated`), so showing lifetime earnings as "saved" until
 * then (demo Emma: $164.25 "saved" with $104 paid out) and $0.00 once a goal is set misled.
 */
export function savingsOf(s: ChildSavings, jarsOn: boolean): number {
  if (jarsOn) return Math.max(0, s.jars.save);
  return s.activeGoals > 0 ? Math.max(0, s.earnedTotalCents - s.savingsBaseCents) : 0;
}

const byAge = (a: Goal, b: Goal) => a.createdAt.localeCompare(b.createdAt) || a.goalId.localeCompare(b.goalId);

export const isActive = (g: Goal): boolean => !g.bought;

/** Each active goal's part of the savings, oldest first (a goal takes at most its child share). */
export function allocate(goals: readonly Goal[], savings: number): Map<string, number> {
  const out = new Map<string, number>();
  let left = Math.max(0, savings);
  for (const g of goals.filter(isActive).sort(byAge)) {
    const take = Math.min(left, childShare(g.targetCents, g.topUpPercent));
    out.set(g.goalId, take);
    left -= take;
  }
  return out;
}

export type GoalStatus = 'saving' | 'reached' | 'bought';

export interface GoalProgress {
  savedCents: number;
  progressCents: number;
  percent: number;
  status: GoalStatus;
  /** What the child still has to save themselves. */
  remainingCents: number;
}

/** A goal's progress from its part of the savings: the top-up grows it by p%, capped at the target. */
export function goalProgress(g: Goal, saved: number): GoalProgress {
  const share = childShare(g.targetCents, g.topUpPercent);
  if (g.bought) return { savedCents: g.bought.fromSavingsCents, progressCents: g.targetCents, percent: 100, status: 'bought', remainingCents: 0 };
  const s = Math.max(0, Math.min(saved, share));
  const reached = s >= share;
  const progress = reached ? g.targetCents : Math.min(g.targetCents, Math.floor((s * (100 + g.topUpPercent)) / 100));
  const percent = reached ? 100 : g.targetCents > 0 ? Math.min(99, Math.floor((progress * 100) / g.targetCents)) : 100;
  return { savedCents: s, progressCents: progress, percent, status: reached ? 'reached' : 'saving', remainingCents: share - s };
}

/** The 4 full weeks before the current one (their Sundays), oldest first: the pace's window. */
export function paceWeeks(currentWeekStart: IsoDate): IsoDate[] {
  return [28, 21, 14, 7].map((d) => addDays(currentWeekStart, -d));
}

/** The average weekly saving of the pace window, from what was saved in each of its 4 weeks (a week below zero counts as it is). */
export const paceOf = (weekly: readonly number[]): { totalCents: number; weeklyCents: number } => {
  const total = weekly.reduce((s, x) => s + x, 0);
  return { totalCents: total, weeklyCents: Math.max(0, Math.floor(total / 4)) };
};

/** Whole weeks to save `remaining` at the pace of `fourWeekTotal` per 4 weeks; null when there is nothing left or no pace. */
export function weeksToGo(remaining: number, fourWeekTotal: number): number | null {
  if (remaining <= 0 || fourWeekTotal <= 0) return null;
  return Math.ceil((remaining * 4) / fourWeekTotal);
}

/** The child's money after a goal is set: saving begins (jars off) when no goal was active. */
export function afterGoalCreated(s: ChildSavings): ChildSavings {
  return { ...s, savingsBaseCents: s.activeGoals <= 0 ? s.earnedTotalCents : s.savingsBaseCents, activeGoals: s.activeGoals + 1 };
}

export interface Purchase {
  fromSavingsCents: number;
  /**
   * Jars off: the part of `fromSavingsCents` that was still owed (earned, not yet paid out). The
   * parent paid for the goal with it, so what is owed goes down by as much: the child is never paid
   * twice, once in the goal and again at Reset Earnings. Jars on: 0 (the save jar is paid money).
   */
  fromOwedCents: number;
  topUpCents: number;
  next: ChildSavings;
}

/**
 * Buying a goal (a parent, even before it is reached): it takes what it can of its child share from
 * the savings (the save jar with jars on; jars off, the saving start moves up by as much); the family
 * pays the rest. Jars off, what the savings hold may still be owed: that part (`owedCents` at most)
 * is settled by the purchase, so what is owed goes down by it; jars on, what is owed does not change.
 */
export function purchase(g: Goal, s: ChildSavings, jarsOn: boolean, owedCents = 0): Purchase {
  const take = Math.min(savingsOf(s, jarsOn), childShare(g.targetCents, g.topUpPercent));
  const fromOwedCents = jarsOn ? 0 : Math.max(0, Math.min(take, owedCents));
  const next: ChildSavings = jarsOn
    ? { ...s, jars: { ...s.jars, save: s.jars.save - take }, activeGoals: Math.max(0, s.activeGoals - 1) }
    : { ...s, savingsBaseCents: s.savingsBaseCents + take, activeGoals: Math.max(0, s.activeGoals - 1) };
  return { fromSavingsCents: take, fromOwedCents, topUpCents: g.targetCents - take, next };
}

/** Money taken out of the spend or give jar: refused ('too-low') when the jar holds less. */
export function withdraw(s: ChildSavings, jar: 'spend' | 'give', cents: number): ChildSavings | 'too-low' {
  if (cents > s.jars[jar]) return 'too-low';
  return { ...s, jars: { ...s.jars, [jar]: s.jars[jar] - cents } };
}

/** A payout's jars added to the child's (jars off: nothing). */
export function afterPayout(s: ChildSavings, amount: number, split: JarSplit | null): { next: ChildSavings; jars: JarAmounts | null } {
  if (!split || amount <= 0) return { next: s, jars: null };
  const jars = splitPayout(amount, split);
  return { next: { ...s, jars: { spend: s.jars.spend + jars.spend, save: s.jars.save + jars.save, give: s.jars.give + jars.give } }, jars };
}

/** An earning (+) or a taking back (−: untick, deduction, reversal of a bonus) moves the net lifetime earned. */
export const afterEarning = (s: ChildSavings, delta: number): ChildSavings => ({ ...s, earnedTotalCents: s.earnedTotalCents + delta });

// ---- What the screens show (the DTOs are built in functions/views/savings-dtos.ts) ----------------

/** The money of a child as the screens need it: savings, the pace, and each goal's progress. */
export interface MoneyView {
  savingsCents: number;
  pace: { totalCents: number; weeklyCents: number };
  goals: { goal: Goal; progress: GoalProgress; weeksToGo: number | null }[];
}

/** Bought goals the money page lists (newest first). */
export const BOUGHT_SHOWN = 10;

/**
 * Savings shared among the goals, oldest first; a goal's weeks to go count what the older goals
 * still need first (savings fill them before it). Active goals oldest first, then the last bought.
 */
export function moneyView(goals: readonly Goal[], s: ChildSavings, jarsOn: boolean, fourWeekSaved: readonly number[]): MoneyView {
  const savings = savingsOf(s, jarsOn);
  const parts = allocate(goals, savings);
  const pace = paceOf(fourWeekSaved);
  let ahead = 0;
  const active = goals.filter(isActive).sort(byAge).map((goal) => {
    const progress = goalProgress(goal, parts.get(goal.goalId) ?? 0);
    ahead += progress.remainingCents;
    return { goal, progress, weeksToGo: progress.remainingCents > 0 ? weeksToGo(ahead, pace.totalCents) : null };
  });
  const bought = goals
    .filter((g) => g.bought)
    .sort((a, b) => b.bought!.at.localeCompare(a.bought!.at))
    .slice(0, BOUGHT_SHOWN)
    .map((goal) => ({ goal, progress: goalProgress(goal, 0), weeksToGo: null }));
  return { savingsCents: savings, pace, goals: [...active, ...bought] };
}

/** Active goals that are reached but not yet recorded as such (reachedAt is set the first time it is seen). */
export const newlyReached = (view: MoneyView): Goal[] => view.goals.filter((g) => g.progress.status === 'reached' && !g.goal.reachedAt).map((g) => g.goal);

/** "spend $5.00, save $4.00, give $1.00": a payout's split as the log writes it. */
export const describeJars = (jars: JarAmounts, money: (minor: number) => string): string => `spend ${money(jars.spend)}, save ${money(jars.save)}, give ${money(jars.give)}`;
