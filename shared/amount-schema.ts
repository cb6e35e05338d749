/**
 * An amount in a request, in the family's currency (issue 22): "2.5", "2.50" or 2.5 → minor units.
 * For two-decimal currencies the messages are the spec's ("Amount must be a dollar amount with at
 * most 2 decimals"); a yen family is told "Amount must be a whole number of yen", a dinar family "…
 * with at most 3 decimals". A JSON number is read through its shortest decimal text, so 1.005 (three
 * decimals) is refused rather than silently rounded.
 */
import * as z from 'zod';
import { FORM_MESSAGES } from './messages';
import { currencyDigits, DEFAULT_MONEY, formatMinor, maxAmountMinor, parseMinor, type MoneyFormat } from './money';

/** The format message for a currency: the spec's words for two decimals. */
export function amountFormatMessage(currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 2) return FORM_MESSAGES.amountFormat;
  if (digits === 0) return `Amount must be a whole number (${currency} has no decimals)`;
  return `Amount must be an amount with at most ${digits} decimals`;
}

/** The too-large message: the spec's "at most 10000.00" for two decimals, the same limit in minor units otherwise. */
export function amountTooLargeMessage(currency: string): string {
  return currencyDigits(currency) === 2 ? FORM_MESSAGES.amountTooLarge : `Amount must be at most ${formatMinor(maxAmountMinor(currency), currency)}`;
}

/** A positive amount of at most `maxAmountMinor`, in the currency's decimals, as minor units. */
export const amountMinorSchema = (currency: string = DEFAULT_MONEY.currency, options: { max?: number } = {}) =>
  z.union([z.string(), z.number()], { error: FORM_MESSAGES.amountPositive }).transform((v, ctx) => {
    const minor = parseMinor(typeof v === 'number' ? String(v) : v, currency);
    if (minor === null) {
      const negative = typeof v === 'number' ? v < 0 : v.trim().startsWith('-');
      ctx.addIssue({ code: 'custom', message: negative ? FORM_MESSAGES.amountPositive : amountFormatMessage(currency) });
      return z.NEVER;
    }
    if (minor <= 0) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.amountPositive });
      return z.NEVER;
    }
    const max = options.max ?? maxAmountMinor(currency);
    if (minor > max) {
      ctx.addIssue({ code: 'custom', message: options.max === undefined ? amountTooLargeMessage(currency) : `Amount must be at most ${formatMinor(max, currency)}` });
      return z.NEVER;
    }
    return minor;
  });

const decimalCommaLocales = new Map<string, boolean>();
/** Whether the locale writes "12,50" (de-DE, fr-FR) rather than "12.50". */
function writesDecimalComma(locale: string): boolean {
  let comma = decimalCommaLocales.get(locale);
  if (comma === undefined) {
    try {
      comma = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',';
    } catch {
      comma = false;
    }
    decimalCommaLocales.set(locale, comma);
  }
  return comma;
}

/**
 * An amount in a family's request (issue 22): `amountMinorSchema` of its currency, and in a locale
 * that writes a decimal comma, "12,50" read as "12.50" too (one comma between digits, never a
 * grouping separator). A US-style family's amounts are read exactly as before ("1,50" is refused).
 */
export const familyAmountSchema = (money: MoneyFormat, options: { max?: number } = {}) => {
  const amount = amountMinorSchema(money.currency, options);
  if (!writesDecimalComma(money.locale)) return amount;
  return z.preprocess((v) => (typeof v === 'string' && /^\s*\d+,\d+\s*$/.test(v) ? v.replace(',', '.') : v), amount);
};
