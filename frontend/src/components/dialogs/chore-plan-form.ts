/**
 * The chore dialog's "How often" and "Who does it" (issue 21): the form's plain fields and their
 * mapping to and from ChoreDto's `rhythm` and `who` (shared/planning.ts). Pure, so it is unit tested.
 */
import * as z from 'zod';
import type { ChoreCategory, ChoreDto } from '../../../../shared/api-types';
import type { Rhythm, WhoDoesIt } from '../../../../shared/planning';
import { describeRhythm } from '../../../../shared/rhythm';
import { CATEGORY_TITLE, ONGOING_HINT } from '../../lib/chore-categories';
import { isIsoDate, weekStartOfDate, WEEKDAYS, type IsoDate, type Weekday } from '../../../../shared/time';

export const REPEAT_KINDS = ['usual', 'days', 'everyNDays', 'everyNWeeks', 'monthlyDate', 'monthlyWeekday', 'once'] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];
export type WhoChoice = 'one' | 'each' | 'first';
export type TurnsChoice = 'balanced' | 'week' | 'fair';
export const NTH_VALUES = ['1', '2', '3', '4', '-1'] as const;
export type NthChoice = (typeof NTH_VALUES)[number];

const weekdaySchema = z.enum(WEEKDAYS);

/** What the form holds for the plan: text for numbers (as the amount), dates as `YYYY-MM-DD`. */
export const planFormSchema = z.object({
  repeat: z.enum(REPEAT_KINDS),
  days: z.array(weekdaySchema),
  every: z.string(),
  start: z.string(),
  monthDay: z.string(),
  nth: z.enum(NTH_VALUES),
  weekday: weekdaySchema,
  once: z.string(),
  who: z.enum(['one', 'each', 'first']),
  turns: z.enum(['balanced', 'week', 'fair']),
  /** The children picked; empty: every child whose level allows the chore. */
  children: z.array(z.string()),
  /** Each child: the days kept for that child (empty: every occurrence). */
  childDays: z.record(z.string(), z.array(weekdaySchema)),
});
export type PlanFormValues = z.infer<typeof planFormSchema>;

const wholeIn = (text: string, min: number, max: number): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** Field errors of the plan part (for continuous chores there is nothing to check: the plan is not sent). */
export function planIssues(values: PlanFormValues, category: ChoreCategory): { path: keyof PlanFormValues; message: string }[] {
  if (category === 'continuous') return [];
  const issues: { path: keyof PlanFormValues; message: string }[] = [];
  const needsDays = values.repeat === 'days' || values.repeat === 'everyNWeeks';
  if (needsDays && values.days.length === 0) issues.push({ path: 'days', message: 'Pick at least one day' });
  if (values.repeat === 'everyNDays' && wholeIn(values.every, 2, 90) === null) issues.push({ path: 'every', message: 'Enter a whole number from 2 to 90' });
  if (values.repeat === 'everyNWeeks' && wholeIn(values.every, 2, 12) === null) issues.push({ path: 'every', message: 'Enter a whole number from 2 to 12' });
  if ((values.repeat === 'everyNDays' || values.repeat === 'everyNWeeks') && !isIsoDate(values.start)) issues.push({ path: 'start', message: 'Pick the first date' });
  if (values.repeat === 'monthlyDate' && wholeIn(values.monthDay, 1, 31) === null) issues.push({ path: 'monthDay', message: 'Enter a day from 1 to 31' });
  if (values.repeat === 'once' && !isIsoDate(values.once)) issues.push({ path: 'once', message: 'Pick the date' });
  return issues;
}

const sortDays = (days: readonly Weekday[]): Weekday[] => WEEKDAYS.filter((d) => days.includes(d));

/** The rhythm the form describes; undefined for the category's usual rhythm (and for continuous chores). Assumes `planIssues` found none. */
export function toRhythm(values: PlanFormValues, category: ChoreCategory): Rhythm | undefined {
  if (category === 'continuous') return undefined;
  switch (values.repeat) {
    case 'usual':
      return undefined;
    case 'days':
      return { kind: 'days', days: sortDays(values.days) };
    case 'everyNDays':
      return { kind: 'everyNDays', every: Number(values.every), start: values.start };
    case 'everyNWeeks':
      return { kind: 'everyNWeeks', every: Number(values.every), anchorWeek: weekStartOfDate(values.start), days: sortDays(values.days) };
    case 'monthlyDate':
      return { kind: 'monthlyDate', day: Number(values.monthDay) };
    case 'monthlyWeekday':
      return { kind: 'monthlyWeekday', nth: Number(values.nth) as 1 | 2 | 3 | 4 | -1, weekday: values.weekday };
    case 'once':
      return { kind: 'once', date: values.once };
  }
}

/** Who does it; undefined for today's default (one child at a time, balanced, every child who can). */
export function toWho(values: PlanFormValues, category: ChoreCategory): WhoDoesIt | undefined {
  if (category === 'continuous') return undefined;
  const children = values.children.length > 0 ? [...values.children] : undefined;
  if (values.who === 'one') {
    if (values.turns === 'balanced' && !children) return undefined;
    return { mode: 'one', turns: values.turns, ...(children ? { children } : {}) };
  }
  if (values.who === 'first') return { mode: 'first', ...(children ? { children } : {}) };
  if (!children) return { mode: 'each' };
  return {
    mode: 'each',
    children: children.map((childId) => {
      const days = sortDays(values.childDays[childId] ?? []);
      return days.length > 0 ? { childId, days } : { childId };
    }),
  };
}

