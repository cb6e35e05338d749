import { describe, expect, it } from 'vitest';
import { currencyOfRegion, moneyFormatForLocale, usualLocale } from './currency-regions';
import { familyCurrencies, formatMoney } from './money';

describe('a new family’s currency from the browser’s locale (issue 22)', () => {
  it('takes the currency of the locale’s region, keeping the locale as the browser wrote it (canonical)', () => {
    expect(moneyFormatForLocale('de-DE')).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(moneyFormatForLocale('de-at')).toEqual({ currency: 'EUR', locale: 'de-AT' });
    expect(moneyFormatForLocale('en-GB')).toEqual({ currency: 'GBP', locale: 'en-GB' });
    expect(moneyFormatForLocale('ja-JP')).toEqual({ currency: 'JPY', locale: 'ja-JP' });
    expect(moneyFormatForLocale('ar-KW')).toEqual({ currency: 'KWD', locale: 'ar-KW' });
    expect(moneyFormatForLocale('pt-BR')).toEqual({ currency: 'BRL', locale: 'pt-BR' });
    expect(moneyFormatForLocale('en-US')).toEqual({ currency: 'USD', locale: 'en-US' });
  });

  it('reads a bare language as its likely region', () => {
    expect(moneyFormatForLocale('ja')).toEqual({ currency: 'JPY', locale: 'ja' });
    expect(moneyFormatForLocale('fr')).toEqual({ currency: 'EUR', locale: 'fr' });
    expect(moneyFormatForLocale('en')).toEqual({ currency: 'USD', locale: 'en' });
  });

  it('falls back to US dollars in US style for nothing, or for what is not a locale', () => {
    for (const bad of [undefined, '', 'not a locale', 'xx-invalid-locale-tag-that-is-far-too-long-to-be-one']) {
      expect(moneyFormatForLocale(bad), String(bad)).toEqual({ currency: 'USD', locale: 'en-US' });
    }
  });

  it('knows regions by ISO 3166 code, in any case; unknown ones have no currency', () => {
    expect(currencyOfRegion('fr')).toBe('EUR');
    expect(currencyOfRegion('EC')).toBe('USD');
    expect(currencyOfRegion('CH')).toBe('CHF');
    expect(currencyOfRegion('ZZ')).toBeUndefined();
    expect(currencyOfRegion(undefined)).toBeUndefined();
  });

  it('only ever suggests a currency a family may choose', () => {
    const all = new Set(familyCurrencies());
    for (const locale of ['de-DE', 'en-GB', 'ja', 'ar-KW', 'es-MX', 'sv-SE', 'ko-KR', 'hi-IN', 'fr-CI', 'en-CW']) {
      expect(all.has(moneyFormatForLocale(locale).currency), locale).toBe(true);
    }
  });
});

describe('a currency’s usual number format (issue 29 point 15)', () => {
  it('keeps the browser’s locale where its region pays in the currency, else writes it as at home', () => {
    expect(usualLocale('EUR', 'en-IE')).toBe('en-IE');
    expect(usualLocale('EUR', 'fr')).toBe('fr-FR');
    expect(usualLocale('EUR', 'fr-CA')).toBe('fr-FR');
    // An American family choosing euros is offered "12,50 €", not "$12.50" style.
    expect(usualLocale('EUR', 'en-US')).toBe('de-DE');
    expect(formatMoney(1250, { currency: 'EUR', locale: usualLocale('EUR', 'en-US') })).toBe('12,50 €');
    expect(usualLocale('GBP', 'en-US')).toBe('en-GB');
    expect(usualLocale('JPY', 'en-US')).toBe('ja-JP');
    expect(usualLocale('CAD', 'fr-CA')).toBe('fr-CA');
    // Digits stay 0–9: Kuwaiti dinars in English there, West African francs in French.
    expect(usualLocale('KWD', 'en-US')).toBe('en-KW');
    expect(usualLocale('XOF', 'en-US')).toBe('fr-SN');
    expect(usualLocale('EUR', undefined)).toBe('de-DE');
    expect(usualLocale('EUR', 'not a locale')).toBe('de-DE');
  });
});

