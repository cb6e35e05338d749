import { PAYOUT_METHOD_WORDS } from '../../shared/messages';
import { DEFAULT_MONEY } from '../../shared/money';
import { localDate, shortDateIn, type IsoDate } from '../../shared/time';
import { describeJars, type JarAmounts } from './savings';

/**
 * The rules of the money ledger and the activity log (issue 19, decision 049), as plain functions
 * over domain values: what a bonus, a deduction, a reversal or a payout may do, and what the log
 * says about each. The writes that apply them (one conditional transaction each) are in
 * functions/data/money/ledger.ts; nothing here knows items or keys. What the API shows of them is built in
 * functions/views/ledger-dtos.ts.
 */

/**
 * Whether a completion made in payout round `round` has been paid out: Reset Earnings of all that
 * is owed closes the child's round (decision 011), so every completion of an earlier round is paid.
 */
export const isPaidRound = (round: number | undefined, child: { payoutRound?: number }): boolean => (round ?? 0) < (child.payoutRound ?? 0);

/** Who did something: a parent, a child, or the Sunday job. */
export interface Actor {
  role: 'parent' | 'child' | 'system';
  id: string;
  /** As shown in the log ("Alex Rivera", "Emma", "Sunday job"). */
  name: string;
}

export const SYSTEM_ACTOR: Actor = { role: 'system', id: 'sunday-job', name: 'Sunday job' };

export type AdjustmentKind = 'bonus' | 'deduction';
export type PayoutMethod = 'cash' | 'bank' | 'other';
export const PAYOUT_METHODS: readonly PayoutMethod[] = ['cash', 'bank', 'other'];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = { cash: 'Cash', bank: 'Bank transfer', other: 'Other' };

export type ActivityKind = 'tick' | 'untick' | 'approve' | 'send-back' | 'bonus' | 'deduction' | 'reversal' | 'payout' | 'sunday-run' | 'goal-bought' | 'jar-withdrawal';

/** Issue 22: a goal bought (what it took from the child's savings and what the family paid). */
export interface GoalPurchaseRecord {
  goalId: string;
  name: string;
  fromSavingsCents: number;
  topUpCents: number;
  /** Where the savings were: the save jar (jars on) or what was earned since saving began (jars off). */
  savings: 'save-jar' | 'earnings';
  /** Jars off: the part of the savings that was still owed, settled by the purchase (absent: none). */
  fromOwedCents?: number;
}

/** Issue 22: money taken out of the spend or give jar (spent, given). */
export interface JarWithdrawalRecord {
  jar: 'spend' | 'give';
  cents: number;
}

/** One event of the activity log, as the family sees it. */
export interface ActivityEvent {
  eventId: string;
  kind: ActivityKind;
  at: string;
  by: Actor;
  /** The child it concerns (absent for family-wide events such as the Sunday run). */
  childId?: string;
  childName?: string;
  /** What it did to the amount owed, in cents (+ earned, − taken back or paid); absent when nothing. */
  amountCents?: number;
  choreName?: string;
  /** The chore-day (local date) a tick, untick, approval or send-back is about. */
  date?: string;
  /** A bonus's or deduction's reason, a send-back's note, a payout's note. */
  text?: string;
  /** A payout's method; a tick that waits for a parent's OK. */
  method?: PayoutMethod;
  waiting?: boolean;
  /** A reversal: the entry it reverses. */
  reverses?: string;
  /** A bonus, deduction or reversal: its ledger entry (to reverse it from the log). */
  entryId?: string;
  /** Issue 22: a payout's split into the child's jars (jars on). */
  jars?: JarAmounts;
  goal?: GoalPurchaseRecord;
  withdrawal?: JarWithdrawalRecord;
}

/** The log is kept at least 13 months; older events go by TTL. */
export const ACTIVITY_RETENTION_DAYS = 400;

/** Events a page of the activity log holds. */
export const ACTIVITY_PAGE_SIZE = 25;

/**
 * A ledger entry: a bonus (+), a deduction (−) or the reversal of one; or (issue 22) a goal's purchase
 * or a jar withdrawal, which spend the child's own money and leave what is owed as it is (amount 0).
 * Never edited or deleted.
 */
export interface LedgerEntry {
  entryId: string;
  childId: string;
  kind: AdjustmentKind | 'reversal' | 'purchase' | 'withdrawal';
  /** Signed: + adds to what is owed, − takes from it (0 for a purchase or a withdrawal). */
  amountCents: number;
  reason: string;
  at: string;
  /** The local date it counts on (the week and month totals it goes into). */
  date: string;
  by: Actor;
  /** A reversal: the entry it reverses. */
  reverses?: string;
  goal?: GoalPurchaseRecord;
  withdrawal?: JarWithdrawalRecord;
}

/** Entries that change what is owed (bonuses, deductions, reversals): what reports sum and list. */
export const movesOwed = (e: Pick<LedgerEntry, 'kind'>): boolean => e.kind === 'bonus' || e.kind === 'deduction' || e.kind === 'reversal';

