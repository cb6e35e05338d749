import type { ActivityEventDto, LedgerEntryDto } from '../../shared/api-types';
import { formatCents, formatDollars } from '../../shared/money';

/**
 * The rules of the money ledger and the activity log (issue 19, decision 049), as plain functions
 * over domain values: what a bonus, a deduction, a reversal or a payout may do, and what the log
 * says about each. The writes that apply them (one conditional transaction each) are in
 * functions/data/ledger.ts; nothing here knows items or keys.
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

export type ActivityKind = 'tick' | 'untick' | 'approve' | 'send-back' | 'bonus' | 'deduction' | 'reversal' | 'payout' | 'sunday-run';

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
}

/** The log is kept at least 13 months; older events go by TTL. */
export const ACTIVITY_RETENTION_DAYS = 400;

/** Events a page of the activity log holds. */
export const ACTIVITY_PAGE_SIZE = 25;

/** A ledger entry: a bonus (+), a deduction (−) or the reversal of one. Never edited or deleted. */
export interface LedgerEntry {
  entryId: string;
  childId: string;
  kind: AdjustmentKind | 'reversal';
  /** Signed: + adds to what is owed, − takes from it. */
  amountCents: number;
  reason: string;
  at: string;
  /** The local date it counts on (the week and month totals it goes into). */
  date: string;
  by: Actor;
  /** A reversal: the entry it reverses. */
  reverses?: string;
}

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

/** The log's line for an event, as the activity page and the export write it. */
export function describeActivity(e: ActivityEvent, money: (cents: number) => string): string {
  const who = e.by.name;
  const child = e.childName ?? 'a child';
  const amount = e.amountCents !== undefined ? money(Math.abs(e.amountCents)) : '';
  switch (e.kind) {
    case 'tick':
      return e.waiting ? `${who} ticked ${e.choreName} (${e.date}); it waits for a parent's OK` : `${who} ticked ${e.choreName} (${e.date}) for ${child}: +${amount}`;
    case 'untick':
      return `${who} unticked ${e.choreName} (${e.date}) for ${child}${e.amountCents ? `: −${amount}` : ''}`;
    case 'approve':
      return `${who} approved ${e.choreName} (${e.date}) for ${child}: +${amount}`;
    case 'send-back':
      return `${who} sent back ${e.choreName} (${e.date}) to ${child}${e.text ? `: “${e.text}”` : ''}`;
    case 'bonus':
      return `${who} gave ${child} a bonus of ${amount}: ${e.text}`;
    case 'deduction':
      return `${who} deducted ${amount} from ${child}: ${e.text}`;
    case 'reversal':
      return `${who} reversed an entry for ${child} (${(e.amountCents ?? 0) >= 0 ? '+' : '−'}${amount})${e.text ? `: ${e.text}` : ''}`;
    case 'payout':
      if (!e.amountCents) return `${who} reset ${child}'s earnings (nothing was owed)`;
      return `${who} paid ${child} ${amount}${e.method ? ` (${PAYOUT_METHOD_LABELS[e.method]})` : ''}${e.text ? `: ${e.text}` : ''}`;
    case 'sunday-run':
      return `${who} handed out the week of ${e.date}`;
  }
}

/** A ledger entry as the API shows it. */
export function ledgerEntryDto(e: LedgerEntry): LedgerEntryDto {
  return {
    id: e.entryId,
    childId: e.childId,
    kind: e.kind,
    amount: formatCents(e.amountCents),
    reason: e.reason,
    at: e.at,
    date: e.date,
    by: e.by.name,
    ...(e.reverses ? { reverses: e.reverses } : {}),
  };
}

/** An activity event as the API shows it (the actor's id stays inside). */
export function activityEventDto(e: ActivityEvent & { entryId?: string }): ActivityEventDto {
  return {
    id: e.eventId,
    kind: e.kind,
    at: e.at,
    by: { role: e.by.role, name: e.by.name },
    ...(e.childId ? { childId: e.childId } : {}),
    ...(e.childName ? { childName: e.childName } : {}),
    ...(e.amountCents !== undefined ? { amount: formatCents(e.amountCents) } : {}),
    ...(e.choreName ? { choreName: e.choreName } : {}),
    ...(e.date ? { date: e.date } : {}),
    ...(e.text ? { text: e.text } : {}),
    ...(e.method ? { method: e.method } : {}),
    ...(e.waiting ? { waiting: true } : {}),
    ...(e.entryId ? { entryId: e.entryId } : {}),
    ...(e.reverses ? { reverses: e.reverses } : {}),
    summary: describeActivity(e, formatDollars),
  };
}
