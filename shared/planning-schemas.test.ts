import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, PLANNER_MESSAGES as M } from './messages';
import {
  availabilitySchema,
  awayCycleSchema,
  choreInputSchema,
  dateRangeSchema,
  familyPauseInputSchema,
  firstMessage,
  generateInputSchema,
  planPreviewInputSchema,
  rhythmSchema,
  whoDoesItSchema,
} from './schemas';

// The issue-21 schemas (shared/planning-schemas.ts, re-exported by shared/schemas.ts): what each
// accepts and gives back, and the message the API answers for what it refuses.

const messageOf = (result: { success: boolean; error?: any }) => (result.success ? null : firstMessage(result.error));

describe('rhythmSchema', () => {
  it('accepts every kind, days answered once each in Sunday-first order', () => {
    expect(rhythmSchema.parse({ kind: 'days', days: ['friday', 'monday'] })).toEqual({ kind: 'days', days: ['monday', 'friday'] });
    expect(rhythmSchema.parse({ kind: 'everyNDays', every: 90, start: '2026-11-24' })).toEqual({ kind: 'everyNDays', every: 90, start: '2026-11-24' });
    expect(rhythmSchema.parse({ kind: 'everyNWeeks', every: 12, anchorWeek: '2026-11-22', days: ['saturday'] })).toMatchObject({ every: 12 });
    expect(rhythmSchema.parse({ kind: 'monthlyDate', day: 31 })).toEqual({ kind: 'monthlyDate', day: 31 });
    expect(rhythmSchema.parse({ kind: 'monthlyWeekday', nth: -1, weekday: 'friday' })).toEqual({ kind: 'monthlyWeekday', nth: -1, weekday: 'friday' });
    expect(rhythmSchema.parse({ kind: 'once', date: '2026-12-12' })).toEqual({ kind: 'once', date: '2026-12-12' });
  });

  it.each([
    [{ kind: 'hourly' }, M.rhythmInvalid],
    ['days', M.rhythmInvalid],
    [{ kind: 'days', days: [] }, M.daysRequired],
    [{ kind: 'days' }, M.daysRequired],
    [{ kind: 'days', days: ['monday', 'monday'] }, M.daysDistinct],
    [{ kind: 'days', days: ['Monday'] }, M.weekdayInvalid],
    [{ kind: 'everyNDays', every: 1, start: '2026-11-24' }, M.everyNDays],
    [{ kind: 'everyNDays', every: 91, start: '2026-11-24' }, M.everyNDays],
    [{ kind: 'everyNDays', every: 2.5, start: '2026-11-24' }, M.everyNDays],
    [{ kind: 'everyNDays', every: '3', start: '2026-11-24' }, M.everyNDays],
    [{ kind: 'everyNDays', every: 3, start: '2026-02-30' }, FORM_MESSAGES.invalidDate],
    [{ kind: 'everyNDays', every: 3, start: '1999-12-31' }, FORM_MESSAGES.dateOutOfRange],
    [{ kind: 'everyNWeeks', every: 13, anchorWeek: '2026-11-22', days: ['monday'] }, M.everyNWeeks],
    [{ kind: 'everyNWeeks', every: 2, anchorWeek: '2026-11-23', days: ['monday'] }, M.anchorWeekSunday],
    [{ kind: 'everyNWeeks', every: 2, anchorWeek: '2026-11-22', days: [] }, M.daysRequired],
    [{ kind: 'monthlyDate', day: 0 }, M.monthDay],
    [{ kind: 'monthlyDate', day: 32 }, M.monthDay],
    [{ kind: 'monthlyWeekday', nth: 5, weekday: 'monday' }, M.nthInvalid],
    [{ kind: 'monthlyWeekday', nth: 0, weekday: 'monday' }, M.nthInvalid],
    [{ kind: 'monthlyWeekday', nth: 1, weekday: 'mon' }, M.weekdayInvalid],
    [{ kind: 'once', date: 'tomorrow' }, FORM_MESSAGES.invalidDate],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(rhythmSchema.safeParse(input))).toBe(message);
  });
});

