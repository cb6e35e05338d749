import { describe, expect, it } from 'vitest';
import { categoryAndRhythm, planBody, planDefaults, planIssues, toRhythm, toWho, type PlanFormValues } from './chore-plan-form';

const TODAY = '2026-11-26';
const base = (overrides: Partial<PlanFormValues> = {}): PlanFormValues => ({ ...planDefaults(undefined, TODAY), ...overrides });

describe('chore plan form', () => {
  it('sends nothing for a chore that keeps the usual rhythm and one balanced child at a time', () => {
    expect(planBody(base(), 'daily')).toEqual({});
    expect(planBody(base(), 'weekly')).toEqual({});
  });

  it('clears on edit what the chore had and the form no longer has', () => {
    const chore = { rhythm: { kind: 'once' as const, date: TODAY }, who: { mode: 'first' as const } };
    expect(planBody(base(), 'weekly', chore)).toEqual({ rhythm: null, who: null });
    // A continuous chore has no rhythm or who: both cleared.
    expect(planBody(planDefaults(chore, TODAY), 'continuous', chore)).toEqual({ rhythm: null, who: null });
  });

  it('maps every rhythm kind, sorting days Sunday first and anchoring weeks on their Sunday', () => {
    expect(toRhythm(base({ repeat: 'days', days: ['wednesday', 'monday'] }), 'daily')).toEqual({ kind: 'days', days: ['monday', 'wednesday'] });
    expect(toRhythm(base({ repeat: 'everyNDays', every: '3', start: '2026-12-01' }), 'daily')).toEqual({ kind: 'everyNDays', every: 3, start: '2026-12-01' });
    expect(toRhythm(base({ repeat: 'everyNWeeks', every: '2', start: '2026-11-26', days: ['saturday'] }), 'weekly')).toEqual({
      kind: 'everyNWeeks',
      every: 2,
      anchorWeek: '2026-11-22',
      days: ['saturday'],
    });
    expect(toRhythm(base({ repeat: 'monthlyDate', monthDay: '31' }), 'weekly')).toEqual({ kind: 'monthlyDate', day: 31 });
    expect(toRhythm(base({ repeat: 'monthlyWeekday', nth: '-1', weekday: 'friday' }), 'weekly')).toEqual({ kind: 'monthlyWeekday', nth: -1, weekday: 'friday' });
    expect(toRhythm(base({ repeat: 'once', once: '2026-12-24' }), 'weekly')).toEqual({ kind: 'once', date: '2026-12-24' });
    expect(toRhythm(base({ repeat: 'once' }), 'continuous')).toBeUndefined();
  });

  it('maps who does it, with days per child for each child', () => {
    expect(toWho(base({ turns: 'week' }), 'daily')).toEqual({ mode: 'one', turns: 'week' });
    expect(toWho(base({ children: ['a'] }), 'daily')).toEqual({ mode: 'one', turns: 'balanced', children: ['a'] });
    expect(toWho(base({ who: 'first', children: ['a', 'b'] }), 'daily')).toEqual({ mode: 'first', children: ['a', 'b'] });
    expect(toWho(base({ who: 'each' }), 'daily')).toEqual({ mode: 'each' });
    expect(
      toWho(base({ who: 'each', children: ['emma', 'liam'], childDays: { emma: ['wednesday', 'monday'], liam: [], gone: ['friday'] } }), 'daily'),
    ).toEqual({ mode: 'each', children: [{ childId: 'emma', days: ['monday', 'wednesday'] }, { childId: 'liam' }] });
  });

  it('reads a stored chore back into the same form (round trip)', () => {
    const chores = [
      { rhythm: { kind: 'everyNWeeks' as const, every: 3, anchorWeek: '2026-11-22', days: ['saturday' as const] }, who: { mode: 'one' as const, turns: 'fair' as const, children: ['a'] } },
      { rhythm: { kind: 'monthlyWeekday' as const, nth: 1 as const, weekday: 'saturday' as const }, who: { mode: 'each' as const, children: [{ childId: 'a', days: ['monday' as const] }, { childId: 'b' }] } },
      { rhythm: { kind: 'everyNDays' as const, every: 5, start: '2026-11-20' }, who: { mode: 'first' as const } },
    ];
    for (const chore of chores) {
      const values = planDefaults(chore, TODAY);
      expect(toRhythm(values, 'weekly')).toEqual(chore.rhythm);
      expect(toWho(values, 'weekly')).toEqual(chore.who);
    }
  });

  it('says what is missing in plain words', () => {
    expect(planIssues(base({ repeat: 'days' }), 'daily')).toEqual([{ path: 'days', message: 'Pick at least one day' }]);
    expect(planIssues(base({ repeat: 'everyNDays', every: '1' }), 'daily').map((i) => i.path)).toEqual(['every']);
    expect(planIssues(base({ repeat: 'everyNWeeks', every: '13', days: ['monday'] }), 'daily').map((i) => i.path)).toEqual(['every']);
    expect(planIssues(base({ repeat: 'monthlyDate', monthDay: '32' }), 'daily').map((i) => i.path)).toEqual(['monthDay']);
    expect(planIssues(base({ repeat: 'once', once: '' }), 'daily').map((i) => i.path)).toEqual(['once']);
    expect(planIssues(base({ repeat: 'once', once: '' }), 'continuous')).toEqual([]);
    expect(planIssues(base(), 'daily')).toEqual([]);
  });

  it('says in one sentence what the category files the chore under and when it happens (issue 29)', () => {
    expect(categoryAndRhythm('daily', base())).toBe('Every day. Another rhythm can be set under “How often and who does it”.');
    expect(categoryAndRhythm('weekly', base())).toBe('Once a week (the planner picks the day). Another rhythm can be set under “How often and who does it”.');
    expect(categoryAndRhythm('weekly', base({ repeat: 'monthlyWeekday', nth: '1', weekday: 'saturday' }))).toBe(
      'Listed with the Weekly Chores, and it happens on the first Saturday of each month.',
    );
    expect(categoryAndRhythm('daily', base({ repeat: 'monthlyDate', monthDay: '15' }))).toBe('Listed with the Daily Chores, and it happens on the 15th of each month.');
    expect(categoryAndRhythm('daily', base({ repeat: 'days', days: ['thursday', 'monday'] }))).toBe('Listed with the Daily Chores, and it happens Mondays and Thursdays.');
    // A rhythm still being filled in is named without its details.
    expect(categoryAndRhythm('weekly', base({ repeat: 'days', days: [] }))).toBe('Listed with the Weekly Chores, and it happens as set under “How often and who does it”.');
    expect(categoryAndRhythm('continuous', base({ repeat: 'monthlyDate' }))).toMatch(/^Ongoing chores: active every day/);
  });
});
