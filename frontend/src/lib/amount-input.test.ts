import { describe, expect, it } from 'vitest';
import { amountFormatMessage, amountTooLargeMessage } from '../../../shared/amount-schema';
import { FORM_MESSAGES } from '../../../shared/messages';
import { amountInputText, apiAmount, checkTypedAmount } from './amount-input';

describe('typed amounts in the family’s currency', () => {
  it('keeps the spec’s rules for two-decimal currencies, the messages in the family’s currency, and takes a decimal comma', () => {
    for (const currency of ['USD', { currency: 'EUR', locale: 'de-DE' }, { currency: 'GBP', locale: 'en-GB' }]) {
      expect(checkTypedAmount('12,50', currency)).toEqual({ minor: 1250 });
      expect(checkTypedAmount(' 12.5 ', currency)).toEqual({ minor: 1250 });
      expect(checkTypedAmount('', currency)).toEqual({ message: FORM_MESSAGES.amountPositive });
      expect(checkTypedAmount('0', currency)).toEqual({ message: FORM_MESSAGES.amountPositive });
      expect(checkTypedAmount('-2', currency)).toEqual({ message: FORM_MESSAGES.amountPositive });
      expect(checkTypedAmount('1.234', currency)).toEqual({ message: amountFormatMessage(currency) });
      expect(checkTypedAmount('1,2,3', currency)).toEqual({ message: amountFormatMessage(currency) });
      expect(checkTypedAmount('10000.01', currency)).toEqual({ message: amountTooLargeMessage(currency) });
    }
    // Issue 29: a dollar family reads the spec's words; a euro family never "a dollar amount", and its limit its own way.
    expect(checkTypedAmount('1.234', 'USD')).toEqual({ message: FORM_MESSAGES.amountFormat });
    expect(checkTypedAmount('10000.01', 'USD')).toEqual({ message: FORM_MESSAGES.amountTooLarge });
    expect(checkTypedAmount('1,234', { currency: 'EUR', locale: 'de-DE' })).toEqual({ message: 'Amount must be a euro amount with at most 2 decimals' });
    expect(checkTypedAmount('10000,01', { currency: 'EUR', locale: 'de-DE' })).toEqual({ message: 'Amount must be at most 10.000,00 €' });
    expect(checkTypedAmount('1.234', { currency: 'GBP', locale: 'en-GB' })).toEqual({ message: 'Amount must be a British pound amount with at most 2 decimals' });
  });
  it('has no decimals for yen and three for dinars, each with its own message', () => {
    expect(checkTypedAmount('500', 'JPY')).toEqual({ minor: 500 });
    expect(checkTypedAmount('12,5', 'JPY')).toEqual({ message: amountFormatMessage('JPY') });
    expect(checkTypedAmount('1000001', 'JPY')).toEqual({ message: amountTooLargeMessage('JPY') });
    expect(checkTypedAmount('1,250', 'KWD')).toEqual({ minor: 1250 });
    expect(checkTypedAmount('1.2345', 'KWD')).toEqual({ message: amountFormatMessage('KWD') });
  });
  it('sends the API’s decimal string of the currency', () => {
    expect(apiAmount('12,5', 'EUR')).toBe('12.50');
    expect(apiAmount('2', 'USD')).toBe('2.00');
    expect(apiAmount('500', 'JPY')).toBe('500');
    expect(apiAmount('0,5', 'KWD')).toBe('0.500');
    expect(() => apiAmount('abc', 'USD')).toThrow();
  });
  it('shows an amount to edit with the locale’s decimal separator, without symbol or grouping', () => {
    expect(amountInputText(1250, { currency: 'USD', locale: 'en-US' })).toBe('12.50');
    expect(amountInputText(123450, { currency: 'EUR', locale: 'de-DE' })).toBe('1234,50');
    expect(amountInputText(500, { currency: 'JPY', locale: 'ja-JP' })).toBe('500');
    expect(amountInputText(1250, { currency: 'KWD', locale: 'en-KW' })).toBe('1.250');
    expect(amountInputText(1250, { currency: 'EUR', locale: 'fr-FR' })).toBe('12,50');
  });
});
