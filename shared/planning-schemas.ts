/**
 * zod schemas of the planner's household vocabulary (issue 21, shared/planning.ts): a chore's
 * rhythm ("How often") and who does it, a child's availability calendar, the family's pause, and
 * the bodies of the plan preview and generate routes. shared/schemas.ts re-exports all of them and
 * adds `rhythm` and `who` to `choreInputSchema`. Every message says what to fix
 * (PLANNER_MESSAGES): the first one is what the API answers in `{ message }`.
 */
import * as z from 'zod';
import { daysBetween } from './calendar';
import { FORM_MESSAGES, PLANNER_MESSAGES as M } from './messages';
import { AVAILABILITY_LIMITS, type Availability, type AwayCycle, type DateRange, type Rhythm, type WhoDoesIt } from './planning';
import { idSchema, isoDateSchema, sundaySchema } from './schema-primitives';
import { isIsoDate, WEEKDAYS, weekdayOf, type Weekday } from './time';

const distinct = (items: readonly unknown[]) => new Set(items).size === items.length;

/** A whole number in [min, max] sent as a JSON number; anything else answers `message`. */
const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** 1–7 distinct weekdays, answered in Sunday-first order. */
const weekdayList = z
  .array(z.enum(WEEKDAYS, { error: M.weekdayInvalid }), { error: M.daysRequired })
  .min(1, { error: M.daysRequired })
  .max(7, { error: M.daysDistinct })
  .refine(distinct, { error: M.daysDistinct })
  .transform((days): Weekday[] => WEEKDAYS.filter((d) => days.includes(d)));

/** How often a dated chore happens (shared/planning.ts Rhythm). */
export const rhythmSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('days'), days: weekdayList }),
    z.object({ kind: z.literal('everyNDays'), every: intIn(2, 90, M.everyNDays), start: isoDateSchema }),
    z.object({
      kind: z.literal('everyNWeeks'),
      every: intIn(2, 12, M.everyNWeeks),
      anchorWeek: isoDateSchema.refine((d) => weekdayOf(d) === 'sunday', { error: M.anchorWeekSunday }),
      days: weekdayList,
    }),
    z.object({ kind: z.literal('monthlyDate'), day: intIn(1, 31, M.monthDay) }),
    z.object({
      kind: z.literal('monthlyWeekday'),
      nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], { error: M.nthInvalid }),
      weekday: z.enum(WEEKDAYS, { error: M.weekdayInvalid }),
    }),
    z.object({ kind: z.literal('once'), date: isoDateSchema }),
  ],
  { error: M.rhythmInvalid },
);

const childIds = z
  .array(idSchema(FORM_MESSAGES.childNotFound), { error: M.childrenList })
  .max(50, { error: M.tooManyChildren })
  .refine(distinct, { error: M.childrenDistinct });

const eachChildren = z
  .array(z.object({ childId: idSchema(FORM_MESSAGES.childNotFound), days: weekdayList.optional() }, { error: M.childrenList }), { error: M.childrenList })
  .max(50, { error: M.tooManyChildren })
  .refine((list) => distinct(list.map((c) => c.childId)), { error: M.childrenDistinct });

/** Who does a chore (shared/planning.ts WhoDoesIt); `turns` defaults to balanced. */
export const whoDoesItSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('one'), turns: z.enum(['balanced', 'week', 'fair'], { error: M.turnsInvalid }).default('balanced'), children: childIds.optional() }),
    z.object({ mode: z.literal('each'), children: eachChildren.optional() }),
    z.object({ mode: z.literal('first'), children: childIds.optional() }),
  ],
  { error: M.whoInvalid },
);

/** The fields issue 21 adds to a chore's body: absent = unchanged on update (the category's default on create), null = back to the default. */
export const planningChoreFields = {
  rhythm: rhythmSchema.nullable().optional(),
  who: whoDoesItSchema.nullable().optional(),
};

/** A continuous (ongoing) chore has no schedule of its own and no "first who does it". */
export function refineChorePlanning(
  v: { category?: unknown; rhythm?: Rhythm | null; who?: WhoDoesIt | null },
  ctx: z.RefinementCtx,
): void {
  if (v.category !== 'continuous') return;
  if (v.rhythm) ctx.addIssue({ code: 'custom', message: M.continuousNoRhythm, path: ['rhythm'] });
  if (v.who?.mode === 'first') ctx.addIssue({ code: 'custom', message: M.continuousNoFirst, path: ['who'] });
}

// ---------------------------------------------------------------------------------------------
// Availability and pauses
// ---------------------------------------------------------------------------------------------

/** A parent's label of away days ("At Dad's"): trimmed, at most 40 characters; blank = none. */
const labelSchema = z
  .string({ error: M.labelInvalid })
  .trim()
  .max(AVAILABILITY_LIMITS.labelLength, { error: M.labelTooLong })
  .nullish()
  .transform((v) => v || undefined);

/** `to` absent (or null): open-ended. */
const optionalEnd = isoDateSchema.nullish().transform((v) => v ?? undefined);