/**
 * The plan fields of the chore's request body. New chores send only what was chosen (a family that
 * uses none of this sends exactly today's body); an edit sends null to clear what the chore had.
 */
export function planBody(values: PlanFormValues, category: ChoreCategory, chore?: Pick<ChoreDto, 'rhythm' | 'who'>): { rhythm?: Rhythm | null; who?: WhoDoesIt | null } {
  const rhythm = toRhythm(values, category);
  const who = toWho(values, category);
  const body: { rhythm?: Rhythm | null; who?: WhoDoesIt | null } = {};
  if (rhythm) body.rhythm = rhythm;
  else if (chore?.rhythm) body.rhythm = null;
  if (who) body.who = who;
  else if (chore?.who) body.who = null;
  return body;
}

/** The form's plan fields for a chore (`today` fills the dates a new rhythm starts from). */
export function planDefaults(chore: Pick<ChoreDto, 'rhythm' | 'who'> | undefined, today: IsoDate): PlanFormValues {
  const values: PlanFormValues = {
    repeat: 'usual',
    days: [],
    every: '2',
    start: today,
    monthDay: String(Number(today.slice(8, 10))),
    nth: '1',
    weekday: 'saturday',
    once: today,
    who: 'one',
    turns: 'balanced',
    children: [],
    childDays: {},
  };
  const r = chore?.rhythm;
  if (r) {
    values.repeat = r.kind;
    if (r.kind === 'days') values.days = [...r.days];
    if (r.kind === 'everyNDays') Object.assign(values, { every: String(r.every), start: r.start });
    if (r.kind === 'everyNWeeks') Object.assign(values, { every: String(r.every), start: r.anchorWeek, days: [...r.days] });
    if (r.kind === 'monthlyDate') values.monthDay = String(r.day);
    if (r.kind === 'monthlyWeekday') Object.assign(values, { nth: String(r.nth) as NthChoice, weekday: r.weekday });
    if (r.kind === 'once') values.once = r.date;
  }
  const w = chore?.who;
  if (w) {
    values.who = w.mode;
    if (w.mode === 'one') Object.assign(values, { turns: w.turns, children: [...(w.children ?? [])] });
    if (w.mode === 'first') values.children = [...(w.children ?? [])];
    if (w.mode === 'each') {
      values.children = (w.children ?? []).map((c) => c.childId);
      values.childDays = Object.fromEntries((w.children ?? []).filter((c) => c.days?.length).map((c) => [c.childId, [...c.days!]]));
    }
  }
  return values;
}

/** The Repeat select's words; the first follows the category. */
export function repeatOptions(category: ChoreCategory): { value: RepeatKind; label: string }[] {
  return [
    { value: 'usual', label: category === 'weekly' ? 'Once a week (the planner picks the day)' : 'Every day' },
    { value: 'days', label: 'On set days of the week' },
    { value: 'everyNDays', label: 'Every few days' },
    { value: 'everyNWeeks', label: 'Every few weeks' },
    { value: 'monthlyDate', label: 'Monthly on a date' },
    { value: 'monthlyWeekday', label: 'Monthly on a weekday (e.g. first Saturday)' },
    { value: 'once', label: 'Once, on one date' },
  ];
}

export const WHO_OPTIONS: { value: WhoChoice; label: string }[] = [
  { value: 'one', label: 'One child at a time' },
  { value: 'each', label: 'Each child does their own' },
  { value: 'first', label: 'The first who does it' },
];

export const TURNS_OPTIONS: { value: TurnsChoice; label: string }[] = [
  { value: 'balanced', label: 'Balanced by ChoreQuest' },
  { value: 'week', label: 'A week each, in turn' },
  { value: 'fair', label: 'Take turns fairly' },
];

export const NTH_OPTIONS: { value: NthChoice; label: string }[] = [
  { value: '1', label: 'First' },
  { value: '2', label: 'Second' },
  { value: '3', label: 'Third' },
  { value: '4', label: 'Fourth' },
  { value: '-1', label: 'Last' },
];

/** Whether the chore's plan differs from today's default (the dialog opens its section then). */
export const hasPlan = (chore: Pick<ChoreDto, 'rhythm' | 'who'> | undefined): boolean => Boolean(chore?.rhythm || chore?.who);

const PLAN_SECTION = '“How often and who does it”';

/**
 * The Category field's words (issue 29): the category and the rhythm as one choice. With the
 * category's usual rhythm, what that is; with another one, which list the chore is filed under
 * (the spec's categories) and when it really happens, so a monthly chore under "Weekly Chore" says so.
 */
export function categoryAndRhythm(category: ChoreCategory, values: PlanFormValues): string {
  if (category === 'continuous') return ONGOING_HINT;
  if (values.repeat === 'usual') {
    const usual = category === 'daily' ? 'Every day' : 'Once a week (the planner picks the day)';
    return `${usual}. Another rhythm can be set under ${PLAN_SECTION}.`;
  }
  const rhythm = planIssues(values, category).length === 0 ? toRhythm(values, category) : undefined;
  const when = rhythm ? describeRhythm(category, rhythm).replace(/^(Every|On|Once)\b/, (word) => word.toLowerCase()) : `as set under ${PLAN_SECTION}`;
  return `Listed with the ${CATEGORY_TITLE[category]}, and it happens ${when}.`;
}
