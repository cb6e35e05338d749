/**
 * The children page's money forms (issue 19) as plain data: Reset Earnings' payout (all that is owed
 * by default, or part of it, how it was paid and a note) and a bonus or deduction with its reason.
 * The schemas use the API's own rules and messages (shared/schemas.ts) over the text the inputs hold.
 */
import * as z from 'zod';
import { FORM_MESSAGES, LEDGER_MESSAGES } from '../../../../shared/messages';
import { formatCents, formatDollars, parseCents } from '../../../../shared/money';
import { amountCentsSchema } from '../../../../shared/schemas';
import type { PayoutBody, PayoutMethod } from '../../api/family';

export const PAYOUT_METHOD_OPTIONS: readonly { value: PayoutMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank', label: 'Bank transfer' },
  { value: 'other', label: 'Other' },
];

export const NOTE_MAX = 200;

/** A positive amount typed in an input, with the API's messages; the cents when it is one. */
function checkAmount(value: string, ctx: z.RefinementCtx): number | undefined {
  if (!value.trim()) {
    ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.amountPositive });
    return undefined;
  }
  const parsed = amountCentsSchema.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? FORM_MESSAGES.amountPositive });
    return undefined;
  }
  return parsed.data;
}

const noteField = z.string().trim().max(NOTE_MAX, { error: LEDGER_MESSAGES.noteTooLong });

export interface PayoutFormValues {
  amount: string;
  method: PayoutMethod | '';
  note: string;
}

/** The payout form starts at everything owed, with no method and no note: confirming it is the spec's Reset Earnings. */
export const payoutDefaults = (owed: string): PayoutFormValues => ({ amount: formatCents(parseCents(owed) ?? 0), method: '', note: '' });

/** What is owed (in cents) decides what may be paid: all of it (even $0.00, the spec's reset), or a part between $0.01 and it. */
export function payoutFormSchema(owedCents: number) {
  return z.object({
    amount: z.string().superRefine((value, ctx) => {
      if (parseCents(value) === owedCents) return;
      const cents = checkAmount(value, ctx);
      if (cents !== undefined && cents > owedCents) ctx.addIssue({ code: 'custom', message: LEDGER_MESSAGES.payoutTooMuch });
    }),
    method: z.enum(['cash', 'bank', 'other', '']),
    note: noteField,
  });
}

/**
 * The request body: nothing when the form is as it opened (exactly today's Reset Earnings, which pays
 * what is owed when the server reads it), else the amount only when it is a part, and the method and
 * note when given.
 */
export function payoutBody(values: PayoutFormValues, owedCents: number): PayoutBody | undefined {
  const cents = parseCents(values.amount);
  const body: PayoutBody = {
    ...(cents !== null && cents !== owedCents ? { amount: formatCents(cents) } : {}),
    ...(values.method ? { method: values.method } : {}),
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
  };
  return Object.keys(body).length > 0 ? body : undefined;
}

/** A part payout (what stays owed is said in the dialog and the toast); null when everything is paid or the amount is not one. */
export function payoutRest(amount: string, owedCents: number): { paid: string; rest: string } | null {
  const cents = parseCents(amount);
  if (cents === null || cents === owedCents || cents <= 0 || cents > owedCents) return null;
  return { paid: formatDollars(cents), rest: formatDollars(owedCents - cents) };
}

export type AdjustmentKind = 'bonus' | 'deduction';

export interface AdjustmentFormValues {
  kind: AdjustmentKind;
  amount: string;
  reason: string;
}

export const adjustmentDefaults: AdjustmentFormValues = { kind: 'bonus', amount: '', reason: '' };

export const adjustmentFormSchema = z.object({
  kind: z.enum(['bonus', 'deduction'], { error: LEDGER_MESSAGES.kindInvalid }),
  amount: z.string().superRefine((value, ctx) => void checkAmount(value, ctx)),
  reason: z.string().trim().min(1, { error: LEDGER_MESSAGES.reasonRequired }).max(NOTE_MAX, { error: `Please keep it to ${NOTE_MAX} characters` }),
});

/** The API's body for a valid form. */
export const adjustmentBody = (values: AdjustmentFormValues) => ({ kind: values.kind, amount: formatCents(parseCents(values.amount) ?? 0), reason: values.reason.trim() });