describe('whoDoesItSchema', () => {
  it('accepts each mode; one child at a time takes balanced turns unless told', () => {
    expect(whoDoesItSchema.parse({ mode: 'one' })).toEqual({ mode: 'one', turns: 'balanced' });
    expect(whoDoesItSchema.parse({ mode: 'one', turns: 'week', children: [' a ', 'b'] })).toEqual({ mode: 'one', turns: 'week', children: ['a', 'b'] });
    expect(whoDoesItSchema.parse({ mode: 'each', children: [{ childId: 'a', days: ['wednesday', 'monday'] }, { childId: 'b' }] })).toEqual({
      mode: 'each',
      children: [{ childId: 'a', days: ['monday', 'wednesday'] }, { childId: 'b' }],
    });
    expect(whoDoesItSchema.parse({ mode: 'first', children: [] })).toEqual({ mode: 'first', children: [] });
  });

  it.each([
    [{ mode: 'all' }, M.whoInvalid],
    [null, M.whoInvalid],
    [{ mode: 'one', turns: 'random' }, M.turnsInvalid],
    [{ mode: 'first', children: 'a' }, M.childrenList],
    [{ mode: 'first', children: ['a', 'a'] }, M.childrenDistinct],
    [{ mode: 'first', children: [''] }, FORM_MESSAGES.childNotFound],
    [{ mode: 'one', turns: 'fair', children: Array.from({ length: 51 }, (_, i) => `c${i}`) }, M.tooManyChildren],
    [{ mode: 'each', children: [{ childId: 'a' }, { childId: 'a', days: ['monday'] }] }, M.childrenDistinct],
    [{ mode: 'each', children: [{ childId: 'a', days: [] }] }, M.daysRequired],
    [{ mode: 'each', children: ['a'] }, M.childrenList],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(whoDoesItSchema.safeParse(input))).toBe(message);
  });
});

describe('choreInputSchema with rhythm and who', () => {
  const chore = { name: 'Bins', category: 'weekly', amount: '1.50', difficultyLevel: 2 };

  it('takes a rhythm and who, null to clear them, and nothing for chores as before', () => {
    const parsed = choreInputSchema.parse({ ...chore, rhythm: { kind: 'days', days: ['saturday'] }, who: { mode: 'first' } });
    expect(parsed).toMatchObject({ rhythm: { kind: 'days', days: ['saturday'] }, who: { mode: 'first' } });
    expect(choreInputSchema.parse({ ...chore, rhythm: null, who: null })).toMatchObject({ rhythm: null, who: null });
    const plain = choreInputSchema.parse(chore);
    expect('rhythm' in plain || 'who' in plain).toBe(false);
  });

  it('an ongoing chore takes no rhythm and no first-wins, but may go to each child', () => {
    const ongoing = { ...chore, category: 'continuous' };
    expect(messageOf(choreInputSchema.safeParse({ ...ongoing, rhythm: { kind: 'once', date: '2026-12-12' } }))).toBe(M.continuousNoRhythm);
    expect(messageOf(choreInputSchema.safeParse({ ...ongoing, who: { mode: 'first' } }))).toBe(M.continuousNoFirst);
    expect(choreInputSchema.safeParse({ ...ongoing, rhythm: null, who: { mode: 'each' } }).success).toBe(true);
  });

  it('reports a bad rhythm or who with its own message', () => {
    expect(messageOf(choreInputSchema.safeParse({ ...chore, rhythm: { kind: 'everyNDays', every: 100, start: '2026-11-24' } }))).toBe(M.everyNDays);
    expect(messageOf(choreInputSchema.safeParse({ ...chore, who: { mode: 'one', turns: 'x' } }))).toBe(M.turnsInvalid);
  });
});

