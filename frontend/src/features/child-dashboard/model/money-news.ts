/**
 * A child's own money news (issue 19): bonuses, deductions, their corrections and payouts from the
 * child's activity log, in a child's words ("Bonus: Helped Grandma +$2.00"), in the family's currency. Ticks are left out:
 * the chores themselves show them.
 */
import type { ActivityEventDto } from '../../../../../shared/api-types';
import type { MoneyFormat } from '../../../../../shared/money';
import { isNegative, signedMoney, unsignedMoney } from '../../../lib/money-text';

export interface MoneyLine {
  id: string;
  label: string;
  /** "+$2.00", "−1,00 €"; a payout's size without a sign ("$5.00"). */
  amount: string;
  /** Takes from what the child is owed (a deduction, a reversed bonus). */
  negative: boolean;
  at: string;
}

const METHOD: Record<NonNullable<ActivityEventDto['method']>, string> = { cash: 'cash', bank: 'bank transfer', other: 'other' };

export function moneyLines(events: readonly ActivityEventDto[], money: MoneyFormat): MoneyLine[] {
  const signed = (amount: string | undefined) => signedMoney(amount, money);
  const negative = (amount: string | undefined) => isNegative(amount, money.currency);
  const lines: MoneyLine[] = [];
  for (const e of events) {
    const base = { id: e.id, at: e.at };
    switch (e.kind) {
      case 'bonus':
        lines.push({ ...base, label: `Bonus: ${e.text ?? ''}`.trim(), amount: signed(e.amount), negative: false });
        break;
      case 'deduction':
        lines.push({ ...base, label: `Deduction: ${e.text ?? ''}`.trim(), amount: signed(e.amount), negative: negative(e.amount) });
        break;
      case 'reversal':
        lines.push({ ...base, label: `Correction: ${e.text ?? 'a parent fixed a mistake'}`, amount: signed(e.amount), negative: negative(e.amount) });
        break;
      case 'payout':
        // A Reset Earnings with nothing owed is logged too ($0.00); it is no money news for a child.
        if (!e.amount || Number(e.amount) === 0) break;
        lines.push({ ...base, label: `Paid out${e.method ? ` (${METHOD[e.method]})` : ''}${e.text ? `: ${e.text}` : ''}`, amount: unsignedMoney(e.amount, money), negative: false });
        break;
      default:
        break;
    }
  }
  return lines;
}
