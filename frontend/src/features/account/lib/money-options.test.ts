import { describe, expect, it } from 'vitest';
import { SAVINGS_MESSAGES } from '../../../../../shared/savings-schemas';
import { currencyOptions, localeOptions, moneyFormDefaults, moneyFormSchema, moneySettingsBody, relabelText, savedText } from './money-options';

const firstError = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? undefined : `${r.error!.issues[0]!.path.join('.')}: ${r.error!.issues[0]!.message}`;

describe('the Money section’s choices', () => {
  it('names currencies as people say them, with their code, and keeps metals and test codes out', () => {
    const options = currencyOptions();
    expect(options.find((o) => o.code === 'EUR')?.label).toBe('Euro (EUR)');
    expect(options.find((o) => o.code === 'JPY')?.label).toBe('Japanese Yen (JPY)');
    expect(options.some((o) => o.code === 'XAU' || o.code === 'XTS')).toBe(false);
    expect(options.map((o) => o.label)).toEqual([...options.map((o) => o.label)].sort((a, b) => a.localeCompare(b)));
  });

  it('shows each number format by an example in the chosen currency, and adds the family’s own', () => {
    const euro = localeOptions('EUR', ['de-LU']);
    expect(euro.find((o) => o.locale === 'de-DE')?.label).toBe('12,50 € · German (Germany)');
    expect(euro.find((o) => o.locale === 'en-US')?.label).toBe('€12.50 · English (United States)');
    expect(euro.some((o) => o.locale === 'de-LU')).toBe(true);
    expect(localeOptions('JPY').find((o) => o.locale === 'ja-JP')?.label).toBe('￥1,250 · Japanese (Japan)');
    expect(localeOptions('USD', ['not a locale!']).every((o) => o.locale !== 'not a locale!')).toBe(true);
  });

  it('says plainly that a currency change relabels and converts nothing', () => {
    expect(relabelText({ currency: 'USD', locale: 'en-US' }, { currency: 'EUR', locale: 'de-DE' })).toContain('12.50 US dollars will read 12,50 €; no amount is converted.');
    expect(relabelText({ currency: 'USD', locale: 'en-US' }, { currency: 'JPY', locale: 'ja-JP' })).toContain('12.50 US dollars will read ￥1,250; no amount is converted.');
  });
});

describe('the Money form', () => {
  const usd = { currency: 'USD', locale: 'en-US', jars: null };
  it('starts from the family’s settings, jars off at 50/40/10', () => {
    expect(moneyFormDefaults(usd)).toEqual({ currency: 'USD', locale: 'en-US', jarsOn: false, spend: '50', save: '40', give: '10' });
    expect(moneyFormDefaults({ ...usd, jars: { spend: 70, save: 20, give: 10 } })).toMatchObject({ jarsOn: true, spend: '70', save: '20', give: '10' });
  });

  it('needs whole percents adding up to 100 only while jars are on', () => {
    const values = { ...moneyFormDefaults(usd), jarsOn: true };
    expect(moneyFormSchema.safeParse(values).success).toBe(true);
    expect(firstError(moneyFormSchema.safeParse({ ...values, give: '20' }))).toBe(`give: ${SAVINGS_MESSAGES.jarsSum}`);
    expect(firstError(moneyFormSchema.safeParse({ ...values, save: '40.5' }))).toBe(`save: ${SAVINGS_MESSAGES.jarPercent}`);
    expect(firstError(moneyFormSchema.safeParse({ ...values, spend: '101' }))).toBe(`spend: ${SAVINGS_MESSAGES.jarPercent}`);
    expect(moneyFormSchema.safeParse({ ...values, jarsOn: false, give: 'x' }).success).toBe(true);
    expect(firstError(moneyFormSchema.safeParse({ ...values, currency: 'XAU' }))).toBe(`currency: ${SAVINGS_MESSAGES.currencyInvalid}`);
  });

  it('sends the settings, jars null when off', () => {
    expect(moneySettingsBody({ currency: 'EUR', locale: 'de-de', jarsOn: false, spend: '50', save: '40', give: '10' })).toEqual({ currency: 'EUR', locale: 'de-DE', jars: null });
    expect(moneySettingsBody({ currency: 'EUR', locale: 'de-DE', jarsOn: true, spend: '50', save: '40', give: '10' }).jars).toEqual({ spend: 50, save: 40, give: 10 });
    expect(savedText({ currency: 'EUR', locale: 'de-DE', jars: { spend: 50, save: 40, give: 10 } })).toBe('Amounts now read like 12,50 €. Each payout goes 50% to spend, 40% to save and 10% to give.');
  });
});
