/**
 * The savings forms' rules (the goal form and a jar withdrawal): zod schemas over the text the
 * inputs hold, the forms' defaults and their request bodies. Apart from ./goals.ts, so that what
 * shows goals (the child's goal card on the dashboard) does not bring zod and the shared schemas
 * with it (issue 31): only the dialogs import this.
 */
import * as z from 'zod';
import { GOAL_ICONS, type GoalDto, type GoalIcon, type GoalInputDto } from '../../../../../shared/api-types';
import { parseMinor, type MoneyFormat } from '../../../../../shared/money';
import { goalInputSchema, jarWithdrawalSchema, SAVINGS_MESSAGES } from '../../../../../shared/savings-schemas';
import { amountInputText, apiAmount, parseTypedAmount } from '../../../lib/amount-input';
import type { Money } from '../../../lib/use-money';

// ---- The goal form ------------------------------------------------------------------------------

export interface GoalFormValues {
  name: string;
  /** As typed, in the family's style ("12,50" or "12.50"). */
  target: string;
  icon: GoalIcon | '';
  /** Parents only; as typed, '' for none. */
  topUpPercent: string;
}

/** Checks a typed amount with the API's amount rules (shared/amount-schema.ts), reading "," as the decimal separator (lib/amount-input.ts). */
function checkTyped(rules: z.ZodType<number, unknown>, text: string, ctx: z.RefinementCtx): number | undefined {
  const parsed = parseTypedAmount(text, rules);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return undefined;
}

/**
 * The goal form's schema: the shared goal rules (shared/savings-schemas.ts goalInputSchema) over
 * the text the inputs hold; the values stay as typed (goalBody makes the request).
 */
export function goalFormSchema(money: string | MoneyFormat) {
  const shape = goalInputSchema(money).shape;
  return z.object({
    name: shape.name,
    target: z.string().superRefine((text, ctx) => void checkTyped(shape.target, text, ctx)),
    icon: z.union([z.enum(GOAL_ICONS), z.literal('')]).refine((icon) => icon !== '', { error: SAVINGS_MESSAGES.goalIconInvalid }),
    topUpPercent: z.string().superRefine((text, ctx) => {
      if (text.trim() === '') return;
      const parsed = shape.topUpPercent.safeParse(Number(text.trim()));
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: SAVINGS_MESSAGES.topUpInvalid });
    }),
  });
}

/** A form for a new goal, or to edit one (the target shown in the family's style: "12,50"). */
export function goalFormDefaults(goal: GoalDto | undefined, money: Money): GoalFormValues {
  if (!goal) return { name: '', target: '', icon: '', topUpPercent: '' };
  return { name: goal.name, target: typedStyle(goal.target, money), icon: goal.icon, topUpPercent: goal.topUpPercent ? String(goal.topUpPercent) : '' };
}

/** An API amount as a person would type it in the family's locale ("12.50" → "12,50" for a comma locale). */
export function typedStyle(api: string, money: Money): string {
  const minor = parseMinor(api, money.format.currency);
  return minor === null ? api : amountInputText(minor, money.format);
}

/** The request body of a valid form (the child's form leaves the top-up out: it is a parent's to give). */
export function goalBody(values: GoalFormValues, currency: string, withTopUp: boolean): GoalInputDto {
  const topUp = values.topUpPercent.trim() === '' ? 0 : Number(values.topUpPercent.trim());
  return {
    name: values.name.trim(),
    target: apiAmount(values.target, currency),
    icon: values.icon as GoalIcon,
    ...(withTopUp ? { topUpPercent: topUp } : {}),
  };
}

// ---- Jar withdrawals ----------------------------------------------------------------------------

export interface WithdrawalFormValues {
  amount: string;
  note: string;
}

/** Money taken out of the spend or give jar: the shared rules, at most what the jar holds (`tooMuch` says so). */
export function withdrawalFormSchema(money: string | MoneyFormat, balanceMinor: number, tooMuch: string) {
  const shape = jarWithdrawalSchema(money).shape;
  return z.object({
    amount: z.string().superRefine((text, ctx) => {
      const minor = checkTyped(shape.amount, text, ctx);
      if (minor !== undefined && minor > balanceMinor) ctx.addIssue({ code: 'custom', message: tooMuch });
    }),
    note: z.string().trim().max(200, { error: SAVINGS_MESSAGES.noteTooLong }),
  });
}

/** The withdrawal's request body of a valid form. */
export function withdrawalBody(values: WithdrawalFormValues, currency: string): { amount: string; note?: string } {
  const note = values.note.trim();
  return { amount: apiAmount(values.amount, currency), ...(note ? { note } : {}) };
}
