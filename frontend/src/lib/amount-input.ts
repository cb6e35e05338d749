/**
 * Amounts typed into a form, in the family's currency (issue 22): "12,50" or "12.50" for euros, "500"
 * for yen. The form keeps the text as typed; these check it with the API's own rules and messages
 * (shared/amount-schema.ts: the spec's two-decimal messages for two-decimal currencies) and turn it
 * into the API's decimal string for the currency.
 */
import { amountMinorSchema, type MoneyOrCurrency } from '../../../shared/amount-schema';
import { FORM_MESSAGES } from '../../../shared/messages';
import type { ZodType } from 'zod';
import { currencyDigits, formatMinor, parseMoneyInput, type MoneyFormat } from '../../../shared/money';
import { writesDecimalComma } from '../../../shared/number-format';

/** The typed text with a decimal comma read as a point ("12,50" → "12.50"); a second comma stays and fails. */
const normalise = (typed: string): string => typed.trim().replace(',', '.');

/** Typed text read by an amount schema (shared/amount-schema.ts, or a form's own rules built on it), a decimal comma read as a point. */
export function parseTypedAmount(typed: string, rules: ZodType<number, unknown>) {
  return rules.safeParse(normalise(typed));
}

/**
 * The minor units of a typed amount, or the message to show: blank (or what a number input reports
 * for text it cannot read) is "no amount", not greater than 0. The messages are the family's
 * (issue 29): its currency's name and its number format (a bare currency reads in US style).
 */
export function checkTypedAmount(typed: string, money: MoneyOrCurrency, options: { max?: number } = {}): { minor: number } | { message: string } {
  if (!typed.trim()) return { message: FORM_MESSAGES.amountPositive };
  const parsed = parseTypedAmount(typed, amountMinorSchema(money, options));
  return parsed.success ? { minor: parsed.data } : { message: parsed.error.issues[0]?.message ?? FORM_MESSAGES.amountPositive };
}

/** The API's decimal string for a typed amount (checked before): "12,5" → "12.50", yen "500" → "500". */
export function apiAmount(typed: string, currency: string): string {
  const minor = parseMoneyInput(typed, currency);
  if (minor === null) throw new Error(`Not an amount of ${currency}: ${typed}`);
  return formatMinor(minor, currency);
}

/**
 * Minor units as an amount field shows them to edit, without grouping or symbol, in the locale's
 * decimal separator (the field accepts either): 1250 → "12.50" in en-US, "12,50" in de-DE; yen "500".
 */
export function amountInputText(minor: number, money: MoneyFormat): string {
  const text = formatMinor(minor, money.currency);
  return currencyDigits(money.currency) === 0 ? text : text.replace('.', writesDecimalComma(money.locale) ? ',' : '.');
}
