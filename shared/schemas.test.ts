import { describe, expect, it } from 'vitest';
import { childLoginSchema, firstMessage, parentLoginSchema, parentSignupFormSchema, parentSignupSchema } from './schemas';

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
