import { signupMoney } from './currency-regions';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './messages';
import { DATE_RANGE } from './time';
import {
  amountCentsSchema,
  childInputSchema,
  childLoginSchema,
  choreInputSchema,
  choreSettingsSchema,
  firstMessage,
  isoDateSchema,
  parentLoginSchema,
  parentSignupFormSchema,
  parentSignupSchema,
} from './schemas';

const messageOf = (result: { success: boolean; error?: any }) => (result.success ? null : firstMessage(result.error));

describe('auth schemas', () => {
  it('parent login needs both fields non-empty after trimming', () => {
    expect(messageOf(parentLoginSchema.safeParse({ email: ' ', password: 'x' }))).toBe('Please enter both email and password');
    expect(messageOf(parentLoginSchema.safeParse({ email: 'a@b.co', password: '  ' }))).toBe('Please enter both email and password');
    expect(parentLoginSchema.parse({ email: ' a@b.co ', password: ' pw ' })).toEqual({ email: 'a@b.co', password: ' pw ' });
  });

  it('child login needs both fields', () => {
    expect(messageOf(childLoginSchema.safeParse({ username: 'kid' }))).toBe('Please enter both username and password');
  });

  it('signup trims names and email, and checks required fields before length', () => {
    expect(parentSignupSchema.parse({ email: ' A@B.co ', password: 'secret', firstName: ' Al ', lastName: ' Bo ', timeZone: 'Asia/Tokyo' })).toEqual({
      email: 'A@B.co',
      password: 'secret',
      firstName: 'Al',
      lastName: 'Bo',
      timeZone: 'Asia/Tokyo',
    });
    // Issue 22: the family's money from the browser's locale; what is not valid falls back silently, like the time zone.
    const signup = { email: 'a@b.co', password: 'secret', firstName: 'A' };
    const money = (body: Record<string, unknown>) => {
      const { locale, currency } = parentSignupSchema.parse({ ...signup, ...body });
      return signupMoney(locale, currency);
    };
    expect(money({ locale: 'de-DE' })).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(money({ locale: 'de-DE', currency: 'chf' })).toEqual({ currency: 'CHF', locale: 'de-DE' });
    expect(money({ locale: 'ja-JP', currency: 'XAU' })).toEqual({ currency: 'JPY', locale: 'ja-JP' });
    expect(money({ locale: 'not a locale', currency: 12 })).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(money({ locale: { x: 1 }, currency: 'GBP' })).toEqual({ currency: 'GBP', locale: 'en-US' });
    expect(money({})).toEqual({ currency: 'USD', locale: 'en-US' });
    expect(messageOf(parentSignupSchema.safeParse({ email: 'a@b.co', password: '', firstName: 'A' }))).toBe('Please fill in all required fields.');
    expect(messageOf(parentSignupSchema.safeParse({ email: 'a@b.co', password: '12345', firstName: 'A' }))).toBe('Password must be at least 6 characters long');
  });

  it('signup form reports missing fields, then mismatch, then short passwords', () => {
    const base = { firstName: 'A', lastName: '', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' };
    expect(messageOf(parentSignupFormSchema.safeParse({ ...base, firstName: ' ' }))).toBe('Please fill in all required fields.');
    expect(messageOf(parentSignupFormSchema.safeParse({ ...base, confirmPassword: 'other' }))).toBe('Passwords do not match. Please try again.');
    expect(messageOf(parentSignupFormSchema.safeParse({ ...base, password: '123', confirmPassword: '123' }))).toBe('Password must be at least 6 characters long');
    expect(parentSignupFormSchema.safeParse(base).success).toBe(true);
  });
});

describe('numbers are read strictly (issue 10)', () => {
  it('takes plain integers and the digit strings forms send', () => {
    expect(childInputSchema.parse({ displayName: 'A', age: ' 9 ', maxDifficultyLevel: 3 })).toMatchObject({ age: 9, maxDifficultyLevel: 3 });
    expect(choreSettingsSchema.parse({ dailyChoresCount: '4', weeklyChoresCount: '', continuousChoresCount: 10 })).toEqual({ dailyChoresCount: 4, weeklyChoresCount: 0, continuousChoresCount: 10 });
    expect(choreInputSchema.parse({ name: 'x', category: 'daily', amount: '2.50', difficultyLevel: '3' })).toMatchObject({ amount: 250, difficultyLevel: 3 });
  });

  it.each(['0x10', '1e1', '16abc', '+16', '-1', '16.0', '١٦', 'Infinity'])('refuses age %j with the field message', (age) => {
    expect(messageOf(childInputSchema.safeParse({ displayName: 'A', age }))).toBe(FORM_MESSAGES.ageRange);
  });

  it.each(['0x3', '3abc', '3.5', ' 3e0 ', 3.5])('refuses maxDifficultyLevel, counts and difficulty %j', (v) => {
    expect(messageOf(childInputSchema.safeParse({ displayName: 'A', maxDifficultyLevel: v }))).toBe(FORM_MESSAGES.maxDifficultyRange);
    expect(messageOf(choreSettingsSchema.safeParse({ dailyChoresCount: v }))).toBe(FORM_MESSAGES.countRange);
    expect(messageOf(choreInputSchema.safeParse({ name: 'x', category: 'daily', amount: '1', difficultyLevel: v }))).toBe(FORM_MESSAGES.difficultyRequired);
  });

  it('takes amounts with at most two decimals, as text or JSON number, and never rounds', () => {
    expect(amountCentsSchema.parse(2.5)).toBe(250);
    expect(amountCentsSchema.parse(0.1)).toBe(10);
    expect(amountCentsSchema.parse('3')).toBe(300);
    for (const bad of [1.005, 2.675, 1e-7, 1e21, '1.005', '0x10', '1e2', '1,50']) {
      expect(messageOf(amountCentsSchema.safeParse(bad)), String(bad)).toBe(FORM_MESSAGES.amountFormat);
    }
    expect(messageOf(amountCentsSchema.safeParse(-1))).toBe(FORM_MESSAGES.amountPositive);
  });
});

describe('dates (issue 8)', () => {
  it('refuses dates outside the supported range with their own message', () => {
    expect(isoDateSchema.parse(DATE_RANGE.min)).toBe(DATE_RANGE.min);
    expect(isoDateSchema.parse(DATE_RANGE.max)).toBe(DATE_RANGE.max);
    expect(messageOf(isoDateSchema.safeParse('9999-12-26'))).toBe(FORM_MESSAGES.dateOutOfRange);
    expect(messageOf(isoDateSchema.safeParse('1999-12-31'))).toBe(FORM_MESSAGES.dateOutOfRange);
    expect(messageOf(isoDateSchema.safeParse('2026-02-30'))).toBe(FORM_MESSAGES.invalidDate);
    expect(FORM_MESSAGES.dateOutOfRange).toBe(`Dates must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`);
  });
});
