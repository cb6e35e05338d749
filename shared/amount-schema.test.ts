import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { amountFormatMessage, amountMinorSchema, amountTooLargeMessage } from './amount-schema';
import { FORM_MESSAGES } from './messages';
import { amountCentsSchema, choreInputSchemaFor, familyAmountSchema } from './schemas';

const messageOf = (r: z.ZodSafeParseResult<unknown>) => (r.success ? undefined : r.error.issues[0]?.message);

describe('amounts in the family’s currency (issue 22)', () => {
  it('keeps the spec’s rules for two-decimal currencies; its dollar messages for US dollars, the same sentences in the family’s currency otherwise (issue 29)', () => {
    const messages = {
      USD: [FORM_MESSAGES.amountFormat, FORM_MESSAGES.amountTooLarge],
      EUR: ['Amount must be a euro amount with at most 2 decimals', 'Amount must be at most €10,000.00'],
      GBP: ['Amount must be a British pound amount with at most 2 decimals', 'Amount must be at most £10,000.00'],
    };
    for (const [currency, [format, tooLarge]] of Object.entries(messages)) {
      const schema = amountMinorSchema(currency);
      expect(schema.parse('12.50')).toBe(1250);
      expect(schema.parse(2.5)).toBe(250);
      expect(messageOf(schema.safeParse('1.234'))).toBe(format);
      expect(messageOf(schema.safeParse('0'))).toBe(FORM_MESSAGES.amountPositive);
      expect(messageOf(schema.safeParse('-1'))).toBe(FORM_MESSAGES.amountPositive);
      expect(messageOf(schema.safeParse('10000.01'))).toBe(tooLarge);
      expect(messageOf(schema.safeParse(true))).toBe(FORM_MESSAGES.amountPositive);
    }
    // The limit in the family's own number format; the spec's words for a US-dollar family in any locale.
    expect(amountTooLargeMessage({ currency: 'EUR', locale: 'de-DE' })).toBe('Amount must be at most 10.000,00 €');
    expect(amountTooLargeMessage({ currency: 'EUR', locale: 'fr-FR' })).toBe('Amount must be at most 10 000,00 €');
    expect(amountTooLargeMessage({ currency: 'USD', locale: 'en-US' })).toBe('Amount must be at most 10000.00');
    expect(amountFormatMessage({ currency: 'USD', locale: 'es-US' })).toBe('Amount must be a dollar amount with at most 2 decimals');
    expect(amountFormatMessage('CAD')).toBe('Amount must be a Canadian dollar amount with at most 2 decimals');
    expect(amountFormatMessage('INR')).toBe('Amount must be an Indian rupee amount with at most 2 decimals');
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
    expect(messageOf(yen.safeParse('5.5'))).toBe('Amount must be a Japanese yen amount with no decimals');
    expect(amountFormatMessage('JPY')).toBe('Amount must be a Japanese yen amount with no decimals');
    expect(messageOf(yen.safeParse('1000001'))).toBe('Amount must be at most ¥1,000,000');
    expect(amountTooLargeMessage({ currency: 'JPY', locale: 'ja-JP' })).toBe('Amount must be at most ￥1,000,000');
  });

  it('takes up to three decimals for dinars', () => {
    const dinar = amountMinorSchema('KWD');
    expect(dinar.parse('1.250')).toBe(1250);
    expect(dinar.parse('0.005')).toBe(5);
    expect(messageOf(dinar.safeParse('1.2505'))).toBe('Amount must be a Kuwaiti dinar amount with at most 3 decimals');
    expect(amountTooLargeMessage('KWD')).toBe('Amount must be at most KWD 1,000.000');
    expect(messageOf(dinar.safeParse('1000.001'))).toBe('Amount must be at most KWD 1,000.000');
  });

  it('takes a smaller maximum when given one', () => {
    const schema = amountMinorSchema('EUR', { max: 500 });
    expect(schema.parse('5')).toBe(500);
    expect(messageOf(schema.safeParse('5.01'))).toBe('Amount must be at most €5.00');
    expect(messageOf(amountMinorSchema({ currency: 'EUR', locale: 'de-DE' }, { max: 500 }).safeParse('5.01'))).toBe('Amount must be at most 5,00 €');
    expect(messageOf(amountMinorSchema('USD', { max: 500 }).safeParse('5.01'))).toBe('Amount must be at most 5.00');
  });
});

describe('a family’s amounts in requests (issue 22)', () => {
  it('reads "12,50" as "12.50" where the locale writes a decimal comma, and never a grouping separator', () => {
    const euro = familyAmountSchema({ currency: 'EUR', locale: 'de-DE' });
    expect(euro.parse('12,50')).toBe(1250);
    expect(euro.parse('12.50')).toBe(1250);
    expect(euro.parse(' 3,5 ')).toBe(350);
    const euroFormat = 'Amount must be a euro amount with at most 2 decimals';
    for (const bad of ['1.234,50', '1,234,50', ',5', '12,']) expect(messageOf(euro.safeParse(bad)), bad).toBe(euroFormat);
    expect(messageOf(euro.safeParse('12,505'))).toBe(euroFormat);
    expect(messageOf(euro.safeParse('10000,01'))).toBe('Amount must be at most 10.000,00 €');
    expect(choreInputSchemaFor({ currency: 'EUR', locale: 'fr-FR' }).parse({ name: 'x', category: 'daily', amount: '2,25', difficultyLevel: 1 }).amount).toBe(225);
  });

  it('reads a US-style family’s amounts exactly as before: a comma is refused', () => {
    expect(messageOf(familyAmountSchema({ currency: 'USD', locale: 'en-US' }).safeParse('1,50'))).toBe(FORM_MESSAGES.amountFormat);
    expect(messageOf(familyAmountSchema({ currency: 'EUR', locale: 'en-IE' }).safeParse('1,50'))).toBe('Amount must be a euro amount with at most 2 decimals');
  });

  it('keeps the currency’s decimals whatever the separator', () => {
    const yen = familyAmountSchema({ currency: 'JPY', locale: 'ja-JP' });
    expect(yen.parse('500')).toBe(500);
    expect(messageOf(yen.safeParse('5.5'))).toBe('Amount must be a Japanese yen amount with no decimals');
    const dinar = familyAmountSchema({ currency: 'KWD', locale: 'fr-FR' });
    expect(dinar.parse('1,250')).toBe(1250);
    expect(dinar.parse('1.250')).toBe(1250);
  });
});
