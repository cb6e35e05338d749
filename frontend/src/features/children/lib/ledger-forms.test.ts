import { describe, expect, it } from 'vitest';
import { amountFormatMessage } from '../../../../../shared/amount-schema';
import { FORM_MESSAGES, LEDGER_MESSAGES } from '../../../../../shared/messages';
import { DEFAULT_MONEY as USD } from '../../../../../shared/money';
import { adjustmentBody, adjustmentFormSchema, paidSentence, payoutBody, payoutDefaults, payoutFormSchema, payoutRest, payoutTexts, RESET_CONFIRM_TEXT } from './ledger-forms';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);

describe('the payout form', () => {
  it('starts at everything owed, and confirming it as it is sends no body (the spec’s Reset Earnings)', () => {
    const values = payoutDefaults('12.5', USD);
    expect(values).toEqual({ amount: '12.50', method: '', note: '' });
    expect(payoutFormSchema(1250, 'USD').safeParse(values).success).toBe(true);
    expect(payoutBody(values, 1250, 'USD')).toBeUndefined();
  });

  it('lets a family with nothing owed reset as today ($0.00)', () => {
    const values = payoutDefaults('0.00', USD);
    expect(payoutFormSchema(0, 'USD').safeParse(values).success).toBe(true);
    expect(payoutBody(values, 0, 'USD')).toBeUndefined();
  });

  it('sends a part amount, the method and a trimmed note', () => {
    expect(payoutBody({ amount: '5', method: 'cash', note: '  pocket money ' }, 1250, 'USD')).toEqual({ amount: '5.00', method: 'cash', note: 'pocket money' });
    expect(payoutBody({ amount: '12.50', method: 'bank', note: '' }, 1250, 'USD')).toEqual({ method: 'bank' });
    expect(payoutRest('5', 1250, USD)).toEqual({ paid: '$5.00', rest: '$7.50' });
    expect(payoutRest('12.50', 1250, USD)).toBeNull();
  });

  it('refuses more than is owed, nothing, and malformed amounts', () => {
    const schema = payoutFormSchema(1250, 'USD');
    expect(firstError(schema.safeParse({ amount: '13', method: '', note: '' }))).toBe(LEDGER_MESSAGES.payoutTooMuch);
    expect(firstError(schema.safeParse({ amount: '0', method: '', note: '' }))).toBe(FORM_MESSAGES.amountPositive);
    expect(firstError(schema.safeParse({ amount: '', method: '', note: '' }))).toBe(FORM_MESSAGES.amountPositive);
    expect(firstError(schema.safeParse({ amount: '1.234', method: '', note: '' }))).toBe(FORM_MESSAGES.amountFormat);
    expect(firstError(schema.safeParse({ amount: '1', method: '', note: 'x'.repeat(201) }))).toBe(LEDGER_MESSAGES.noteTooLong);
  });
});

describe('the bonus or deduction form', () => {
  it('needs an amount and a reason', () => {
    expect(firstError(adjustmentFormSchema('USD').safeParse({ kind: 'bonus', amount: '', reason: 'x' }))).toBe(FORM_MESSAGES.amountPositive);
    expect(firstError(adjustmentFormSchema('USD').safeParse({ kind: 'deduction', amount: '1', reason: '   ' }))).toBe(LEDGER_MESSAGES.reasonRequired);
    expect(adjustmentFormSchema('USD').safeParse({ kind: 'deduction', amount: '1', reason: 'Broke a glass' }).success).toBe(true);
  });
  it('sends the API’s 2-decimal amount and the trimmed reason', () => {
    expect(adjustmentBody({ kind: 'bonus', amount: '2', reason: ' Helped Grandma ' }, 'USD')).toEqual({ kind: 'bonus', amount: '2.00', reason: 'Helped Grandma' });
  });
});