/** The figures a deduction (or a reversed bonus) is checked against: none may go below zero. */
export interface TakeLimits {
  owedCents: number;
  /** This week's and month's shown totals (after any Reset Earnings of the same period). */
  weekCents: number;
  monthCents: number;
}

export type TakeRefusal = 'owed' | 'week' | 'month';

/** Why taking `cents` from the child would make a figure negative, or null when it may. */
export function takeRefusal(cents: number, limits: TakeLimits): TakeRefusal | null {
  if (cents > limits.owedCents) return 'owed';
  if (cents > limits.weekCents) return 'week';
  if (cents > limits.monthCents) return 'month';
  return null;
}

/** The signed effect of an adjustment on what is owed. */
export const signedAdjustment = (kind: AdjustmentKind, cents: number): number => (kind === 'bonus' ? cents : -cents);

/**
 * A payout of `requested` cents (all that is owed when absent): how much is paid, and whether it
 * closes the payout round (everything owed is paid: the completions so far become paid and stay
 * ticked, and the shown figures start again from zero, the spec's Reset Earnings). A part payout
 * pays money only: the rest stays owed and the round stays open.
 */
export function payoutPlan(owedCents: number, requested?: number): { amountCents: number; closesRound: boolean } | 'too-much' {
  const amount = requested ?? owedCents;
  if (amount > owedCents) return 'too-much';
  return { amountCents: amount, closesRound: amount === owedCents };
}

/**
 * The log's line for an event, as the activity page and the export write it: amounts by `money`,
 * chore-days by `day` (the family's locale, issue 29: "Fri, Nov 27", never "2026-11-27").
 */
export function describeActivity(e: ActivityEvent, money: (cents: number) => string, day: (date: IsoDate) => string = (d) => shortDateIn(d, DEFAULT_MONEY.locale)): string {
  const who = e.by.name;
  const on = e.date ? day(e.date) : '';
  const child = e.childName ?? 'a child';
  const amount = e.amountCents !== undefined ? money(Math.abs(e.amountCents)) : '';
  switch (e.kind) {
    case 'tick':
      return e.waiting ? `${who} ticked ${e.choreName} (${on}); it waits for a parent's OK` : `${who} ticked ${e.choreName} (${on}) for ${child}: +${amount}`;
    case 'untick':
      return `${who} unticked ${e.choreName} (${on}) for ${child}${e.amountCents ? `: −${amount}` : ''}`;
    case 'approve':
      return `${who} approved ${e.choreName} (${on}) for ${child}: +${amount}`;
    case 'send-back':
      return `${who} sent back ${e.choreName} (${on}) to ${child}${e.text ? `: “${e.text}”` : ''}`;
    case 'bonus':
      return `${who} gave ${child} a bonus of ${amount}: ${e.text}`;
    case 'deduction':
      return `${who} deducted ${amount} from ${child}: ${e.text}`;
    case 'reversal':
      return `${who} reversed an entry for ${child} (${(e.amountCents ?? 0) >= 0 ? '+' : '−'}${amount})${e.text ? `: ${e.text}` : ''}`;
    case 'payout':
      if (!e.amountCents) return `${who} reset ${child}'s earnings (nothing was owed)`;
    {
      const how = [e.method ? PAYOUT_METHOD_WORDS[e.method] : '', e.jars ? describeJars(e.jars, money) : ''].filter(Boolean).join('; ');
      return `${who} paid ${child} ${amount}${how ? ` (${how})` : ''}${e.text ? `: ${e.text}` : ''}`;
    }
    case 'sunday-run':
      return `${who} handed out the week of ${on}`;
    case 'goal-bought': {
      const g = e.goal;
      if (!g) return `${who} marked a goal of ${child} bought`;
      return `${who} marked ${child}'s goal “${g.name}” bought: ${money(g.fromSavingsCents)} from savings${g.topUpCents ? `, ${money(g.topUpCents)} from the family` : ''}${g.fromOwedCents ? ` (${money(g.fromOwedCents)} of it was owed and is now settled)` : ''}`;
    }
    case 'jar-withdrawal': {
      const w = e.withdrawal;
      return `${who} took ${w ? money(w.cents) : ''} out of ${child}'s ${w?.jar ?? ''} jar (${w?.jar === 'give' ? 'given' : 'spent'})${e.text ? `: ${e.text}` : ''}`;
    }
  }
}

/**
 * The Reset Earnings that paid this child out during the week of `weekStart`, if any (issue 29
 * point 12): its local date and what the week had earned before it (the card's week counts from
 * it; the weekly report names both parts).
 */
export function resetThisWeek(child: { resetAt?: string; resetBaseline?: { week: string; weekCents: number } }, weekStart: IsoDate, timeZone: string): { date: IsoDate; beforeCents: number } | null {
  const b = child.resetBaseline;
  if (!child.resetAt || b?.week !== weekStart) return null;
  return { date: localDate(new Date(child.resetAt), timeZone), beforeCents: Math.max(0, b.weekCents) };
}
