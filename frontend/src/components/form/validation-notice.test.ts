import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../../shared/messages';
import { parentSignupFormSchema } from '../../../../shared/schemas';
import { firstErrorMessage, noticeForMessage } from './validation-notice';

const ORDER = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const signup = (over: Partial<Record<(typeof ORDER)[number], string>>) => ({
  firstName: 'Alex',
  lastName: '',
  email: 'alex@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  ...over,
});

/** The toast the signup form shows for a form state, the way the page derives it. */
function toastFor(values: ReturnType<typeof signup>) {
  const result = parentSignupFormSchema.safeParse(values);
  if (result.success) return null;
  const errors = Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), { message: i.message }]));
  return noticeForMessage(firstErrorMessage(errors, ORDER), VALIDATION.signupMissing);
}

describe('signup validation toasts', () => {
  it('asks for the required fields when one is empty', () => {
    expect(toastFor(signup({ firstName: '  ' }))).toEqual(VALIDATION.signupMissing);
    expect(toastFor(signup({ email: '' }))).toEqual(VALIDATION.signupMissing);
  });

  it('reports a mismatched confirmation before a short password', () => {
    expect(toastFor(signup({ password: 'abc', confirmPassword: 'abd' }))).toEqual(VALIDATION.passwordMismatch);
  });

  it('reports a password shorter than the minimum', () => {
    expect(toastFor(signup({ password: 'abc', confirmPassword: 'abc' }))).toEqual(VALIDATION.passwordTooShort);
  });

  it('shows nothing for a valid form', () => {
    expect(toastFor(signup({}))).toBeNull();
  });
});

describe('noticeForMessage', () => {
  it('falls back when the message is not one of the spec texts', () => {
    expect(noticeForMessage('Something else', VALIDATION.parentLoginMissing)).toEqual(VALIDATION.parentLoginMissing);
    expect(noticeForMessage(undefined, VALIDATION.parentLoginMissing)).toEqual(VALIDATION.parentLoginMissing);
  });
});
