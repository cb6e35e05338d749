/**
 * The Money section of the Family page (issue 22; issue 29 moved it from Account Settings) as plain functions: the currencies a family may
 * choose, named as people say them ("Euro (EUR)"), number formats shown by an example ("12,50 €"),
 * the jar split form, and the words of the relabel confirmation.
 */
import * as z from 'zod';
import type { MoneySettingsDto } from '../../../../../shared/api-types';
import { SAVINGS_MESSAGES } from '../../../../../shared/savings-schemas';
import { canonicalLocale, currencyDigits, familyCurrencies, formatMoney, isFamilyCurrency, type MoneyFormat } from '../../../../../shared/money';

/** The language the settings are written in: names of currencies and locales are said in it. */
const UI_LANGUAGE = 'en';

function displayName(type: 'currency' | 'language', code: string): string {
  try {
    return new Intl.DisplayNames(UI_LANGUAGE, { type, languageDisplay: 'standard' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface CurrencyOption {
  /** ISO 4217, what the API takes. */
  code: string;
  /** "Euro (EUR)". */
  label: string;
}

/** Every currency a family may choose (and the family's own, whatever it is), by name. */
export function currencyOptions(current?: string): CurrencyOption[] {
  const codes = new Set(familyCurrencies());
  if (current) codes.add(current);
  return [...codes].map((code) => ({ code, label: `${displayName('currency', code)} (${code})` })).sort((a, b) => a.label.localeCompare(b.label));
}

/** Number formats most families write money in; the family's own and the browser's are added. */
export const COMMON_LOCALES = [
  'en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IE', 'en-IN', 'en-NZ', 'en-ZA',
  'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CA', 'fr-CH', 'es-ES', 'es-MX', 'it-IT', 'nl-NL', 'pt-PT', 'pt-BR',
  'sv-SE', 'da-DK', 'nb-NO', 'fi-FI', 'pl-PL', 'cs-CZ', 'ja-JP', 'zh-CN', 'ko-KR', 'ar-KW', 'hi-IN', 'tr-TR',
] as const;

export interface LocaleOption {
  /** BCP 47, what the API takes. */
  locale: string;
  /** "12,50 € · German (Germany)": the example in the chosen currency, then the locale's name. */
  label: string;
}

/** The amount every example shows: 12.50 in a two-decimal currency, 1,250 in yen (minor units are kept). */
export const EXAMPLE_MINOR = 1250;

/** The number formats to choose from, each shown with the example in `currency`, by name. */
export function localeOptions(currency: string, extra: readonly (string | undefined)[] = []): LocaleOption[] {
  const locales = new Set<string>();
  for (const l of [...extra, ...COMMON_LOCALES]) {
    const canonical = canonicalLocale(l);
    if (canonical) locales.add(canonical);
  }
  return [...locales]
    .map((locale) => ({ locale, name: displayName('language', locale), label: `${formatMoney(EXAMPLE_MINOR, { currency, locale })} · ${displayName('language', locale)}` }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ locale, label }) => ({ locale, label }));
}

/** "12.50 US dollars": an amount with the currency's name, as the confirmation says it. */
export function amountInWords(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat(UI_LANGUAGE, { style: 'currency', currency, currencyDisplay: 'name', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
  } catch {
    return formatMoney(minor, { currency, locale: 'en-US' });
  }
}

/**
 * The confirmation of a currency change: amounts are relabelled, never converted (decision 054).
 * "12.50 US dollars will read 12,50 €; no amount is converted."
 */
export function relabelText(from: MoneyFormat, to: MoneyFormat, minor = EXAMPLE_MINOR): string {
  return `Every amount keeps its number and only changes its currency: chores, what is owed, payouts, jars and goals. ${amountInWords(minor, from.currency)} will read ${formatMoney(minor, to)}; no amount is converted.`;
}

/** What the form holds: percents as typed text. */
export interface MoneyFormValues {
  currency: string;
  locale: string;
  jarsOn: boolean;
  spend: string;
  save: string;
  give: string;
}

/** The split a family starts with when it turns jars on. */
export const DEFAULT_JARS = { spend: 50, save: 40, give: 10 } as const;

export function moneyFormDefaults(settings: MoneySettingsDto): MoneyFormValues {
  const jars = settings.jars ?? DEFAULT_JARS;
  return { currency: settings.currency, locale: settings.locale, jarsOn: settings.jars !== null, spend: String(jars.spend), save: String(jars.save), give: String(jars.give) };
}

const JAR_FIELDS = ['spend', 'save', 'give'] as const;
/** A whole percent from 0 to 100 typed in a field, or null. */
const wholePercent = (text: string): number | null => (/^\s*\d{1,3}\s*$/.test(text) && Number(text) <= 100 ? Number(text) : null);

/** The form's rules, with the API's messages (shared/savings-schemas.ts). */
export const moneyFormSchema = z
  .object({
    currency: z.string().refine(isFamilyCurrency, { error: SAVINGS_MESSAGES.currencyInvalid }),
    locale: z.string().refine((l) => canonicalLocale(l) !== null, { error: SAVINGS_MESSAGES.localeInvalid }),
    jarsOn: z.boolean(),
    spend: z.string(),
    save: z.string(),
    give: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.jarsOn) return;
    const values = JAR_FIELDS.map((jar) => wholePercent(v[jar]));
    JAR_FIELDS.forEach((jar, i) => {
      if (values[i] === null) ctx.addIssue({ code: 'custom', path: [jar], message: SAVINGS_MESSAGES.jarPercent });
    });
    if (values.every((n) => n !== null) && values.reduce((a, b) => a! + b!, 0) !== 100) ctx.addIssue({ code: 'custom', path: ['give'], message: SAVINGS_MESSAGES.jarsSum });
  });

/** PUT /api/family/money's body for a valid form. */
export function moneySettingsBody(v: MoneyFormValues): MoneySettingsDto {
  return {
    currency: v.currency,
    locale: canonicalLocale(v.locale) ?? v.locale,
    jars: v.jarsOn ? { spend: Number(v.spend), save: Number(v.save), give: Number(v.give) } : null,
  };
}

/** The toast after saving: how amounts read now, and the split when jars are on. */
export function savedText(settings: MoneySettingsDto): string {
  const reads = `Amounts now read like ${formatMoney(EXAMPLE_MINOR, settings)}.`;
  return settings.jars ? `${reads} Each payout goes ${settings.jars.spend}% to spend, ${settings.jars.save}% to save and ${settings.jars.give}% to give.` : reads;
}
