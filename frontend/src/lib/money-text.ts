import { formatDollars, parseCents } from '../../../shared/money';

/** "+$2.00", "−$1.50" (a real minus sign, read as "minus"), "$0.00"; '' when there is no amount. */
export function signedDollars(amount: string | undefined): string {
  if (amount === undefined) return '';
  const negative = amount.trim().startsWith('-');
  const cents = parseCents(negative ? amount.trim().slice(1) : amount) ?? 0;
  if (cents === 0) return formatDollars(0);
  return `${negative ? '−' : '+'}${formatDollars(cents)}`;
}

/** Whether an amount takes money away (shown in the error colour). */
export const isNegative = (amount: string | undefined): boolean => Boolean(amount?.trim().startsWith('-') && parseCents(amount.trim().slice(1)));

/** "$5.00" for "-5.00" or "5.00": the size of a move, without its sign. */
export const unsignedDollars = (amount: string | undefined): string => formatDollars(parseCents((amount ?? '0').trim().replace(/^-/, '')) ?? 0);
