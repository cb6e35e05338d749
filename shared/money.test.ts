import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalLocale,
  currencyDigits,
  currencyStep,
  currencySymbol,
  DEFAULT_MONEY,
  familyCurrencies,
  formatAmount,
  formatCents,
  formatMinor,
  formatMoney,
  isFamilyCurrency,
  parseCents,
  parseMinor,
  parseMoneyInput,
  symbolAfterNumber,
  toAmountString,
} from './money';

describe('money', () => {
  it('parses 2-decimal strings to cents exactly', () => {
    expect(parseCents('0.25')).toBe(25);
    expect(parseCents('3')).toBe(300);
    expect(parseCents('3.5')).toBe(350);
    expect(parseCents('19.99')).toBe(1999);
    expect(parseCents('0.1')).toBe(10);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '1,50', '.5']) expect(parseCents(bad)).toBeNull();
  });

  it('formats cents with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(12345)).toBe('123.45');
    expect(formatCents(-250)).toBe('-2.50');
  });

  it('round-trips every cent value', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => parseCents(formatCents(cents)) === cents), { numRuns: 2000 });
  });

  it('turns number-input values into the API string without float drift', () => {
    expect(toAmountString(0.1 + 0.2)).toBe('0.30');
    expect(toAmountString(2.675)).toBe('2.68');
    expect(toAmountString('1.5')).toBe('1.50');
  });
});

describe('money in any currency (issue 22)', () => {
  const USD = { currency: 'USD', locale: 'en-US' };
  const EUR = { currency: 'EUR', locale: 'de-DE' };
  const GBP = { currency: 'GBP', locale: 'en-GB' };
  const JPY = { currency: 'JPY', locale: 'ja-JP' };
  const KWD = { currency: 'KWD', locale: 'en-KW' };

  it('knows each currency’s decimals from ISO 4217, not from the runtime', () => {
    expect([currencyDigits('USD'), currencyDigits('EUR'), currencyDigits('GBP'), currencyDigits('JPY'), currencyDigits('KWD'), currencyDigits('IDR')]).toEqual([2, 2, 2, 0, 3, 2]);
    expect([currencyStep('EUR'), currencyStep('JPY'), currencyStep('KWD')]).toEqual([0.01, 1, 0.001]);
  });

  it('formats the family’s money with Intl in its locale, plain spaces instead of no-break ones', () => {
    expect(formatMoney(1250, USD)).toBe('$12.50');
    expect(formatMoney(1250, EUR)).toBe('12,50 €');
    expect(formatMoney(1250, GBP)).toBe('£12.50');
    expect(formatMoney(500, JPY)).toBe('￥500');
    expect(formatMoney(1250, KWD)).toBe('KWD 1.250');
    expect(formatMoney(123456789, { currency: 'EUR', locale: 'fr-FR' })).toBe('1 234 567,89 €');
    expect(formatMoney(100000, USD)).toBe('$1,000.00');
    expect(formatMoney(1250, EUR)).not.toMatch(/[\u00a0\u202f]/);
    expect(formatMoney(1250)).toBe(formatMoney(1250, DEFAULT_MONEY));
  });

  it('formats negative amounts with the sign the locale writes', () => {
    expect(formatMoney(-1250, USD)).toBe('-$12.50');
    expect(formatMoney(-1250, EUR)).toBe('-12,50 €');
    expect(formatMinor(-1250, 'KWD')).toBe('-1.250');
    expect(formatMinor(-7, 'JPY')).toBe('-7');
    expect(formatAmount('-2.50', USD)).toBe('-$2.50');
  });

  it('refuses a fraction of a minor unit rather than rounding it', () => {
    expect(() => formatMoney(1.5, USD)).toThrow();
    expect(() => formatMinor(0.5, 'JPY')).toThrow();
  });

  it('writes the API’s decimal string in the currency’s decimals; two-decimal currencies exactly as before', () => {
    expect(formatMinor(1250, 'USD')).toBe('12.50');
    expect(formatMinor(1250, 'EUR')).toBe('12.50');
    expect(formatMinor(500, 'JPY')).toBe('500');
    expect(formatMinor(1250, 'KWD')).toBe('1.250');
    expect(formatMinor(5, 'KWD')).toBe('0.005');
    fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (minor) => formatMinor(minor, 'GBP') === formatCents(minor)));
  });

  it('parses the API string per currency: yen take no decimals, dinars up to three', () => {
    expect(parseMinor('12.5', 'EUR')).toBe(1250);
    expect(parseMinor('500', 'JPY')).toBe(500);
    expect(parseMinor('5.5', 'JPY')).toBeNull();
    expect(parseMinor('1.250', 'KWD')).toBe(1250);
    expect(parseMinor('1.25', 'KWD')).toBe(1250);
    expect(parseMinor('1.2505', 'KWD')).toBeNull();
    expect(parseMinor('-1', 'KWD')).toBeNull();
    for (const bad of ['', 'abc', '1e3', '1,50', '.5']) {
      expect(parseMinor(bad, 'JPY'), bad).toBeNull();
      expect(parseMinor(bad, 'KWD'), bad).toBeNull();
    }
  });

  it('reads what a person types with a comma or a point as the decimal separator', () => {
    expect(parseMoneyInput('12,50', 'EUR')).toBe(1250);
    expect(parseMoneyInput('12.50', 'EUR')).toBe(1250);
    expect(parseMoneyInput(' 3,5 ', 'EUR')).toBe(350);
    expect(parseMoneyInput('500', 'JPY')).toBe(500);
    expect(parseMoneyInput('5,5', 'JPY')).toBeNull();
    expect(parseMoneyInput('1,250', 'KWD')).toBe(1250);
    expect(parseMoneyInput('1.234,50', 'EUR')).toBeNull();
    expect(parseMoneyInput('1,234,50', 'EUR')).toBeNull();
  });

  it('round-trips every amount through the API string, per number of decimals', () => {
    for (const currency of ['USD', 'JPY', 'KWD']) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000 }), (minor) => parseMinor(formatMinor(minor, currency), currency) === minor),
        { numRuns: 1000 },
      );
    }
  });

  it('round-trips what formatMoney shows in a comma locale back through parseMoneyInput (no grouping below 1,000)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (minor) => {
        const typed = formatMoney(minor, EUR).replace(' €', '');
        return parseMoneyInput(typed, 'EUR') === minor;
      }),
      { numRuns: 500 },
    );
  });

  it('places the symbol where the locale writes it', () => {
    expect([currencySymbol(USD), symbolAfterNumber(USD)]).toEqual(['$', false]);
    expect([currencySymbol(EUR), symbolAfterNumber(EUR)]).toEqual(['€', true]);
    expect([currencySymbol(JPY), symbolAfterNumber(JPY)]).toEqual(['￥', false]);
  });

  it('offers real currencies only, and canonical locales', () => {
    expect(familyCurrencies()).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'JPY', 'KWD']));
    for (const code of ['XAU', 'XTS', 'XXX', 'usd', 'EURO', '', 42]) expect(isFamilyCurrency(code), String(code)).toBe(false);
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(canonicalLocale('not a locale')).toBeNull();
    expect(canonicalLocale('')).toBeNull();
    expect(canonicalLocale(undefined)).toBeNull();
  });
});
