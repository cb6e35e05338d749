import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, LEDGER_MESSAGES } from '../../../../shared/messages';
import { adjustmentBody, adjustmentFormSchema, payoutBody, payoutDefaults, payoutFormSchema, payoutRest } from './ledger-forms';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);

describe('the payout form', () => {
  it('starts at everything owed, and confirming it as it is sends no body (the spec’s Reset Earnings)', () => {
    const values = payoutDefaults('12.5');
    expect(values).toEqual({ amount: '12.50', method: '', note: '' });
    expect(payoutFormSchema(1250).safeParse(values).success).toBe(true);
    expect(payoutBody(values, 1250)).toBeUndefined();
  });

  it('lets a family with nothing owed reset as today ($0.00)', () => {
    const values = payoutDefaults('0.00');
    expect(payoutFormSchema(0).safeParse(values).success).toBe(true);
    expect(payoutBody(values, 0)).toBeUndefined();
  });

  it('sends a part amount, the method and a trimmed note', () => {
    expect(payoutBody({ amount: '5', method: 'cash', note: '  pocket money ' }, 1250)).toEqual({ amount: '5.00', method: 'cash', note: 'pocket money' });
    expect(payoutBody({ amount: '12.50', method: 'bank', note: '' }, 1250)).toEqual({ method: 'bank' });
    expect(payoutRest('5', 1250)).toEqual({ paid: '$5.00', rest: '$7.50' });
    expect(payoutRest('12.50', 1250)).toBeNull();
  });

  it('refuses more than is owed, nothing, and malformed amounts', () => {
    const schema = payoutFormSchema(1250);
    expect(firstError(schema.safeParse({ amount: '13', method: '', note: '' }))).toBe(LEDGER_MESSAGES.payoutTooMuch);
    expect(firstError(schema.safeParse({ amount: '0', method: '', note: '' }))).toBe(FORM_MESSAGES.amountPositive);
    expect(firstError(schema.safeParse({ amount: '', method: '', note: '' }))).toBe(FORM_MESSAGES.amountPositive);
    expect(firstError(schema.safeParse({ amount: '1.234', method: '', note: '' }))).toBe(FORM_MESSAGES.amountFormat);
    expect(firstError(schema.safeParse({ amount: '1', method: '', note: 'x'.repeat(201) }))).toBe(LEDGER_MESSAGES.noteTooLong);
  });
});

describe('the bonus or deduction form', () => {
  it('needs an amount and a reason', () => {
    expect(firstError(adjustmentFormSchema.safeParse({ kind: 'bonus', amount: '', reason: 'x' }))).toBe(FORM_MESSAGES.amountPositive);
    expect(firstError(adjustmentFormSchema.safeParse({ kind: 'deduction', amount: '1', reason: '   ' }))).toBe(LEDGER_MESSAGES.reasonRequired);
    expect(adjustmentFormSchema.safeParse({ kind: 'deduction', amount: '1', reason: 'Broke a glass' }).success).toBe(true);
  });
  it('sends the API’s 2-decimal amount and the trimmed reason', () => {
    expect(adjustmentBody({ kind: 'bonus', amount: '2', reason: ' Helped Grandma ' })).toEqual({ kind: 'bonus', amount: '2.00', reason: 'Helped Grandma' });
  });
});
