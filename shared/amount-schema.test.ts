import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { amountFormatMessage, amountMinorSchema, amountTooLargeMessage } from './amount-schema';
import { FORM_MESSAGES } from './messages';
import { amountCentsSchema, choreInputSchemaFor, familyAmountSchema } from './schemas';

const messageOf = (r: z.ZodSafeParseResult<unknown>) => (r.success ? undefined : r.error.issues[0]?.message);

describe('amounts in the family’s currency (issue 22)', () => {
  it('keeps the spec’s messages and rules for two-decimal currencies, the same as the US-dollar schema', () => {
    for (const currency of ['USD', 'EUR', 'GBP']) {
      const schema = amountMinorSchema(currency);
      expect(schema.parse('12.50')).toBe(1250);
      expect(schema.parse(2.5)).toBe(250);
      expect(messageOf(schema.safeParse('1.234'))).toBe(FORM_MESSAGES.amountFormat);
      expect(messageOf(schema.safeParse('0'))).toBe(FORM_MESSAGES.amountPositive);
      expect(messageOf(schema.safeParse('-1'))).toBe(FORM_MESSAGES.amountPositive);
      expect(messageOf(schema.safeParse('10000.01'))).toBe(FORM_MESSAGES.amountTooLarge);
      expect(messageOf(schema.safeParse(true))).toBe(FORM_MESSAGES.amountPositive);
    }
    for (const v of ['3', '0.1', '1.005', 1.005, '', 'abc', '-2', 0, '10000.00', 1e21]) {
      const usd = amountMinorSchema('USD').safeParse(v);
      const cents = amountCentsSchema.safeParse(v);
      expect(usd.success, String(v)).toBe(cents.success);
      expect(usd.success ? usd.data : messageOf(usd), String(v)).toEqual(cents.success ? cents.data : messageOf(cents));
    }
  });

  it('takes whole yen only, and says so', () => {
    const yen = amountMinorSchema('JPY');
    expect(yen.parse('500')).toBe(500);
    expect(yen.parse(500)).toBe(500);
    expect(messageOf(yen.safeParse('5.5'))).toBe('Amount must be a whole number (JPY has no decimals)');
    expect(amountFormatMessage('JPY')).toBe('Amount must be a whole number (JPY has no decimals)');
    expect(messageOf(yen.safeParse('1000001'))).toBe('Amount must be at most 1000000');
  });

  it('takes up to three decimals for dinars', () => {
    const dinar = amountMinorSchema('KWD');
    expect(dinar.parse('1.250')).toBe(1250);
    expect(dinar.parse('0.005')).toBe(5);
    expect(messageOf(dinar.safeParse('1.2505'))).toBe('Amount must be an amount with at most 3 decimals');
    expect(amountTooLargeMessage('KWD')).toBe('Amount must be at most 1000.000');
    expect(messageOf(dinar.safeParse('1000.001'))).toBe('Amount must be at most 1000.000');
  });

  it('takes a smaller maximum when given one', () => {
    const schema = amountMinorSchema('EUR', { max: 500 });
    expect(schema.parse('5')).toBe(500);
    expect(messageOf(schema.safeParse('5.01'))).toBe('Amount must be at most 5.00');
  });
});

describe('a family’s amounts in requests (issue 22)', () => {
  it('reads "12,50" as "12.50" where the locale writes a decimal comma, and never a grouping separator', () => {
    const euro = familyAmountSchema({ currency: 'EUR', locale: 'de-DE' });
    expect(euro.parse('12,50')).toBe(1250);
    expect(euro.parse('12.50')).toBe(1250);
    expect(euro.parse(' 3,5 ')).toBe(350);
    for (const bad of ['1.234,50', '1,234,50', ',5', '12,']) expect(messageOf(euro.safeParse(bad)), bad).toBe(FORM_MESSAGES.amountFormat);
    expect(messageOf(euro.safeParse('12,505'))).toBe(FORM_MESSAGES.amountFormat);
    expect(choreInputSchemaFor({ currency: 'EUR', locale: 'fr-FR' }).parse({ name: 'x', category: 'daily', amount: '2,25', difficultyLevel: 1 }).amount).toBe(225);
  });

  it('reads a US-style family’s amounts exactly as before: a comma is refused', () => {
    expect(messageOf(familyAmountSchema({ currency: 'USD', locale: 'en-US' }).safeParse('1,50'))).toBe(FORM_MESSAGES.amountFormat);
    expect(messageOf(familyAmountSchema({ currency: 'EUR', locale: 'en-IE' }).safeParse('1,50'))).toBe(FORM_MESSAGES.amountFormat);
  });

  it('keeps the currency’s decimals whatever the separator', () => {
    const yen = familyAmountSchema({ currency: 'JPY', locale: 'ja-JP' });
    expect(yen.parse('500')).toBe(500);
    expect(messageOf(yen.safeParse('5.5'))).toBe('Amount must be a whole number (JPY has no decimals)');
    const dinar = familyAmountSchema({ currency: 'KWD', locale: 'fr-FR' });
    expect(dinar.parse('1,250')).toBe(1250);
    expect(dinar.parse('1.250')).toBe(1250);
  });
});
