/**
 * zod schemas shared by the Lambdas (request bodies) and the forms (browser). Messages are the
 * spec's; the first issue's message is what the API answers in `{ "message": ... }`.
 */
import * as z from 'zod';
import { API_ERRORS, FORM_MESSAGES, APPROVAL_MESSAGES, LEDGER_MESSAGES, MIN_PASSWORD_LENGTH, VALIDATION } from './messages';
import { MAX_AMOUNT_CENTS, parseCents } from './money';
import { planningChoreFields, refineChorePlanning } from './planning-schemas';
import { categorySchema, idSchema as id, isoDateSchema, sundaySchema, weekdaySchema } from './schema-primitives';
import { isIsoDate, isValidTimeZone, WEEKDAYS, weekdayOf } from './time';

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
// Family API (children, chores, assignments)
// ---------------------------------------------------------------------------------------------

export { categorySchema, isoDateSchema, MAX_ID_LENGTH, sundaySchema, weekdaySchema } from './schema-primitives';
// Issue 21: how often, who does it, availability, pause, preview and generate (shared/planning-schemas.ts).
export * from './planning-schemas';

/**
 * "2.5", "2.50" or 2.5 → cents; the API answers with the same value as a 2-decimal string. A JSON
 * number is read through its shortest decimal text, so 1.005 (three decimals) is refused rather
 * than silently rounded, and 1e-7 or 1e21 are not amounts at all.
 */
export const amountCentsSchema = z
  .union([z.string(), z.number()], { error: FORM_MESSAGES.amountPositive })
  .transform((v, ctx) => {
    const cents = parseCents(typeof v === 'number' ? String(v) : v);
    if (cents === null) {
      const negative = typeof v === 'number' ? v < 0 : v.trim().startsWith('-');
      ctx.addIssue({ code: 'custom', message: negative ? FORM_MESSAGES.amountPositive : FORM_MESSAGES.amountFormat });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.amountPositive });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });

export const choreInputSchema = z.object({
  name: requiredText(FORM_MESSAGES.choreNameRequired, 100),
  description: z
    .string()
    .trim()
    .max(500, { error: 'Description must be at most 500 characters' })
    .nullish()
    .transform((v) => v || undefined),
  // The form starts on daily (spec section 4); the API takes only an explicit category.
  category: categorySchema,
  amount: amountCentsSchema,
  // An integer 1–5, as a number or a numeric string; never true, [4] or "" coerced into one.
  difficultyLevel: z
    .union([z.number(), z.string()], { error: FORM_MESSAGES.difficultyRequired })
    .transform((v, ctx) => {
      const n = plainInteger(v);
      if (n === null || n < 1 || n > 5) {
        ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.difficultyRequired });
        return z.NEVER;
      }
      return n;
    }),
  daysOfWeek: z.array(weekdaySchema).max(7).optional(),
  /** A child's tick waits for a parent's OK before it counts (issue 19); absent: the family's default on create, unchanged on update. */
  needsApproval: z.boolean({ error: 'needsApproval must be true or false' }).optional(),
  /** Issue 21: how often and who does it; absent: unchanged on update (the category's default on create), null: back to the default. */
  ...planningChoreFields,
}).superRefine(refineChorePlanning);
export type ChoreInput = z.output<typeof choreInputSchema>;

/**
 * A whole number as a JSON number or as the plain digits a form's input holds ("9", " 9 ").
 * Anything else (hex "0x10", "1e1", "3abc", "-2", 2.5) is not read as a number: null.
 */
export function plainInteger(v: number | string): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  const text = v.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** An optional integer in [min, max]; blank (or null) is `blank`. */
const boundedInt = <B extends number | undefined>(min: number, max: number, message: string, blank: B) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx): number | B => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return blank;
      const n = plainInteger(v);
      if (n === null || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const optionalInt = (min: number, max: number, message: string) => boundedInt(min, max, message, undefined);

export const childInputSchema = z.object({
  displayName: requiredText(FORM_MESSAGES.nameRequired, 60),
  age: optionalInt(1, 18, FORM_MESSAGES.ageRange),
  profileImageUrl: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim();
      if (!s) return undefined;
      let url: URL | undefined;
      try {
        url = new URL(s);
      } catch {
        url = undefined;
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || s.length > 2000) {
        ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.imageUrl });
        return z.NEVER;
      }
      return s;
    }),
  maxDifficultyLevel: optionalInt(1, 5, FORM_MESSAGES.maxDifficultyRange),
});
export type ChildInput = z.output<typeof childInputSchema>;

// Spec section 5: "parsed as integer, 0 when blank".
const count = boundedInt(0, 10, FORM_MESSAGES.countRange, 0);

