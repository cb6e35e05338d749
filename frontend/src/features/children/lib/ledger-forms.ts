/**
 * The children page's money forms (issue 19) as plain data: Reset Earnings' payout (all that is owed
 * by default, or part of it, how it was paid and a note) and a bonus or deduction with its reason.
 * The schemas use the API's own rules and messages (shared/amount-schema.ts) over the text the inputs
 * hold, in the family's currency (issue 22: "12,50" is an amount, a yen amount has no decimals).
 */
import * as z from 'zod';
import type { MoneyOrCurrency } from '../../../../../shared/amount-schema';
import { LEDGER_MESSAGES, PAYOUT_METHOD_WORDS } from '../../../../../shared/messages';
import { formatMoney, parseMinor, parseMoneyInput, type MoneyFormat } from '../../../../../shared/money';
import type { PayoutBody, PayoutMethod } from '../../../api/family';
import { amountInputText, apiAmount, checkTypedAmount } from '../../../lib/amount-input';

export const PAYOUT_METHOD_OPTIONS: readonly { value: PayoutMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank', label: 'Bank transfer' },
  { value: 'other', label: 'Other' },
];

export const NOTE_MAX = 200;

/** A positive amount typed in an input, with the API's messages; its minor units when it is one. */
function checkAmount(value: string, money: MoneyOrCurrency, ctx: z.RefinementCtx): number | undefined {
  const checked = checkTypedAmount(value, money);
  if ('message' in checked) {
    ctx.addIssue({ code: 'custom', message: checked.message });
    return undefined;
  }
  return checked.minor;
}

const noteField = z.string().trim().max(NOTE_MAX, { error: LEDGER_MESSAGES.noteTooLong });

export interface PayoutFormValues {
  amount: string;
  method: PayoutMethod | '';
  note: string;
}

/** The payout form starts at everything owed, with no method and no note: confirming it is the spec's Reset Earnings. */
export const payoutDefaults = (owed: string, money: MoneyFormat): PayoutFormValues => ({
  amount: amountInputText(parseMinor(owed, money.currency) ?? 0, money),
  method: '',
  note: '',
});

/** What is owed (in minor units) decides what may be paid: all of it (even $0.00, the spec's reset), or a part between $0.01 and it. */
export function payoutFormSchema(owedMinor: number, money: MoneyOrCurrency) {
  const currency = typeof money === 'string' ? money : money.currency;
  return z.object({
    amount: z.string().superRefine((value, ctx) => {
      if (parseMoneyInput(value, currency) === owedMinor) return;
      const minor = checkAmount(value, money, ctx);
      if (minor !== undefined && minor > owedMinor) ctx.addIssue({ code: 'custom', message: LEDGER_MESSAGES.payoutTooMuch });
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
export function payoutBody(values: PayoutFormValues, owedMinor: number, currency: string): PayoutBody | undefined {
  const minor = parseMoneyInput(values.amount, currency);
  const body: PayoutBody = {
    ...(minor !== null && minor !== owedMinor ? { amount: apiAmount(values.amount, currency) } : {}),
    ...(values.method ? { method: values.method } : {}),
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
  };
  return Object.keys(body).length > 0 ? body : undefined;
}

/** The spec's confirmation text for Reset Earnings (section 5), shown while everything owed is paid. */
export const RESET_CONFIRM_TEXT = 'This resets completed chores and earnings to zero and cannot be undone.';

/** "Paid Ava $1.00 (cash)": a payout as the toast and the activity log say it, in the family's money. */
export const paidSentence = (name: string, paidMinor: number, method: PayoutMethod | undefined, money: MoneyFormat): string =>
  `Paid ${name} ${formatMoney(paidMinor, money)}${method ? ` (${PAYOUT_METHOD_WORDS[method]})` : ''}`;

/** What the payout dialog says for the amount typed (issue 29: paying reads as paying). */
export interface PayoutTexts {
  title: string;
  /** Part of what is owed: only a payment (no reset, nothing that cannot be undone). */
  part: boolean;
  /** What is paid now and what stays owed. */
  status: string;
  /** The confirm button. */
  confirm: string;
}

/**
 * The dialog is "Pay Ava" and says what is paid now and what stays owed. Everything owed is the
 * spec's Reset Earnings (its confirmation text, and its name on the button); a part is "Pay $1.00".
 */
export function payoutTexts(name: string, amount: string, owedMinor: number, money: MoneyFormat): PayoutTexts {
  const title = `Pay ${name}`;
  const part = payoutRest(amount, owedMinor, money);
  if (part) return { title, part: true, status: `Pays ${part.paid} now. The rest, ${part.rest}, stays owed and this week’s ticks stay open.`, confirm: `Pay ${part.paid}` };
  const minor = parseMoneyInput(amount, money.currency);
  if (minor !== owedMinor) return { title, part: false, status: `Type how much you pay, up to ${formatMoney(owedMinor, money)}.`, confirm: 'Pay' };
  if (owedMinor === 0) return { title, part: false, status: `Nothing is owed. ${RESET_CONFIRM_TEXT}`, confirm: 'Reset Earnings' };
  const all = formatMoney(owedMinor, money);
  return { title, part: false, status: `Pays ${all} now; nothing stays owed. ${RESET_CONFIRM_TEXT}`, confirm: `Pay ${all} and Reset Earnings` };
}

/** A part payout (what stays owed is said in the dialog and the toast), in the family's money; null when everything is paid or the amount is not one. */
export function payoutRest(amount: string, owedMinor: number, money: MoneyFormat): { paid: string; rest: string } | null {
  const minor = parseMoneyInput(amount, money.currency);
  if (minor === null || minor === owedMinor || minor <= 0 || minor > owedMinor) return null;
  return { paid: formatMoney(minor, money), rest: formatMoney(owedMinor - minor, money) };
}

export type AdjustmentKind = 'bonus' | 'deduction';

export interface AdjustmentFormValues {
  kind: AdjustmentKind;
  amount: string;
  reason: string;
}

export const adjustmentDefaults: AdjustmentFormValues = { kind: 'bonus', amount: '', reason: '' };

export const adjustmentFormSchema = (money: MoneyOrCurrency) =>
  z.object({
    kind: z.enum(['bonus', 'deduction'], { error: LEDGER_MESSAGES.kindInvalid }),
    amount: z.string().superRefine((value, ctx) => void checkAmount(value, money, ctx)),
    reason: z.string().trim().min(1, { error: LEDGER_MESSAGES.reasonRequired }).max(NOTE_MAX, { error: `Please keep it to ${NOTE_MAX} characters` }),
  });

/** The API's body for a valid form: the amount as the API's decimal string of the currency. */
export const adjustmentBody = (values: AdjustmentFormValues, currency: string) => ({
  kind: values.kind,
  amount: apiAmount(values.amount, currency),
  reason: values.reason.trim(),
});