/** An inclusive date range whose `to` may be absent (open-ended); `backwards` answers a `to` before `from`. */
const dateRangeWith = (backwards: string) =>
  z
    .object({ from: isoDateSchema, to: optionalEnd }, { error: M.rangeInvalid })
    .refine((r) => r.to === undefined || r.from <= r.to, { error: backwards, path: ['to'] })
    .transform((r): DateRange => (r.to === undefined ? { from: r.from } : { from: r.from, to: r.to }));

/** An inclusive date range (`to` absent: open-ended). */
export const dateRangeSchema = dateRangeWith(M.rangeBackwards);

/** PUT /api/family/pause: the whole family is paused from `from`, until `to` (absent: until resumed). */
export const familyPauseInputSchema = dateRangeWith(M.pauseBackwards);

/** A repeating away pattern (shared/planning.ts AwayCycle); `away` answered sorted. */
export const awayCycleSchema = z
  .object(
    {
      start: isoDateSchema,
      length: z.union([z.literal(7), z.literal(14), z.literal(21), z.literal(28)], { error: M.cycleLength }),
      away: z
        .array(z.number({ error: M.cycleAwayRange }).int({ error: M.cycleAwayRange }), { error: M.cycleAwayRequired })
        .min(1, { error: M.cycleAwayRequired })
        .max(28, { error: M.cycleAwayDistinct }),
      label: labelSchema,
    },
    { error: M.cycleInvalid },
  )
  .superRefine((c, ctx) => {
    // zod runs this even when a field failed: only compare real values.
    if (!Array.isArray(c.away) || typeof c.length !== 'number') return;
    if (c.away.some((n) => n < 0 || n >= c.length)) ctx.addIssue({ code: 'custom', message: M.cycleAwayRange, path: ['away'] });
    else if (!distinct(c.away)) ctx.addIssue({ code: 'custom', message: M.cycleAwayDistinct, path: ['away'] });
  })
  .transform((c): AwayCycle => ({ start: c.start, length: c.length, away: [...c.away].sort((a, b) => a - b), ...(c.label ? { label: c.label } : {}) }));

/** A one-off away range (a school trip): a closing date, at most 366 days. */
const awayRangeSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema.optional(), label: labelSchema }, { error: M.rangeInvalid })
  .superRefine((r, ctx) => {
    if (r.to === undefined) ctx.addIssue({ code: 'custom', message: M.awayNeedsEnd, path: ['to'] });
    if (typeof r.to !== 'string' || !isIsoDate(r.from) || !isIsoDate(r.to)) return;
    if (r.to < r.from) ctx.addIssue({ code: 'custom', message: M.awayBackwards, path: ['to'] });
    else if (daysBetween(r.from, r.to) + 1 > 366) ctx.addIssue({ code: 'custom', message: M.awayTooLong, path: ['to'] });
  })
  .transform((r) => ({ from: r.from, to: r.to!, ...(r.label ? { label: r.label } : {}) }));

/** PUT /api/children/{id}/availability: the whole calendar (missing lists are empty, a missing pause is none). */
export const availabilitySchema = z
  .object(
    {
      cycles: z.array(awayCycleSchema, { error: M.availabilityInvalid }).max(AVAILABILITY_LIMITS.cycles, { error: M.tooManyCycles }).default([]),
      away: z.array(awayRangeSchema, { error: M.availabilityInvalid }).max(AVAILABILITY_LIMITS.away, { error: M.tooManyAways }).default([]),
      pause: dateRangeWith(M.pauseBackwards).nullish().transform((v) => v ?? null),
    },
    { error: M.availabilityInvalid },
  )
  .transform((a): Availability => a);

// ---------------------------------------------------------------------------------------------
// Preview and generate
// ---------------------------------------------------------------------------------------------

/** A plan's seed: what the preview answers and "apply exactly this plan" sends back. */
export const seedSchema = z.string({ error: M.seedInvalid }).regex(/^[A-Za-z0-9:_-]{1,64}$/, { error: M.seedInvalid });

/**
 * A body that may be absent (or `null`): then every field takes its default. A JSON value that is
 * not an object (an array, a string) is refused.
 */
const optionalBody = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape, { error: M.bodyNotObject })
    .nullish()
    .transform((v) => v ?? {});

/** POST /api/assignments/preview: `weekStart` (a Sunday; absent: the route's default week) and `seed` (absent: a fresh one). */
export const planPreviewInputSchema = optionalBody({ weekStart: sundaySchema.optional(), seed: seedSchema.optional() });
export type PlanPreviewInput = z.output<typeof planPreviewInputSchema>;

/**
 * POST /api/assignments/generate: `{ seed? }`. Callers before issue 21 send no body (or an empty
 * object); other fields are ignored as they always were.
 */
export const generateInputSchema = optionalBody({ seed: seedSchema.optional() });
export type GenerateInput = z.output<typeof generateInputSchema>;

// The schemas' output is the contract's shape (a compile-time check).
type Assert<T extends true> = T;
export type PlanningSchemaChecks = [
  Assert<z.output<typeof rhythmSchema> extends Rhythm ? true : false>,
  Assert<z.output<typeof whoDoesItSchema> extends WhoDoesIt ? true : false>,
  Assert<z.output<typeof availabilitySchema> extends Availability ? true : false>,
  Assert<z.output<typeof dateRangeSchema> extends DateRange ? true : false>,
];
