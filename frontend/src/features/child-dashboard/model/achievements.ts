/** The child's progress and achievements (spec section 9), as plain data: unit-tested with the chore board. */
import { formatMoney, parseMinor, type MoneyFormat } from '../../../../../shared/money';

/** Whole percent, rounded down so "100%" means every chore is done. */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** Spec section 9. */
export const ACHIEVEMENT_RULES = {
  starPerformerChores: 3,
  superHelperChores: 5,
  /** In the family currency's minor units ($10.00, 10,00 €; a yen family ￥1,000: amounts are relabelled, never converted). */
  moneyMakerMinor: 1000,
} as const;

export type AchievementId = 'star-performer' | 'all-complete' | 'money-maker' | 'super-helper';

export interface Achievement {
  id: AchievementId;
  title: string;
  goal: string;
  earned: boolean;
  /** What is left to earn it, for a locked badge. */
  toGo: string;
}

const chores = (n: number) => `${n} more chore${n === 1 ? '' : 's'} to go`;
/** A goal this week's remaining chores can no longer reach: said kindly, with when it comes back. */
export const NOT_THIS_WEEK = 'Not this week. Sunday brings a fresh start!';

/**
 * The four badges of spec section 9. `left` is what can still be done this week (weekOutlook): a
 * goal is counted down only in chores that can still be ticked. Amounts read in the family's `money`.
 */
export function achievementsFor(input: { completedCount: number; totalCount: number; weekToDate: string; left?: number }, money: MoneyFormat): Achievement[] {
  const { completedCount: done, totalCount: total } = input;
  const left = input.left ?? Math.max(0, total - done);
  const countDown = (need: number) => (need <= left ? chores(need) : NOT_THIS_WEEK);
  const earnedMinor = parseMinor(input.weekToDate, money.currency) ?? 0;
  const percent = percentDone(done, total);
  const { starPerformerChores, superHelperChores, moneyMakerMinor } = ACHIEVEMENT_RULES;
  return [
    {
      id: 'star-performer',
      title: 'Star Performer',
      goal: `Finish ${starPerformerChores} chores`,
      earned: done >= starPerformerChores,
      toGo: countDown(Math.max(0, starPerformerChores - done)),
    },
    {
      id: 'all-complete',
      title: 'All Complete',
      goal: 'Finish 100% of your chores',
      earned: total > 0 && percent >= 100,
      toGo: total > 0 ? countDown(Math.max(0, total - done)) : 'No chores yet',
    },
    {
      id: 'money-maker',
      title: 'Money Maker',
      goal: `Earn ${formatMoney(moneyMakerMinor, money)} or more`,
      earned: earnedMinor >= moneyMakerMinor,
      toGo: `${formatMoney(Math.max(0, moneyMakerMinor - earnedMinor), money)} more to go`,
    },
    {
      id: 'super-helper',
      title: 'Super Helper',
      goal: `Finish ${superHelperChores} chores`,
      earned: done >= superHelperChores,
      toGo: countDown(Math.max(0, superHelperChores - done)),
    },
  ];
}