describe('availability schemas', () => {
  it('missing parts are empty; labels trimmed, away offsets sorted, open pauses have no end', () => {
    expect(availabilitySchema.parse({})).toEqual({ cycles: [], away: [], pause: null });
    expect(
      availabilitySchema.parse({
        cycles: [{ start: '2026-11-26', length: 14, away: [3, 0, 2, 1], label: "  At Dad's  " }],
        away: [{ from: '2026-12-01', to: '2026-12-03', label: '' }],
        pause: { from: '2026-12-20', to: null },
      }),
    ).toEqual({
      cycles: [{ start: '2026-11-26', length: 14, away: [0, 1, 2, 3], label: "At Dad's" }],
      away: [{ from: '2026-12-01', to: '2026-12-03' }],
      pause: { from: '2026-12-20' },
    });
    // 366 days is the longest one-off range (1 Jan to 1 Jan of a common year).
    expect(availabilitySchema.safeParse({ away: [{ from: '2026-01-01', to: '2027-01-01' }] }).success).toBe(true);
  });

  const cycle = { start: '2026-11-26', length: 14, away: [0] };
  it.each([
    [[], M.availabilityInvalid],
    [{ cycles: 'x' }, M.availabilityInvalid],
    [{ cycles: Array.from({ length: 7 }, () => cycle) }, M.tooManyCycles],
    [{ cycles: [{ ...cycle, length: 10 }] }, M.cycleLength],
    [{ cycles: [{ ...cycle, away: [] }] }, M.cycleAwayRequired],
    [{ cycles: [{ ...cycle, away: [14] }] }, M.cycleAwayRange],
    [{ cycles: [{ ...cycle, away: [-1] }] }, M.cycleAwayRange],
    [{ cycles: [{ ...cycle, away: [1.5] }] }, M.cycleAwayRange],
    [{ cycles: [{ ...cycle, away: [2, 2] }] }, M.cycleAwayDistinct],
    [{ cycles: [{ ...cycle, label: 'x'.repeat(41) }] }, M.labelTooLong],
    [{ cycles: [{ ...cycle, label: 5 }] }, M.labelInvalid],
    [{ cycles: [{ ...cycle, start: '2026-11-31' }] }, FORM_MESSAGES.invalidDate],
    [{ away: Array.from({ length: 51 }, () => ({ from: '2026-12-01', to: '2026-12-01' })) }, M.tooManyAways],
    [{ away: [{ from: '2026-12-05', to: '2026-12-03' }] }, M.awayBackwards],
    [{ away: [{ from: '2026-12-05' }] }, M.awayNeedsEnd],
    [{ away: [{ from: '2026-01-01', to: '2027-01-02' }] }, M.awayTooLong],
    [{ pause: { from: '2026-12-05', to: '2026-12-04' } }, M.pauseBackwards],
    [{ pause: { to: '2026-12-04' } }, FORM_MESSAGES.invalidDate],
  ])('availability %j: %s', (input, message) => {
    expect(messageOf(availabilitySchema.safeParse(input))).toBe(message);
  });

  it('awayCycleSchema and dateRangeSchema alone', () => {
    expect(awayCycleSchema.parse({ start: '2026-11-25', length: 7, away: [0] })).toEqual({ start: '2026-11-25', length: 7, away: [0] });
    expect(dateRangeSchema.parse({ from: '2026-12-01', to: '2026-12-01' })).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(messageOf(dateRangeSchema.safeParse({ from: '2026-12-02', to: '2026-12-01' }))).toBe(M.rangeBackwards);
    expect(messageOf(dateRangeSchema.safeParse('2026-12-01'))).toBe(M.rangeInvalid);
  });

  it("the family's pause: from, and an optional end not before it", () => {
    expect(familyPauseInputSchema.parse({ from: '2026-12-20' })).toEqual({ from: '2026-12-20' });
    expect(familyPauseInputSchema.parse({ from: '2026-12-20', to: '2027-01-03' })).toEqual({ from: '2026-12-20', to: '2027-01-03' });
    expect(messageOf(familyPauseInputSchema.safeParse({ from: '2026-12-20', to: '2026-12-19' }))).toBe(M.pauseBackwards);
    expect(messageOf(familyPauseInputSchema.safeParse({}))).toBe(FORM_MESSAGES.invalidDate);
  });
});

describe('preview and generate bodies', () => {
  it('an absent, null or empty body takes the defaults; unknown fields are ignored as before', () => {
    for (const body of [undefined, null, {}, { weekStart: 'ignored' }]) expect(generateInputSchema.parse(body)).toEqual({});
    expect(generateInputSchema.parse({ seed: 'abc:1_2-3' })).toEqual({ seed: 'abc:1_2-3' });
    expect(planPreviewInputSchema.parse(undefined)).toEqual({});
    expect(planPreviewInputSchema.parse({ weekStart: '2026-11-29', seed: 'x' })).toEqual({ weekStart: '2026-11-29', seed: 'x' });
  });

  it.each([
    [{ seed: '' }, M.seedInvalid, generateInputSchema],
    [{ seed: 'a b' }, M.seedInvalid, generateInputSchema],
    [{ seed: 'x'.repeat(65) }, M.seedInvalid, generateInputSchema],
    [{ seed: 7 }, M.seedInvalid, generateInputSchema],
    [[], M.bodyNotObject, generateInputSchema],
    ['next week', M.bodyNotObject, planPreviewInputSchema],
    [{ weekStart: '2026-11-30' }, FORM_MESSAGES.weekStartSunday, planPreviewInputSchema],
    [{ weekStart: '30/11/2026' }, FORM_MESSAGES.invalidDate, planPreviewInputSchema],
  ] as const)('refuses %j: %s', (input, message, schema) => {
    expect(messageOf(schema.safeParse(input))).toBe(message);
  });
});
