/**
 * What the savings screens say about goals, jars and the money history (issue 22), as plain
 * functions of the API's answers and the family's money helpers (lib/use-money.ts), so every
 * sentence is unit-tested without a browser. The forms' rules are in ./goal-forms.ts.
 */
import type { ChildMoneyDto, EarningsWeekDto, GoalDto } from '../../../../../shared/api-types';
import { parseMinor } from '../../../../../shared/money';
import { localDate, monthDay } from '../../../../../shared/time';
import type { Money } from '../../../lib/use-money';

/** A goal still being saved for (saving or reached, not bought). */
export const isActive = (goal: GoalDto): boolean => goal.status !== 'bought';

/** The goal the child's dashboard shows: the first active one (the API lists them oldest first). */
export const firstActiveGoal = (goals: readonly GoalDto[]): GoalDto | undefined => goals.find(isActive);

/** A goal the child reached and has not celebrated yet (the celebration shows once). */
export const goalToCelebrate = (goals: readonly GoalDto[]): GoalDto | undefined => goals.find((g) => g.status === 'reached' && !g.celebrated);

/**
 * What "My money" says the savings are (issue 29 point 13), so each figure says what it counts and
 * the figures add up across the page: the savings, then each active goal's part of them (oldest
 * first), then what no goal needs yet. Jars on, the savings are the save jar (its figure above);
 * jars off, what was earned since the child began saving for the goals they have now. Jars off with
 * no goal, nothing is being saved: a goal counts what is earned after it is set.
 */
export interface SavingsSummary {
  /** "Saved for your goals: $4.50", or null when nothing is being saved (jars off, no goal). */
  total: string | null;
  /** What the total counts, in the child's words (or the parent's, with `who`). */
  explains: string;
  /** Each active goal's part, oldest first: "$3.00 for Bike". */
  parts: string[];
  /** "$1.50 is not needed by a goal yet", or null. */
  spare: string | null;
}

export function savingsSummary(data: Pick<ChildMoneyDto, 'savings' | 'jars' | 'goals' | 'money'>, money: Money, who?: string): SavingsSummary {
  const your = who ? `${who}’s` : 'your';
  const active = data.goals.filter(isActive);
  const savings = minorOf(data.savings, money);
  const parted = active.reduce((s, g) => s + minorOf(g.saved, money), 0);
  const parts = active.length > 1 || (active.length === 1 && savings > 0) ? active.map((g) => `${money.amount(g.saved)} for ${g.name}`) : [];
  const spare = savings > parted && active.length > 0 ? `${money.money(savings - parted)} is not needed by a goal yet` : null;
  if (data.jars) {
    return {
      total: `Saved for ${your} goals: ${money.amount(data.savings)}`,
      explains: `This is ${your} save jar: ${data.money.jars ? `each payout puts ${data.money.jars.save}% in it, and ` : ''}goals take from it, oldest first.`,
      parts,
      spare: active.length === 0 && savings > 0 ? `It waits for ${your} next goal` : spare,
    };
  }
  if (active.length === 0)
    return { total: null, explains: `Set a goal and what ${who ? `${who} earns` : 'you earn'} from then on is saved toward it.`, parts: [], spare: null };
  return {
    total: `Saved for ${your} goals: ${money.amount(data.savings)}`,
    explains: `What ${who ? `${who} earned` : 'you earned'} since ${your} goals began, less what goals already bought. Goals take it oldest first.`,
    parts,
    spare,
  };
}

/**
 * What removing a goal does to the savings, said truthfully (issue 29 point 13): jars on, the save
 * jar keeps them; jars off, the other goals take them, and with no other goal nothing is saved until
 * the next goal, which counts what is earned after it is set.
 */
