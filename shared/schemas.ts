/**
 * zod schemas shared by the Lambdas (request bodies) and the forms (browser). Messages are the
 * spec's; the first issue's message is what the API answers in `{ "message": ... }`. This file holds
 * the family API's; it re-exports the sign-in and account schemas (shared/account-schemas.ts) and
 * the planner's (shared/planning-schemas.ts), so a Lambda imports every schema from here, while a
 * sign-in page imports shared/account-schemas.ts alone and loads none of the chore schemas.
 */
import * as z from 'zod';
import { FORM_MESSAGES, APPROVAL_MESSAGES, LEDGER_MESSAGES, VALIDATION } from './messages';
import { amountMinorSchema, familyAmountSchema } from './amount-schema';
import { DEFAULT_MONEY, type MoneyFormat } from './money';
import { planningChoreFields, refineChorePlanning } from './planning-schemas';
import { categorySchema, idSchema as id, isoDateSchema, requiredPassword, requiredText, sundaySchema, weekdaySchema } from './schema-primitives';
import { isIsoDate, WEEKDAYS, weekdayOf } from './time';

// Signing in and the account area (shared/account-schemas.ts: what the sign-in pages load).
export * from './account-schemas';

// ---------------------------------------------------------------------------------------------
// Family API (children, chores, assignments)
// ---------------------------------------------------------------------------------------------

export { categorySchema, isoDateSchema, MAX_ID_LENGTH, sundaySchema, weekdaySchema } from './schema-primitives';
// Issue 21: how often, who does it, availability, pause, preview and generate (shared/planning-schemas.ts).
export * from './planning-schemas';

/**
 * "2.5", "2.50" or 2.5 → cents of a two-decimal currency (US dollars); the API answers with the
 * same value as a 2-decimal string. A JSON number is read through its shortest decimal text, so 1.005
 * (three decimals) is refused rather than silently rounded, and 1e-7 or 1e21 are not amounts at all.
 * A family's requests are read in its own currency: `amountMinorSchema(currency)` (issue 22).
 */
export const amountCentsSchema = amountMinorSchema(DEFAULT_MONEY.currency);

export { familyAmountSchema } from './amount-schema';

/** A chore as created or updated, its amount in the family's currency (issue 22: JPY "500", KWD "1.250"). */
export const choreInputSchemaFor = (money: MoneyFormat) =>
  z.object({
    name: requiredText(FORM_MESSAGES.choreNameRequired, 100),
    description: z
      .string()
      .trim()
      .max(500, { error: 'Description must be at most 500 characters' })
      .nullish()
      .transform((v) => v || undefined),
    // The form starts on daily (spec section 4); the API takes only an explicit category.
    category: categorySchema,
    amount: familyAmountSchema(money),
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
/** The chore input of a US-dollar family (and any two-decimal one: the same rules and messages). */
export const choreInputSchema = choreInputSchemaFor(DEFAULT_MONEY);
export type ChoreInput = z.output<ReturnType<typeof choreInputSchemaFor>>;

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

/** Reset Earnings (spec) with an optional dialog: an amount (all that is owed when absent, in the family's currency), how it was paid, a note. */
export const payoutSchemaFor = (money: MoneyFormat) =>
  z
    .object({
      amount: familyAmountSchema(money).optional(),
      method: z.enum(['cash', 'bank', 'other'], { error: LEDGER_MESSAGES.methodInvalid }).optional(),
      note: z
        .string({ error: LEDGER_MESSAGES.noteTooLong })
        .transform((s) => s.trim())
        .pipe(z.string().max(200, { error: LEDGER_MESSAGES.noteTooLong }))
        .optional(),
    })
    .optional()
    .transform((v) => v ?? {});
export const payoutSchema = payoutSchemaFor(DEFAULT_MONEY);
export type PayoutInput = z.input<typeof payoutSchema>;

/** A bonus or a deduction with its reason, its amount in the family's currency. */
export const adjustmentSchemaFor = (money: MoneyFormat) =>
  z.object({
    kind: z.enum(['bonus', 'deduction'], { error: LEDGER_MESSAGES.kindInvalid }),
    amount: familyAmountSchema(money),
    reason: ledgerText(LEDGER_MESSAGES.reasonRequired),
  });
export const adjustmentSchema = adjustmentSchemaFor(DEFAULT_MONEY);
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
