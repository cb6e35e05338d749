/**
 * zod schemas of signing in and of the account area (issue 11, docs/account-api.md): the sign-in
 * pages load only these (not the family API's chore and planner schemas). shared/schemas.ts
 * re-exports them, so the Lambdas import every schema from one place.
 */
import * as z from 'zod';
import { API_ERRORS, MIN_PASSWORD_LENGTH, VALIDATION } from './messages';
import { requiredPassword, requiredText } from './schema-primitives';
import { isValidTimeZone } from './time';

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

export const optionalName = z
  .string()
  .trim()
  .max(100, { error: 'Must be at most 100 characters' })
  .optional()
  .transform((v) => v ?? '');

// Key order is check order (the first issue is the answer): a missing field is reported before a
// short password, as the spec's signup checks run.
export const parentSignupSchema = z.object({
  firstName: requiredText(VALIDATION.signupMissing.description, 100),
  email: requiredText(VALIDATION.signupMissing.description, 254).pipe(
    z.email({ error: VALIDATION.invalidEmail.description }),
  ),
  password: requiredPassword(VALIDATION.signupMissing.description).refine(
    (s) => s.length >= MIN_PASSWORD_LENGTH,
    { error: VALIDATION.passwordTooShort.description },
  ),
  lastName: optionalName,
  /** IANA zone from the browser; the family's "today" and "this week" are computed in it. */
  timeZone: z
    .string()
    .optional()
    .transform((tz) => (tz && isValidTimeZone(tz) ? tz : 'UTC')),
  /**
   * Issue 22: the browser's locale (navigator.language) and, when the form offers one, an ISO 4217
   * currency. Like the time zone, what is not valid falls back silently: the locale to en-US, the
   * currency to the one of the locale's region, so "de-DE" alone gives euros. The server applies
   * that (`signupMoney`, shared/currency-regions.ts), so the region table stays out of the sign-in
   * pages: the sign-up page sends the browser's locale only.
   */
  locale: z.unknown().optional(),
  currency: z.unknown().optional(),
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
    const missing = missingPaths(v);
    if (missing.length) {
      // Every empty required field is marked (issue 18), in the form's order; the first gets the focus.
      for (const path of missing) ctx.addIssue({ code: 'custom', message: VALIDATION.signupMissing.description, path: [path] });
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

function missingPaths(v: { email: string; password: string; firstName: string }): ('firstName' | 'email' | 'password')[] {
  return [!v.firstName.trim() && ('firstName' as const), !v.email.trim() && ('email' as const), !v.password && ('password' as const)].filter((p) => p !== false);
}

/** Returns the first issue's message, the one the API answers and the form's toast shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

// ---------------------------------------------------------------------------------------------
// Account area (issue 11, docs/account-api.md). Server schemas take what the API receives; the
// `*FormSchema`s add the confirmation fields that never leave the browser.
// ---------------------------------------------------------------------------------------------

/** The longest token a link carries (a family id, a dot and 43 base64url characters: 80). */
export const MAX_TOKEN_LENGTH = 120;

/** An e-mail link's token, sent in the JSON body (never in a URL); anything malformed is refused with `message`. */
const linkToken = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(MAX_TOKEN_LENGTH, { error: message });

const emailAddress = (missing: string) =>
  requiredText(missing, 254).pipe(z.email({ error: VALIDATION.invalidEmail.description }));

/** A new password: never trimmed or altered; the spec's 6-character rule. */
const newPassword = (missing: string) =>
  requiredPassword(missing).refine((s) => s.length >= MIN_PASSWORD_LENGTH, { error: VALIDATION.passwordTooShort.description });

const firstNameField = requiredText(VALIDATION.accountMissing.description, 100);

/** Form: a new password and its confirmation, checked in the spec's order (missing, mismatch, too short). */
const passwordPairForm = <T extends z.ZodRawShape>(extra: T, required: readonly string[] = []) =>
  z
    .object({ ...extra, password: z.string(), confirmPassword: z.string() })
    .superRefine((v, ctx) => {
      const values = v as Record<string, unknown> & { password: string; confirmPassword: string };
      const missing = [...required, 'password'].find((k) => !String(values[k] ?? '').trim());
      if (missing) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.accountMissing.description, path: [missing] });
        return;
      }
      if (values.password !== values.confirmPassword) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.passwordMismatch.description, path: ['confirmPassword'] });
        return;
      }
      if (values.password.length < MIN_PASSWORD_LENGTH) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.passwordTooShort.description, path: ['password'] });
      }
    });

