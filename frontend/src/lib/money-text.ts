import { formatMoney, parseMinor, type MoneyFormat } from '../../../shared/money';

/** Minor units of an API amount string, and whether it takes money away ("-1.50"); 0 when malformed. */
function signedMinor(amount: string, currency: string): { minor: number; negative: boolean } {
  const text = amount.trim();
  const negative = text.startsWith('-');
  return { minor: parseMinor(negative ? text.slice(1) : text, currency) ?? 0, negative };
}

/**
 * A money move in the family's currency, signed: "+$2.00", "−$1.50" (a real minus sign, read as
 * "minus"), "+12,50 €", "−1,50 €"; zero unsigned ("$0.00", "0,00 €"); '' when there is no amount.
 */
export function signedMoney(amount: string | undefined, money: MoneyFormat): string {
  if (amount === undefined) return '';
  const { minor, negative } = signedMinor(amount, money.currency);
  if (minor === 0) return formatMoney(0, money);
  return `${negative ? '−' : '+'}${formatMoney(minor, money)}`;
}

/** Whether an amount takes money away (shown in the error colour). */
export function isNegative(amount: string | undefined, currency: string): boolean {
  if (amount === undefined) return false;
  const { minor, negative } = signedMinor(amount, currency);
  return negative && minor > 0;
}

/** "$5.00" (or "5,00 €") for "-5.00" or "5.00": the size of a move, without its sign. */
export const unsignedMoney = (amount: string | undefined, money: MoneyFormat): string => formatMoney(signedMinor(amount ?? '0', money.currency).minor, money);
