/**
 * zod schemas shared by the Lambdas (request bodies) and the forms (browser). Messages are the
 * spec's; the first issue's message is what the API answers in `{ "message": ... }`.
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, VALIDATION } from './messages';
import { isValidTimeZone } from './time';

/** A string that must be non-empty once trimmed; the value keeps no surrounding spaces. */
const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** A password: checked for emptiness after trimming but never altered. */
const requiredPassword = (message: string) =>
  z
    .string({ error: message })
    .refine((s) => s.trim().length > 0, { error: message })
    .refine((s) => s.length <= 200, { error: 'Must be at most 200 characters' });

export const parentLoginSchema = z.object({
  email: requiredText(VALIDATION.parentLoginMissing.description, 254),
  password: requiredPassword(VALIDATION.parentLoginMissing.description),
});
export type ParentLoginInput = z.infer<typeof parentLoginSchema>;

export const childLoginSchema = z.object({
  username: requiredText(VALIDATION.childLoginMissing.description, 64),
  password: requiredPassword(VALIDATION.childLoginMissing.description),
});
export type ChildLoginInput = z.infer<typeof childLoginSchema>;

const optionalName = z
  .string()
  .trim()
  .max(100, { error: 'Must be at most 100 characters' })
  .optional()
  .transform((v) => v ?? '');

export const parentSignupSchema = z.object({
  email: requiredText(VALIDATION.signupMissing.description, 254).pipe(
    z.email({ error: VALIDATION.invalidEmail.description }),
  ),
  password: requiredPassword(VALIDATION.signupMissing.description).refine(
    (s) => s.length >= MIN_PASSWORD_LENGTH,
    { error: VALIDATION.passwordTooShort.description },
  ),
  firstName: requiredText(VALIDATION.signupMissing.description, 100),
  lastName: optionalName,
  /** IANA zone from the browser; the family's "today" and "this week" are computed in it. */
  timeZone: z
    .string()
    .optional()
    .transform((tz) => (tz && isValidTimeZone(tz) ? tz : 'UTC')),
});
export type ParentSignupInput = z.input<typeof parentSignupSchema>;

/** The signup form adds the confirmation, which never leaves the browser. */
export const parentSignupFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.password || !v.firstName.trim()) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.signupMissing.description, path: missingPath(v) });
      return;
    }
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.passwordMismatch.description, path: ['confirmPassword'] });
      return;
    }
    if (v.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.passwordTooShort.description, path: ['password'] });
    }
  });
export type ParentSignupForm = z.infer<typeof parentSignupFormSchema>;

function missingPath(v: { email: string; password: string; firstName: string }): string[] {
  if (!v.firstName.trim()) return ['firstName'];
  if (!v.email.trim()) return ['email'];
  return ['password'];
}

/** Returns the first issue's message, the one the API answers and the form's toast shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
