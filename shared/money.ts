/**
 * Money is integer cents inside; the API and the screens speak 2-decimal dollar strings.
 */
const AMOUNT = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/;

/** Largest reward one chore may carry, in cents ($100,000.00 would be absurd for a chore). */
export const MAX_AMOUNT_CENTS = 1_000_000;

/** Parses "3", "3.5", "3.50" into cents; null when the text is not a non-negative amount with ≤ 2 decimals. */
export function parseCents(text: string | number): number | null {
  const m = AMOUNT.exec(typeof text === 'number' ? String(text) : text);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Formats cents as a 2-decimal string: 125 → "1.25", -5 → "-0.05". */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats cents as dollars for screens: 125 → "$1.25". */
export const formatDollars = (cents: number): string => `$${formatCents(cents)}`;

/** Converts what a number input holds (e.g. 2.5 or "2.50") to the API's 2-decimal string. */
export function toAmountString(value: string | number): string {
  const cents = typeof value === 'number' ? roundToCents(value) : parseCents(value);
  if (cents === null) throw new Error(`Not an amount: ${value}`);
  return formatCents(cents);
}

/** Rounds a float dollar value half-up to cents via its decimal text, so 2.675 → 268, not 267. */
export function roundToCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const [whole, fraction = ''] = value.toFixed(10).split('.');
  const digits = fraction.padEnd(3, '0');
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
}

// ---- Currencies (issue 22, decision 054) -------------------------------------------------------
//
// Every amount is an integer count of the family's currency's minor units ("cents" in the names
// above, kept for the spec's 2-decimal API). How many decimals a currency has comes from ISO 4217
// here, not from the runtime's ICU data, so a browser and a Lambda can never disagree on it (Node's
// ICU shows IDR with 0 decimals, ISO says 2).

/** How a family's amounts read: an ISO 4217 currency shown in a BCP 47 locale's style. */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

/** Families made before currencies (and any missing setting) are US dollars in US style. */
export const DEFAULT_MONEY: MoneyFormat = { currency: 'USD', locale: 'en-US' };

/** ISO 4217 currencies with no minor unit. */
const ZERO_DECIMALS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** ISO 4217 currencies with three decimals. */
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
/** Not money a family pays chores in: precious metals, funds, testing and 4-decimal units of account. */
const NOT_FAMILY_CURRENCIES = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX', 'CLF', 'UYW', 'BOV', 'CHE', 'CHW', 'COU', 'MXV', 'USN', 'USS', 'UYI']);

/** Decimals of a currency's minor unit: JPY 0, USD 2, KWD 3. */
export function currencyDigits(currency: string): 0 | 2 | 3 {
  if (ZERO_DECIMALS.has(currency)) return 0;
  if (THREE_DECIMALS.has(currency)) return 3;
  return 2;
}

let supported: Set<string> | undefined;
/** The ISO 4217 codes a family may choose: what the runtime knows, less metals, funds and test codes. */
export function familyCurrencies(): string[] {
  supported ??= new Set(Intl.supportedValuesOf('currency').filter((c) => /^[A-Z]{3}$/.test(c) && !NOT_FAMILY_CURRENCIES.has(c)));
  return [...supported].sort();
}
export const isFamilyCurrency = (code: unknown): code is string => typeof code === 'string' && familyCurrencies().includes(code);

/** The canonical form of a BCP 47 locale the runtime can format in ("de-de" → "de-DE"); null when not one. */
export function canonicalLocale(locale: unknown): string | null {
  if (typeof locale !== 'string' || locale.length === 0 || locale.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (!canonical || Intl.NumberFormat.supportedLocalesOf([canonical]).length === 0) return null;
    return canonical;
  } catch {
    return null;
  }
}