/** POST /api/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailAddress(VALIDATION.emailMissing.description) });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password (the token comes from the page's URL fragment). */
export const resetPasswordSchema = z.object({
  token: linkToken(API_ERRORS.resetLinkInvalid),
  password: newPassword(VALIDATION.accountMissing.description),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
/** The reset page's form: new password and confirmation. */
export const resetPasswordFormSchema = passwordPairForm({});
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.object({ token: linkToken(API_ERRORS.verifyLinkInvalid) });
/** POST /api/auth/confirm-email-change */
export const confirmEmailChangeSchema = z.object({ token: linkToken(API_ERRORS.emailChangeLinkInvalid) });
export const cancelEmailChangeSchema = z.object({ token: linkToken(API_ERRORS.emailChangeCancelLinkInvalid) });
/** POST /api/auth/invitation (what the invitation page shows before accepting) */
export const invitationTokenSchema = z.object({ token: linkToken(API_ERRORS.invitationInvalid) });

/** POST /api/auth/accept-invitation: the invited address is the invitation's, not typed again. */
export const acceptInvitationSchema = z.object({
  token: linkToken(API_ERRORS.invitationInvalid),
  firstName: firstNameField,
  password: newPassword(VALIDATION.accountMissing.description),
  lastName: optionalName,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;
/** The accept page's form. */
export const acceptInvitationFormSchema = passwordPairForm({ firstName: z.string(), lastName: z.string() }, ['firstName']);
export type AcceptInvitationForm = z.infer<typeof acceptInvitationFormSchema>;

/** PUT /api/account/profile */
export const profileSchema = z.object({ firstName: firstNameField, lastName: optionalName });
export type ProfileInput = z.input<typeof profileSchema>;

/** PUT /api/account/password */
export const changePasswordSchema = z.object({
  currentPassword: requiredPassword(VALIDATION.currentPasswordMissing.description),
  newPassword: newPassword(VALIDATION.accountMissing.description),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
/** The settings form: current, new and confirmation. */
export const changePasswordFormSchema = passwordPairForm({ currentPassword: z.string() }, ['currentPassword']);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /api/account/email-change: the new address and the current password. */
export const emailChangeSchema = z.object({
  email: emailAddress(VALIDATION.emailMissing.description),
  password: requiredPassword(VALIDATION.passwordMissing.description),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** PUT /api/account/weekly-report */
export const weeklyReportSchema = z.object({ enabled: z.boolean({ error: API_ERRORS.weeklyReportInvalid }) });
export type WeeklyReportInput = z.infer<typeof weeklyReportSchema>;

/** PUT /api/family/time-zone: an IANA zone (the browser lists `Intl.supportedValuesOf('timeZone')`). */
export const timeZoneSchema = z.object({
  timeZone: z
    .string({ error: API_ERRORS.timeZoneInvalid })
    .trim()
    .refine(isValidTimeZone, { error: API_ERRORS.timeZoneInvalid }),
});
export type TimeZoneInput = z.infer<typeof timeZoneSchema>;

/** POST /api/family/invitations */
export const invitationSchema = z.object({ email: emailAddress(VALIDATION.emailMissing.description) });
export type InvitationInput = z.infer<typeof invitationSchema>;

/** DELETE /api/family: the creator's password, entered again in the confirmation dialog. */
export const deleteFamilySchema = z.object({ password: requiredPassword(VALIDATION.passwordMissing.description) });
export type DeleteFamilyInput = z.infer<typeof deleteFamilySchema>;
