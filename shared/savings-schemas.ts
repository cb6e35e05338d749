/**
 * Request bodies of issue 22 (decision 054): the family's money settings, goals and jar withdrawals.
 * Amounts depend on the family's currency, so the goal and withdrawal schemas are made per currency.
 */
import * as z from 'zod';
import { GOAL_ICONS } from './api-types';
import { familyAmountSchema } from './amount-schema';
import { canonicalLocale, DEFAULT_MONEY, isFamilyCurrency, type MoneyFormat } from './money';
import { requiredText } from './schema-primitives';

export const SAVINGS_MESSAGES = {
  currencyInvalid: 'Choose a currency from the list',
  localeInvalid: 'Choose a number format from the list',
  jarsSum: 'The three jars must add up to 100%',
  jarPercent: 'Each jar takes a whole percent from 0 to 100',
  goalNameRequired: 'Give the goal a name',
  goalIconInvalid: 'Choose an icon from the set',
  topUpInvalid: 'The top-up is a whole percent from 0 to 100',
  topUpParentsOnly: 'Only a parent can add a top-up',
  goalNotFound: 'Goal not found',
  goalBought: 'This goal was already bought',
  tooManyGoals: 'A child can have at most 20 goals they are saving toward',
  jarInvalid: 'The jar is spend or give',
  jarsOff: 'Jars are off for this family',
  jarTooLow: (jar: string, balance: string) => `That is more than the ${jar} jar holds (${balance})`,
  noteTooLong: 'The note must be at most 200 characters',
  jarsSwitchedMeanwhile: 'Jars were turned on or off at the same moment, which changes where a goal saves from. Please try again.',
  jarsSwitchWithGoals: (names: string) =>
    `${names} ${names.includes(' and ') ? 'are' : 'is'} saving toward a goal. Goals save from the save jar when jars are on and from earnings when they are off, so buy or remove those goals before turning jars on or off.`,
} as const;

/** Active (saving or reached) goals a child may have at once. */
export const MAX_ACTIVE_GOALS = 20;

const percent = z.number({ error: SAVINGS_MESSAGES.jarPercent }).int({ error: SAVINGS_MESSAGES.jarPercent }).min(0, { error: SAVINGS_MESSAGES.jarPercent }).max(100, { error: SAVINGS_MESSAGES.jarPercent });

export const jarSplitSchema = z
  .object({ spend: percent, save: percent, give: percent })
  .refine((j) => j.spend + j.save + j.give === 100, { error: SAVINGS_MESSAGES.jarsSum });

/** PUT /api/family/money: every field optional (what is absent stays); `jars: null` turns jars off. */
export const moneySettingsInputSchema = z.object({
  currency: z
    .string({ error: SAVINGS_MESSAGES.currencyInvalid })
    .trim()
    .transform((c) => c.toUpperCase())
    .refine(isFamilyCurrency, { error: SAVINGS_MESSAGES.currencyInvalid })
    .optional(),
  locale: z
    .string({ error: SAVINGS_MESSAGES.localeInvalid })
    .transform((l, ctx) => {
      const c = canonicalLocale(l.trim());
      if (!c) {
        ctx.addIssue({ code: 'custom', message: SAVINGS_MESSAGES.localeInvalid });
        return z.NEVER;
      }
      return c;
    })
    .optional(),
  jars: jarSplitSchema.nullable().optional(),
});
export type MoneySettingsInput = z.output<typeof moneySettingsInputSchema>;

/** A family's money format; a bare currency code reads amounts in US style (no decimal comma). */
const moneyOf = (money: string | MoneyFormat): MoneyFormat => (typeof money === 'string' ? { currency: money, locale: DEFAULT_MONEY.locale } : money);

const topUp = z.number({ error: SAVINGS_MESSAGES.topUpInvalid }).int({ error: SAVINGS_MESSAGES.topUpInvalid }).min(0, { error: SAVINGS_MESSAGES.topUpInvalid }).max(100, { error: SAVINGS_MESSAGES.topUpInvalid });

/** POST goals: name, target (in the family's currency), icon, and a parent's top-up. */
export const goalInputSchema = (money: string | MoneyFormat) =>
  z.object({
    name: requiredText(SAVINGS_MESSAGES.goalNameRequired, 60),
    target: familyAmountSchema(moneyOf(money)),
    icon: z.enum(GOAL_ICONS, { error: SAVINGS_MESSAGES.goalIconInvalid }),
    topUpPercent: topUp.optional(),
  });
export type GoalInput = z.output<ReturnType<typeof goalInputSchema>>;

/** PUT /api/children/{id}/goals/{goalId} (parents): any of the fields; an unbought goal only. */
export const goalUpdateSchema = (money: string | MoneyFormat) => goalInputSchema(money).partial();
export type GoalUpdate = z.output<ReturnType<typeof goalUpdateSchema>>;

export const JARS = ['spend', 'save', 'give'] as const;
export type Jar = (typeof JARS)[number];
/** Jars money can be taken out of by hand: the save jar is spent through goals. */
export const WITHDRAWABLE_JARS = ['spend', 'give'] as const;

/** POST /api/children/{id}/jars/{jar}/withdrawal */
export const jarWithdrawalSchema = (money: string | MoneyFormat) =>
  z.object({
    amount: familyAmountSchema(moneyOf(money)),
    note: z.string().trim().max(200, { error: SAVINGS_MESSAGES.noteTooLong }).optional().transform((v) => v || undefined),
  });