export function removeGoalText(goal: Pick<GoalDto, 'id'>, data: Pick<ChildMoneyDto, 'jars' | 'goals'>, who?: string): string {
  const your = who ? `${who}’s` : 'your';
  const others = data.goals.some((g) => isActive(g) && g.id !== goal.id);
  if (data.jars) return `The money stays in ${your} save jar: it goes to ${your} other goals, or waits for ${your} next one.`;
  if (others) return `What was saved for it goes to ${your} other goals.`;
  return `The money earned stays ${who ? `${who}’s` : 'yours'}. A new goal counts what ${who ? `${who} earns` : 'you earn'} after it is set.`;
}

/** "12,50 € of 30,00 €" */
export const progressLine = (goal: GoalDto, money: Money): string => `${money.amount(goal.progress)} of ${money.amount(goal.target)}`;

export const KEEP_GOING = 'Keep going: every chore gets you closer';

/**
 * How long is left, in a child's words: "About 3 more weeks at this pace" (the pace of the last 4
 * full weeks), "About 1 more week at this pace", and without a pace "Keep going: every chore gets
 * you closer". A reached goal: "You saved enough!"; a bought one says when.
 */
export function etaLine(goal: GoalDto, timeZone?: string): string {
  if (goal.status === 'bought') return boughtLine(goal, timeZone);
  if (goal.status === 'reached') return 'You saved enough!';
  if (goal.weeksToGo === null || goal.weeksToGo <= 0) return KEEP_GOING;
  return `About ${goal.weeksToGo} more week${goal.weeksToGo === 1 ? '' : 's'} at this pace`;
}

/** "Bought on Nov 26" (with the year when it was another year). */
export function boughtLine(goal: GoalDto, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone, now = new Date()): string {
  if (!goal.bought) return 'Bought';
  const day = localDate(new Date(goal.bought.at), timeZone);
  const thisYear = localDate(now, timeZone).slice(0, 4);
  return `Bought on ${monthDay(day)}${day.slice(0, 4) === thisYear ? '' : `, ${day.slice(0, 4)}`}`;
}

/** The progress bar's spoken value: "12,50 € of 30,00 €, 41 percent". */
export const progressValueText = (goal: GoalDto, money: Money): string => `${progressLine(goal, money)}, ${goal.percent} percent`;

/** The celebration's words. */
export const celebrationLine = (goal: Pick<GoalDto, 'name'>): string => `You did it! You saved enough for ${goal.name}`;

const minorOf = (api: string, money: Money): number => parseMinor(api, money.format.currency) ?? 0;

/**
 * What "Mark as bought" records, said before it is done (decision 054): the child's savings pay
 * what they can of the child's share, the parent adds the rest. With jars on, what is owed does not
 * change: "Records that Lego set was bought for 30,00 €: 20,00 € from Emma's savings, 10,00 € added
 * by you. What you owe Emma does not change." With jars off (`owed` given), the savings may still be
 * owed: that part is settled, and the sentence says what is owed goes down by it.
 */
export function purchaseSplit(goal: GoalDto, savings: string, money: Money, owed?: string): { fromSavings: number; addedByYou: number; fromOwed: number } {
  const target = minorOf(goal.target, money);
  const fromSavings = Math.min(minorOf(savings, money), minorOf(goal.childShare, money), target);
  const fromOwed = owed === undefined ? 0 : Math.max(0, Math.min(fromSavings, minorOf(owed, money)));
  return { fromSavings, addedByYou: target - fromSavings, fromOwed };
}

export function purchaseConfirmText(goal: GoalDto, childName: string, savings: string, money: Money, owed?: string): string {
  const { fromSavings, addedByYou, fromOwed } = purchaseSplit(goal, savings, money, owed);
  const parts =
    fromSavings === 0
      ? `all of it added by you`
      : addedByYou === 0
        ? `all of it from ${childName}'s savings`
        : `${money.money(fromSavings)} from ${childName}'s savings, ${money.money(addedByYou)} added by you`;
  const owedLine =
    fromOwed > 0
      ? `You had not paid ${money.money(fromOwed)} of those savings out yet, so what you owe ${childName} goes down by ${money.money(fromOwed)}.`
      : `What you owe ${childName} does not change.`;
  return `Records that ${goal.name} was bought for ${money.amount(goal.target)}: ${parts}. ${owedLine}`;
}

