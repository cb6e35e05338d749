/**
 * An amount in a request, in the family's currency (issue 22): "2.5", "2.50" or 2.5 → minor units.
 * A US-dollar family reads the spec's messages ("Amount must be a dollar amount with at most 2
 * decimals", "Amount must be at most 10000.00"); any other family the same sentences with its
 * currency's name and its limit in its own number format (issue 29): "Amount must be a euro amount
 * with at most 2 decimals", "Amount must be at most 10.000,00 €", "Amount must be a Japanese yen
 * amount with no decimals". A JSON number is read through its shortest decimal text, so 1.005 (three
 * decimals) is refused rather than silently rounded.
 */
import * as z from 'zod';
import { FORM_MESSAGES } from './messages';
import { currencyDigits, DEFAULT_MONEY, formatMinor, formatMoney, maxAmountMinor, parseMinor, type MoneyFormat } from './money';
import { writesDecimalComma } from './number-format';

/** A family's money, or only its currency (read in US style). */
export type MoneyOrCurrency = MoneyFormat | string;
const moneyOf = (money: MoneyOrCurrency): MoneyFormat => (typeof money === 'string' ? { currency: money, locale: DEFAULT_MONEY.locale } : money);

/** The spec's messages are dollar messages: a US-dollar family reads them word for word. */
const readsSpecMessages = (currency: string): boolean => currency === 'USD';

const names = new Map<string, string>();
/** A currency's English name, as in "a euro amount": "euro", "British pound", "Japanese yen" (CLDR's, lower case as written mid-sentence). */
export function currencyName(currency: string): string {
  let name = names.get(currency);
  if (name === undefined) {
    try {
      const parts = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'name', minimumFractionDigits: 0, maximumFractionDigits: 0 }).formatToParts(1);
      name = parts.find((p) => p.type === 'currency')?.value.trim() || currency;
    } catch {
      name = currency;
    }
    names.set(currency, name);
  }
  return name;
}

/** "a euro", "an Indian rupee", "a UAE dirham": the article by how the name is said. */
const withArticle = (name: string): string => `${/^(?:[aio]|e(?!u)|uz)/i.test(name) ? 'an' : 'a'} ${name}`;

/** The format message for a family's currency: the spec's words for US dollars, the same sentence with the currency's name otherwise. */
export function amountFormatMessage(money: MoneyOrCurrency): string {
  const { currency } = moneyOf(money);
  if (readsSpecMessages(currency)) return FORM_MESSAGES.amountFormat;
  const digits = currencyDigits(currency);
  return `Amount must be ${withArticle(currencyName(currency))} amount with ${digits === 0 ? 'no decimals' : `at most ${digits} decimals`}`;
}

/** "Amount must be at most …": the spec's "10000.00" for US dollars, the limit as the family writes money otherwise ("10.000,00 €"). */
export function amountAtMostMessage(maxMinor: number, money: MoneyOrCurrency): string {
  const format = moneyOf(money);
  return `Amount must be at most ${readsSpecMessages(format.currency) ? formatMinor(maxMinor, format.currency) : formatMoney(maxMinor, format)}`;
}

/** The too-large message: the spec's "at most 10000.00" for US dollars, the same limit in the family's number format otherwise. */
export function amountTooLargeMessage(money: MoneyOrCurrency): string {
  const format = moneyOf(money);
  return readsSpecMessages(format.currency) ? FORM_MESSAGES.amountTooLarge : amountAtMostMessage(maxAmountMinor(format.currency), format);
}

/** A positive amount of at most `maxAmountMinor`, in the currency's decimals, as minor units; messages in the family's words. */
export const amountMinorSchema = (money: MoneyOrCurrency = DEFAULT_MONEY, options: { max?: number } = {}) => {
  const format = moneyOf(money);
  const { currency } = format;
  return z.union([z.string(), z.number()], { error: FORM_MESSAGES.amountPositive }).transform((v, ctx) => {
    const minor = parseMinor(typeof v === 'number' ? String(v) : v, currency);
    if (minor === null) {
      const negative = typeof v === 'number' ? v < 0 : v.trim().startsWith('-');
      ctx.addIssue({ code: 'custom', message: negative ? FORM_MESSAGES.amountPositive : amountFormatMessage(format) });
      return z.NEVER;
    }
    if (minor <= 0) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.amountPositive });
      return z.NEVER;
    }
    const max = options.max ?? maxAmountMinor(currency);
    if (minor > max) {
      ctx.addIssue({ code: 'custom', message: options.max === undefined ? amountTooLargeMessage(format) : amountAtMostMessage(max, format) });
      return z.NEVER;
    }
    return minor;
  });
};

/**
 * An amount in a family's request (issue 22): `amountMinorSchema` of its currency, and in a locale
 * that writes a decimal comma, "12,50" read as "12.50" too (one comma between digits, never a
 * grouping separator). A US-style family's amounts are read exactly as before ("1,50" is refused).
 */
export const familyAmountSchema = (money: MoneyFormat, options: { max?: number } = {}) => {
  const amount = amountMinorSchema(money, options);
  if (!writesDecimalComma(money.locale)) return amount;
  return z.preprocess((v) => (typeof v === 'string' && /^\s*\d+,\d+\s*$/.test(v) ? v.replace(',', '.') : v), amount);
};
