import { describe, expect, it } from 'vitest';
import { goalInputSchema, jarSplitSchema, jarWithdrawalSchema, moneySettingsInputSchema, SAVINGS_MESSAGES } from './savings-schemas';

const euro = { currency: 'EUR', locale: 'de-DE' };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('goal and jar schemas follow the family currency and locale', () => {
  it("reads a euro family's '12,50' and '12.50' alike", () => {
    for (const target of ['12,50', '12.50', 12.5]) expect(goalInputSchema(euro).parse({ name: 'Lego', target, icon: 'toy' }).target).toBe(1250);
    expect(jarWithdrawalSchema(euro).parse({ amount: '2,5' }).amount).toBe(250);
  });

  it('refuses a comma in a US-style family, and decimals in yen', () => {
    expect(goalInputSchema('USD').safeParse({ name: 'Lego', target: '12,50', icon: 'toy' }).success).toBe(false);
    expect(firstMessage(goalInputSchema({ currency: 'JPY', locale: 'ja-JP' }).safeParse({ name: 'Game', target: '5.5', icon: 'game' }))).toBe('Amount must be a Japanese yen amount with no decimals');
    expect(goalInputSchema({ currency: 'JPY', locale: 'ja-JP' }).parse({ name: 'Game', target: '5000', icon: 'game' }).target).toBe(5000);
    expect(goalInputSchema({ currency: 'KWD', locale: 'en-KW' }).parse({ name: 'Bike', target: '1.250', icon: 'bike' }).target).toBe(1250);
  });

  it('names what is wrong with a goal', () => {
    expect(firstMessage(goalInputSchema('USD').safeParse({ name: ' ', target: '5', icon: 'toy' }))).toBe(SAVINGS_MESSAGES.goalNameRequired);
    expect(firstMessage(goalInputSchema('USD').safeParse({ name: 'Lego', target: '5', icon: 'rocket' }))).toBe(SAVINGS_MESSAGES.goalIconInvalid);
    expect(firstMessage(goalInputSchema('USD').safeParse({ name: 'Lego', target: '5', icon: 'toy', topUpPercent: 150 }))).toBe(SAVINGS_MESSAGES.topUpInvalid);
    expect(firstMessage(goalInputSchema('USD').safeParse({ name: 'Lego', target: '0', icon: 'toy' }))).toBe('Amount must be greater than 0');
  });

  it('takes jar splits of whole percents adding up to 100', () => {
    expect(jarSplitSchema.safeParse({ spend: 50, save: 40, give: 10 }).success).toBe(true);
    expect(firstMessage(jarSplitSchema.safeParse({ spend: 50, save: 40, give: 20 }))).toBe(SAVINGS_MESSAGES.jarsSum);
    expect(firstMessage(jarSplitSchema.safeParse({ spend: 50.5, save: 39.5, give: 10 }))).toBe(SAVINGS_MESSAGES.jarPercent);
  });

  it('canonicalises currency and locale, and refuses ones it cannot use', () => {
    expect(moneySettingsInputSchema.parse({ currency: 'eur', locale: 'de-de' })).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(firstMessage(moneySettingsInputSchema.safeParse({ currency: 'XAU' }))).toBe(SAVINGS_MESSAGES.currencyInvalid);
    expect(firstMessage(moneySettingsInputSchema.safeParse({ locale: 'not a locale!' }))).toBe(SAVINGS_MESSAGES.localeInvalid);
  });
});