export const choreSettingsSchema = z.object({
  dailyChoresCount: count,
  weeklyChoresCount: count,
  continuousChoresCount: count,
});
export type ChoreSettingsInput = z.output<typeof choreSettingsSchema>;

export const credentialsSchema = z.object({
  username: requiredText(VALIDATION.credentialsMissing.description, 64).pipe(
    z.string().regex(/^[\p{L}\p{N}._-]{1,32}$/u, { error: FORM_MESSAGES.usernameFormat }),
  ),
  password: requiredPassword(VALIDATION.credentialsMissing.description),
});
export type CredentialsInput = z.output<typeof credentialsSchema>;

export const assignmentInputSchema = z
  .object({
    childId: id(FORM_MESSAGES.childNotFound),
    choreId: id(FORM_MESSAGES.choreNotFound),
    weekStart: sundaySchema,
    assignedDate: isoDateSchema,
    dayOfWeek: weekdaySchema,
  })
  .superRefine((v, ctx) => {
    // zod runs this even when a field failed; only compare two real dates.
    if (!isIsoDate(v.assignedDate) || !isIsoDate(v.weekStart)) return;
    const offset = (Date.parse(v.assignedDate) - Date.parse(v.weekStart)) / 86_400_000;
    if (offset < 0 || offset > 6 || weekdayOf(v.assignedDate) !== v.dayOfWeek) {
      ctx.addIssue({ code: 'custom', message: 'assignedDate must fall in that week on dayOfWeek', path: ['assignedDate'] });
    }
  });
export type AssignmentInput = z.output<typeof assignmentInputSchema>;

export const continuousInputSchema = z.object({
  childId: id(FORM_MESSAGES.childNotFound),
  choreId: id(FORM_MESSAGES.choreNotFound),
  daysOfWeek: z
    .array(weekdaySchema)
    .max(7)
    .default([])
    .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
});
export type ContinuousInput = z.output<typeof continuousInputSchema>;

/** A parent's tick or untick; `date` picks the day of an ongoing chore (this week, not after today; today when absent). */
export const completeSchema = z.object({ completed: z.boolean({ error: 'completed must be true or false' }), date: isoDateSchema.optional() });

/** Approving a waiting tick; `date` picks the day of an ongoing chore (today when absent). */
export const approveSchema = z
  .object({ date: isoDateSchema.optional() })
  .optional()
  .transform((v) => v ?? {});

/** Sending a waiting tick back to do, with a note the child sees. */
export const sendBackSchema = z
  .object({
    date: isoDateSchema.optional(),
    note: z
      .string({ error: APPROVAL_MESSAGES.noteTooLong })
      .transform((s) => s.trim())
      .pipe(z.string().max(200, { error: APPROVAL_MESSAGES.noteTooLong }))
      .optional(),
  })
  .optional()
  .transform((v) => v ?? {});

/** PUT /api/family/approvals */
export const approvalDefaultSchema = z.object({ approvalByDefault: z.boolean({ error: APPROVAL_MESSAGES.approvalDefaultInvalid }) });

// ---------------------------------------------------------------------------------------------
// The money ledger (issue 19): payouts, bonuses and deductions, reversals
// ---------------------------------------------------------------------------------------------

const ledgerText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: message }).max(max, { error: `Please keep it to ${max} characters` }));

/** Reset Earnings (spec) with an optional dialog: an amount (all that is owed when absent), how it was paid, a note. */
export const payoutSchema = z
  .object({
    amount: amountCentsSchema.optional(),
    method: z.enum(['cash', 'bank', 'other'], { error: LEDGER_MESSAGES.methodInvalid }).optional(),
    note: z
      .string({ error: LEDGER_MESSAGES.noteTooLong })
      .transform((s) => s.trim())
      .pipe(z.string().max(200, { error: LEDGER_MESSAGES.noteTooLong }))
      .optional(),
  })
  .optional()
  .transform((v) => v ?? {});
export type PayoutInput = z.input<typeof payoutSchema>;

/** A bonus or a deduction with its reason. */
export const adjustmentSchema = z.object({
  kind: z.enum(['bonus', 'deduction'], { error: LEDGER_MESSAGES.kindInvalid }),
  amount: amountCentsSchema,
  reason: ledgerText(LEDGER_MESSAGES.reasonRequired),
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;

/** Reversing a bonus or deduction: why (optional). */
export const reversalSchema = z
  .object({ reason: z.string({ error: LEDGER_MESSAGES.noteTooLong }).transform((s) => s.trim()).pipe(z.string().max(200, { error: LEDGER_MESSAGES.noteTooLong })).optional() })
  .optional()
  .transform((v) => v ?? {});
export const childCompleteSchema = z.object({
  assignmentId: id(FORM_MESSAGES.assignmentNotFound),
  completed: z.boolean({ error: 'completed must be true or false' }),
});

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