/** The toast after a purchase, from what the server recorded. */
export function purchaseToast(goal: GoalDto, childName: string, money: Money): { title: string; description: string } {
  const fromSavings = goal.bought ? money.amount(goal.bought.fromSavings) : money.money(0);
  const topUp = goal.bought ? minorOf(goal.bought.topUp, money) : 0;
  const fromOwed = goal.bought?.fromOwed ? minorOf(goal.bought.fromOwed, money) : 0;
  return {
    title: `${goal.name} marked as bought`,
    description: `${fromSavings} came from ${childName}'s savings${topUp > 0 ? `, ${money.money(topUp)} added by you` : ''}.${fromOwed > 0 ? ` What you owe ${childName} went down by ${money.money(fromOwed)}.` : ''}`,
  };
}

/** The top-up in words: "We add 50%" (empty for none). */
export const topUpLine = (goal: Pick<GoalDto, 'topUpPercent'>): string => (goal.topUpPercent > 0 ? `We add ${goal.topUpPercent}%` : '');

// ---- The kid-level history ----------------------------------------------------------------------

export interface HistoryRow {
  weekStart: string;
  label: string;
  earned: string;
  paid: string;
  saved: string;
  gave: string;
}

/** The history table's columns in a child's words. */
export const HISTORY_COLUMNS = { earned: 'You earned', paid: 'Paid to you', saved: 'Put in savings', gave: 'Put in give jar' } as const;

/** Newest week first, each amount formatted in the family's style. */
export function historyRows(weeks: readonly EarningsWeekDto[], money: Money): HistoryRow[] {
  return [...weeks].reverse().map((w) => ({
    weekStart: w.weekStart,
    label: monthDay(w.weekStart),
    earned: money.amount(w.amount),
    paid: money.amount(w.paid),
    saved: money.amount(w.saved),
    gave: money.amount(w.gave),
  }));
}

/** Whether the saved and gave columns have anything to show (jars on now, or a week that used them). */
export const showsJarColumns = (weeks: readonly EarningsWeekDto[], jarsOn: boolean, money: Money): boolean =>
  jarsOn || weeks.some((w) => minorOf(w.saved, money) > 0 || minorOf(w.gave, money) > 0);

/** The history in one sentence for the chart's accessible name. */
export function historySummary(weeks: readonly EarningsWeekDto[], money: Money): string {
  if (weeks.length === 0) return 'Your money per week: no weeks yet.';
  const total = (key: 'amount' | 'paid') => money.money(weeks.reduce((s, w) => s + minorOf(w[key], money), 0));
  return `Bar chart of what you earned each week from the week of ${monthDay(weeks[0]!.weekStart)} to the week of ${monthDay(weeks[weeks.length - 1]!.weekStart)}: ${total('amount')} earned and ${total('paid')} paid to you.`;
}

/** The jars in a child's words. */
export const JAR_LABELS = { spend: 'Spend', save: 'Save', give: 'Give' } as const;
export const JAR_HINTS = { spend: 'To spend on what you like', save: 'For your goals', give: 'To give to others' } as const;

/** The three jars' balances formatted, or null with jars off. */
export function jarFigures(data: Pick<ChildMoneyDto, 'jars'>, money: Money): { jar: 'spend' | 'save' | 'give'; label: string; hint: string; amount: string }[] | null {
  if (!data.jars) return null;
  const jars = data.jars;
  return (['spend', 'save', 'give'] as const).map((jar) => ({ jar, label: JAR_LABELS[jar], hint: JAR_HINTS[jar], amount: money.amount(jars[jar]) }));
}