/** Formats minor units as the API's decimal string in the currency's decimals: 1250 → "12.50", JPY 500 → "500", KWD 1250 → "1.250". */
export function formatMinor(minor: number, currency: string = DEFAULT_MONEY.currency): string {
  if (!Number.isInteger(minor)) throw new Error(`Minor units must be an integer, got ${minor}`);
  const digits = currencyDigits(currency);
  if (digits === 2) return formatCents(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/**
 * Parses an API decimal string ("12.5", "500", "1.250") into minor units of the currency; null when it
 * is not a non-negative amount with at most the currency's decimals. For 2-decimal currencies this is
 * exactly `parseCents`.
 */
export function parseMinor(text: string | number, currency: string = DEFAULT_MONEY.currency): number | null {
  const digits = currencyDigits(currency);
  if (digits === 2) return parseCents(text);
  const s = typeof text === 'number' ? String(text) : text;
  const m = (digits === 0 ? /^\s*(\d{1,9})\s*$/ : /^\s*(\d{1,7})(?:\.(\d{1,3}))?\s*$/).exec(s);
  if (!m) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || '0');
}

/**
 * What a person types into an amount field, in their locale: "12,50" or "12.50" for euros, "500" for
 * yen. Either "." or "," is taken as the decimal separator (one at most; grouping separators are not
 * accepted, so "1.250" is one and a quarter, never a thousand). Null when not an amount in the
 * currency's decimals.
 */
export function parseMoneyInput(text: string, currency: string = DEFAULT_MONEY.currency): number | null {
  const normalised = text.trim().replace(',', '.');
  if (normalised.includes(',')) return null;
  return parseMinor(normalised, currency);
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor({ currency, locale }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = currencyDigits(currency);
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      f = new Intl.NumberFormat(DEFAULT_MONEY.locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * Minor units as the family reads money, with `Intl.NumberFormat` in its locale: 1250 EUR in de-DE →
 * "12,50 €", 1250 USD in en-US → "$12.50", 500 JPY in ja-JP → "￥500". The no-break spaces Intl puts
 * between number and symbol (and fr-FR's narrow ones between thousands) become plain spaces, so text
 * reads the same in an e-mail, a CSV cell and on screen.
 */
export function formatMoney(minor: number, money: MoneyFormat = DEFAULT_MONEY): string {
  if (!Number.isInteger(minor)) throw new Error(`Minor units must be an integer, got ${minor}`);
  const value = minor / 10 ** currencyDigits(money.currency);
  return formatterFor(money).format(value).replace(/[\u00a0\u202f]/g, ' ');
}

/** `formatMoney` of an API decimal string; a malformed or missing one shows as zero rather than breaking a page. */
export function formatAmount(amount: string | undefined, money: MoneyFormat = DEFAULT_MONEY): string {
  const text = (amount ?? '').trim();
  const negative = text.startsWith('-');
  const minor = parseMinor(negative ? text.slice(1) : text, money.currency) ?? 0;
  return formatMoney(negative ? -minor : minor, money);
}

/** The currency's symbol as the locale writes it ("€", "$", "￥", "KWD"), for an amount field's adornment. */
export function currencySymbol(money: MoneyFormat = DEFAULT_MONEY): string {
  return formatterFor(money).formatToParts(0).find((p) => p.type === 'currency')?.value ?? money.currency;
}

/** Whether the symbol goes after the number in this locale ("12,50 €"), for an amount field's adornment. */
export function symbolAfterNumber(money: MoneyFormat = DEFAULT_MONEY): boolean {
  const parts = formatterFor(money).formatToParts(1);
  return parts.findIndex((p) => p.type === 'currency') > parts.findIndex((p) => p.type === 'integer');
}

/** The smallest step an amount field takes: 0.01, 1 (JPY) or 0.001 (KWD). */
export const currencyStep = (currency: string): number => 1 / 10 ** currencyDigits(currency);

/** The largest chore reward in minor units (the spec's $10,000.00 for 2-decimal currencies, 1,000,000 minor units of any other). */
export const maxAmountMinor = (_currency: string): number => MAX_AMOUNT_CENTS;