describe('paying reads as paying (issue 29)', () => {
  const USD = { currency: 'USD', locale: 'en-US' };
  it('titles the dialog "Pay <name>" and says what is paid now and what stays owed; only everything owed is the spec’s reset', () => {
    expect(payoutTexts('Ava', '1', 500, USD)).toEqual({ title: 'Pay Ava', part: true, status: 'Pays $1.00 now. The rest, $4.00, stays owed and this week’s ticks stay open.', confirm: 'Pay $1.00' });
    expect(payoutTexts('Ava', '5.00', 500, USD)).toEqual({ title: 'Pay Ava', part: false, status: `Pays $5.00 now; nothing stays owed. ${RESET_CONFIRM_TEXT}`, confirm: 'Pay $5.00 and Reset Earnings' });
    expect(payoutTexts('Ava', '0.00', 0, USD)).toMatchObject({ part: false, status: `Nothing is owed. ${RESET_CONFIRM_TEXT}`, confirm: 'Reset Earnings' });
    expect(payoutTexts('Ava', '6', 500, USD)).toMatchObject({ part: false, confirm: 'Pay', status: 'Type how much you pay, up to $5.00.' });
    for (const amount of ['1', '4.99']) expect(JSON.stringify(payoutTexts('Ava', amount, 500, USD))).not.toMatch(/reset|cannot be undone/i);
    expect(payoutTexts('Ava', '5,5', 1250, { currency: 'EUR', locale: 'de-DE' }).status).toBe('Pays 5,50 € now. The rest, 7,00 €, stays owed and this week’s ticks stay open.');
  });
  it('says a payout as "Paid Ava $1.00 (cash)", in the family’s money', () => {
    expect(paidSentence('Ava', 100, 'cash', USD)).toBe('Paid Ava $1.00 (cash)');
    expect(paidSentence('Ava', 100, 'bank', USD)).toBe('Paid Ava $1.00 (bank transfer)');
    expect(paidSentence('Ava', 100, undefined, USD)).toBe('Paid Ava $1.00');
    expect(paidSentence('Ava', 100, 'cash', { currency: 'EUR', locale: 'de-DE' })).toBe('Paid Ava 1,00 € (cash)');
  });
});

describe('in the family’s currency (issue 22)', () => {
  const EUR = { currency: 'EUR', locale: 'de-DE' };
  const JPY = { currency: 'JPY', locale: 'ja-JP' };
  it('takes a decimal comma, shows the owed amount the locale’s way and says the rest in euros', () => {
    expect(payoutDefaults('12.50', EUR).amount).toBe('12,50');
    expect(payoutFormSchema(1250, 'EUR').safeParse({ amount: '12,50', method: '', note: '' }).success).toBe(true);
    expect(payoutBody({ amount: '12,50', method: '', note: '' }, 1250, 'EUR')).toBeUndefined();
    expect(payoutBody({ amount: '5,5', method: '', note: '' }, 1250, 'EUR')).toEqual({ amount: '5.50' });
    expect(payoutRest('5,5', 1250, EUR)).toEqual({ paid: '5,50 €', rest: '7,00 €' });
    expect(adjustmentBody({ kind: 'bonus', amount: '2,25', reason: 'Hilfe' }, 'EUR')).toEqual({ kind: 'bonus', amount: '2.25', reason: 'Hilfe' });
    // Issue 29: the spec's sentences in euros, the limit the family's way.
    expect(firstError(adjustmentFormSchema(EUR).safeParse({ kind: 'bonus', amount: '1,234', reason: 'x' }))).toBe('Amount must be a euro amount with at most 2 decimals');
    expect(firstError(adjustmentFormSchema(EUR).safeParse({ kind: 'bonus', amount: '10000,01', reason: 'x' }))).toBe('Amount must be at most 10.000,00 €');
    expect(firstError(payoutFormSchema(1250, EUR).safeParse({ amount: '1,234', method: '', note: '' }))).toBe('Amount must be a euro amount with at most 2 decimals');
  });
  it('has no decimals for yen, with its own message', () => {
    expect(payoutDefaults('500', JPY).amount).toBe('500');
    expect(payoutRest('200', 500, JPY)).toEqual({ paid: '￥200', rest: '￥300' });
    expect(adjustmentBody({ kind: 'deduction', amount: '300', reason: 'x' }, 'JPY')).toEqual({ kind: 'deduction', amount: '300', reason: 'x' });
    expect(firstError(adjustmentFormSchema('JPY').safeParse({ kind: 'bonus', amount: '2.50', reason: 'x' }))).toBe(amountFormatMessage('JPY'));
    expect(firstError(payoutFormSchema(500, 'JPY').safeParse({ amount: '600', method: '', note: '' }))).toBe(LEDGER_MESSAGES.payoutTooMuch);
  });
  it('takes three decimals for dinars', () => {
    expect(payoutDefaults('1.250', { currency: 'KWD', locale: 'en-KW' }).amount).toBe('1.250');
    expect(adjustmentBody({ kind: 'bonus', amount: '0,5', reason: 'x' }, 'KWD').amount).toBe('0.500');
  });
});
