import { describe, expect, it } from 'vitest';
import { addDays, dateInWeek, weekDates } from '../../shared/time';
import { planHouseholdWeek } from './household-plan';
import type { PlannedChoreDay } from './household-plan-types';
import { householdBuilders } from '../../test/support/household-plan-builders';
import { rotationOrder } from './household/turns';
import { PlanContext } from './household/context';
import { planWeek } from './planner';

// Examples for each mode; the guarantees are properties in household-plan.property.test.ts and
// household-plan.turns.test.ts.

const WEEK = '2026-11-29'; // a Sunday
const SUN = WEEK;
const MON = addDays(WEEK, 1);
const TUE = addDays(WEEK, 2);
const WED = addDays(WEEK, 3);
const THU = addDays(WEEK, 4);
const FRI = addDays(WEEK, 5);
const SAT = addDays(WEEK, 6);

const { child, chore, input } = householdBuilders(WEEK, 'family-1:2026-11-29', 3);
const days = (plan: { dated: PlannedChoreDay[] }, childId: string, choreId: string) => plan.dated.filter((d) => d.childId === childId && d.choreId === choreId).map((d) => d.date);

describe('planHouseholdWeek: a family using none of issue 21', () => {
  it('gets exactly the plan of the whole-week planner (daily chores every day, weekly ones on their day)', () => {
    const children = [child('emma', { dailyChoresCount: 2, weeklyChoresCount: 2, continuousChoresCount: 1 }), child('liam', { maxDifficultyLevel: 1, dailyChoresCount: 1, weeklyChoresCount: 3, continuousChoresCount: 1 })];
    const chores = [
      chore('dishes'),
      chore('feed-cat', { amountCents: 50 }),
      chore('table', { difficultyLevel: 2, amountCents: 75 }),
      chore('mow', { category: 'weekly', difficultyLevel: 3, amountCents: 500 }),
      chore('bins', { category: 'weekly', amountCents: 150 }),
      chore('car', { category: 'weekly', amountCents: 300 }),
      chore('room', { category: 'continuous', amountCents: 20 }),
    ];
    const history = [{ childId: 'emma', choreId: 'dishes', date: addDays(WEEK, -3) }];
    const plan = planHouseholdWeek(input({ children, chores, history }));
    const pool = planWeek({
      children: children.map(({ awayDates: _a, ...c }) => c),
      chores,
      lastWeek: { emma: ['dishes'] },
      fixed: [],
      seed: 'family-1:2026-11-29',
    });
    const expected: PlannedChoreDay[] = [];
    for (const [childId, p] of Object.entries(pool.children)) {
      for (const choreId of p.daily) for (const date of weekDates(WEEK)) expected.push({ childId, choreId, date, firstWins: false });
      for (const w of p.weekly) expected.push({ childId, choreId: w.choreId, date: dateInWeek(WEEK, w.dayOfWeek), firstWins: false });
    }
    const sort = (list: PlannedChoreDay[]) => [...list].sort((a, b) => `${a.date}${a.childId}${a.choreId}`.localeCompare(`${b.date}${b.childId}${b.choreId}`));
    expect(sort(plan.dated)).toEqual(sort(expected));
    expect(plan.continuous).toEqual(Object.entries(pool.children).flatMap(([childId, p]) => p.continuous.map((choreId) => ({ childId, choreId }))));
    expect(plan.unassigned).toEqual([]);
    expect(plan.dated.length).toBeGreaterThan(0);
  });
});

describe('planHouseholdWeek: each child', () => {
  it('runs one chore on different days per child (Emma Mon/Wed, Liam Tue/Thu) and skips away dates', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma'), child('liam', { awayDates: [THU] }), child('noah')],
        chores: [chore('piano', { who: { mode: 'each', children: [{ childId: 'emma', days: ['monday', 'wednesday'] }, { childId: 'liam', days: ['tuesday', 'thursday'] }] } })],
      }),
    );
    expect(days(plan, 'emma', 'piano')).toEqual([MON, WED]);
    expect(days(plan, 'liam', 'piano')).toEqual([TUE]);
    expect(days(plan, 'noah', 'piano')).toEqual([]);
    expect(plan.dated.every((d) => !d.firstWins)).toBe(true);
  });

  it('gives a weekly chore once to each child, on a home day, not on last week\'s day when another is free', () => {
    const away = [SUN, MON, TUE, WED, THU];
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { awayDates: away }), child('liam')],
        chores: [chore('room', { category: 'weekly', who: { mode: 'each' } })],
        history: [{ childId: 'emma', choreId: 'room', date: addDays(SAT, -7) }],
      }),
    );
    expect(days(plan, 'emma', 'room')).toEqual([FRI]);
    expect(days(plan, 'liam', 'room')).toHaveLength(1);
  });

  it('gives a continuous chore to every eligible child not away all week, keeps kept ones', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma'), child('liam', { awayDates: weekDates(WEEK) }), child('mia', { maxDifficultyLevel: 0 }), child('noah')],
        chores: [chore('tidy', { category: 'continuous', who: { mode: 'each' } })],
        kept: [{ childId: 'noah', choreId: 'tidy', date: null }],
      }),
    );
    expect(plan.continuous).toEqual([{ childId: 'emma', choreId: 'tidy' }]);
  });
});

describe('planHouseholdWeek: the first who does it', () => {
  it('offers each occurrence to every eligible child at home, firstWins, without repeating a kept one', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma'), child('liam', { awayDates: [SAT] }), child('mia', { maxDifficultyLevel: 0 })],
        chores: [chore('bins', { category: 'weekly', rhythm: { kind: 'days', days: ['wednesday', 'saturday'] }, who: { mode: 'first' } })],
        kept: [{ childId: 'emma', choreId: 'bins', date: WED }],
      }),
    );
    expect(plan.dated).toEqual([
      { childId: 'liam', choreId: 'bins', date: WED, firstWins: true },
      { childId: 'emma', choreId: 'bins', date: SAT, firstWins: true },
    ]);
  });

  it('places a weekly chore without rhythm on one day at least one child is home, off last week\'s day', () => {
    const homeOnly = [SAT, SUN];
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { awayDates: weekDates(WEEK).filter((d) => !homeOnly.includes(d)) }), child('liam', { awayDates: weekDates(WEEK).filter((d) => d !== SAT) })],
        chores: [chore('car', { category: 'weekly', who: { mode: 'first' } })],
        history: [{ childId: 'liam', choreId: 'car', date: addDays(SUN, -7) }],
      }),
    );
    expect(plan.dated).toEqual([
      { childId: 'emma', choreId: 'car', date: SAT, firstWins: true },
      { childId: 'liam', choreId: 'car', date: SAT, firstWins: true },
    ]);
  });

  it('a continuous first-wins chore (the API refuses it) is planned by the pool', () => {
    const plan = planHouseholdWeek(
      input({ children: [child('emma', { continuousChoresCount: 1 }), child('liam', { continuousChoresCount: 1 })], chores: [chore('tidy', { category: 'continuous', who: { mode: 'first' } })] }),
    );
    // Both quotas want one and there is one chore: one child at a time (issue 29), the other is told.
    expect(plan.continuous).toHaveLength(1);
    expect(plan.shortfalls).toHaveLength(1);
    expect(plan.dated).toEqual([]);
  });
});

describe('planHouseholdWeek: keep it for a week', () => {
  const kids = ['ava', 'ben', 'cal', 'dee'].map((id) => child(id));
  const bins = chore('bins', { rhythm: { kind: 'days', days: ['monday', 'thursday'] }, who: { mode: 'one', turns: 'week' } });
  const order = rotationOrder(new PlanContext(input({ children: kids, chores: [bins] })).jobById.get('bins')!).map((k) => k.id);

  it('starts with the first child of a shuffled order (not by name) and moves to the next one each week', () => {
    const first = planHouseholdWeek(input({ children: kids, chores: [bins] }));
    expect(days(first, order[0]!, 'bins')).toEqual([MON, THU]);
    const second = planHouseholdWeek(
      input({ children: kids, chores: [bins], history: [{ childId: order[0]!, choreId: 'bins', date: addDays(MON, -7) }, { childId: order[0]!, choreId: 'bins', date: addDays(THU, -7) }] }),
    );
    expect(days(second, order[1]!, 'bins')).toEqual([MON, THU]);
    // The order is the same shuffle every week and for any seed (it depends on the chore id only).
    expect(rotationOrder(new PlanContext(input({ children: [...kids].reverse(), chores: [bins], seed: 'other' })).jobById.get('bins')!).map((k) => k.id)).toEqual(order);
  });

  it('skips a child home on none of the occurrences; a day the week\'s child is away goes to the next one at home', () => {
    const children = kids.map((k) => (k.id === order[0] ? { ...k, awayDates: [MON, THU] } : k.id === order[1] ? { ...k, awayDates: [THU] } : k));
    const plan = planHouseholdWeek(input({ children, chores: [bins] }));
    expect(days(plan, order[1]!, 'bins')).toEqual([MON]);
    expect(days(plan, order[2]!, 'bins')).toEqual([THU]);
  });

  it('keeps the child of a kept occurrence as the week\'s child', () => {
    const plan = planHouseholdWeek(input({ children: kids, chores: [bins], kept: [{ childId: order[2]!, choreId: 'bins', date: MON }] }));
    expect(plan.dated).toEqual([{ childId: order[2]!, choreId: 'bins', date: THU, firstWins: false }]);
  });
});

describe('planHouseholdWeek: fair turns', () => {
  it('gives each occurrence to the child at home with the fewest turns over the last 4 weeks', () => {
    const history = [
      ...[1, 2, 3].map((n) => ({ childId: 'emma', choreId: 'dog', date: addDays(WEEK, -7 * n) })),
      ...[1, 2].map((n) => ({ childId: 'liam', choreId: 'dog', date: addDays(WEEK, -7 * n + 1) })),
      { childId: 'noah', choreId: 'dog', date: addDays(WEEK, -40) }, // older than 4 weeks: ignored
    ];
    const plan = planHouseholdWeek(
      input({
        children: [child('emma'), child('liam'), child('noah', { awayDates: [MON] })],
        chores: [chore('dog', { rhythm: { kind: 'days', days: ['monday', 'tuesday', 'wednesday'] }, who: { mode: 'one', turns: 'fair' } })],
        history,
      }),
    );
    // Monday: noah (0 turns) is away, liam (2) < emma (3), although liam had it last Monday (the count
    // comes first); Tuesday: noah (0); Wednesday: emma 3, liam 3, noah 1 -> noah.
    expect(plan.dated.map((d) => [d.date, d.childId])).toEqual([
      [MON, 'liam'],
      [TUE, 'noah'],
      [WED, 'noah'],
    ]);
  });

  it('one child at a time with balanced turns and a rhythm takes fair turns (one child per occurrence)', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { dailyChoresCount: 5 }), child('liam', { dailyChoresCount: 5 })],
        chores: [chore('water', { rhythm: { kind: 'everyNDays', every: 2, start: SUN } }), chore('plants', { rhythm: { kind: 'days', days: ['friday', 'saturday'] }, who: { mode: 'one', turns: 'balanced' } })],
      }),
    );
    expect(plan.dated.filter((d) => d.choreId === 'water').map((d) => d.date)).toEqual([SUN, TUE, THU, SAT]);
    expect(new Set(plan.dated.filter((d) => d.choreId === 'water').map((d) => d.childId)).size).toBe(2);
    expect(plan.dated.filter((d) => d.choreId === 'plants').map((d) => d.date)).toEqual([FRI, SAT]);
  });
});

describe('planHouseholdWeek: who may take it, away weeks, unassigned', () => {
  it('listed children skip the difficulty limit; unlisted ids are ignored; nobody listed: no-eligible-child', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { maxDifficultyLevel: 1 }), child('liam', { maxDifficultyLevel: 5 })],
        chores: [
          chore('saw', { difficultyLevel: 5, rhythm: { kind: 'once', date: TUE }, who: { mode: 'one', turns: 'fair', children: ['emma', 'ghost'] } }),
          chore('ghost-chore', { who: { mode: 'first', children: ['ghost'] } }),
          chore('hard', { difficultyLevel: 9, who: { mode: 'each' } }),
        ],
      }),
    );
    expect(plan.dated).toEqual([{ childId: 'emma', choreId: 'saw', date: TUE, firstWins: false }]);
    expect(plan.unassigned).toEqual([
      { choreId: 'ghost-chore', reason: 'no-eligible-child' },
      { choreId: 'hard', reason: 'no-eligible-child' },
    ]);
  });

  it('a balanced pool chore listing children goes only to them, whatever their difficulty limit', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { maxDifficultyLevel: 1, weeklyChoresCount: 1 }), child('liam', { maxDifficultyLevel: 5, weeklyChoresCount: 1 })],
        chores: [chore('mow', { category: 'weekly', difficultyLevel: 4, who: { mode: 'one', turns: 'balanced', children: ['emma'] } })],
      }),
    );
    expect(plan.dated.map((d) => d.childId)).toEqual(['emma']);
    expect(plan.unassigned).toEqual([]);
  });

  it('a chore whose eligible children are all away on its dates is unassigned (no-child-at-home); one with no date this week is not', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { awayDates: [SAT] }), child('liam', { maxDifficultyLevel: 0 })],
        chores: [chore('market', { rhythm: { kind: 'monthlyWeekday', nth: 1, weekday: 'saturday' }, who: { mode: 'first' } }), chore('later', { rhythm: { kind: 'once', date: addDays(WEEK, 30) } })],
      }),
    );
    expect(plan.dated).toEqual([]);
    expect(plan.unassigned).toEqual([{ choreId: 'market', reason: 'no-child-at-home' }]);
  });

  it('a child away all week gets nothing, a paused family gets an empty plan', () => {
    const all = weekDates(WEEK);
    const chores = [chore('dishes'), chore('bins', { category: 'weekly', who: { mode: 'each' } }), chore('tidy', { category: 'continuous' })];
    const some = planHouseholdWeek(input({ children: [child('emma', { awayDates: all, dailyChoresCount: 1, continuousChoresCount: 1 }), child('liam', { dailyChoresCount: 1 })], chores }));
    expect(some.dated.some((d) => d.childId === 'emma')).toBe(false);
    expect(some.continuous.some((d) => d.childId === 'emma')).toBe(false);
    expect(days(some, 'liam', 'dishes')).toEqual(all);
    const paused = planHouseholdWeek(input({ children: [child('emma', { awayDates: all, dailyChoresCount: 1 }), child('liam', { awayDates: all })], chores }));
    expect(paused).toEqual({ dated: [], continuous: [], unassigned: [], shortfalls: [] });
  });

  it('a daily pool chore is done on the child\'s home days only; scheduled value weighs in the pool\'s balance', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('emma', { dailyChoresCount: 1, awayDates: [FRI, SAT] }), child('liam', { dailyChoresCount: 1 })],
        chores: [
          chore('big', { amountCents: 1000 }),
          chore('small', { amountCents: 100 }),
          // Liam alone does a well-paid scheduled chore every day: the pool gives the big chore to Emma.
          chore('paper-round', { amountCents: 2000, who: { mode: 'each', children: [{ childId: 'liam' }] } }),
        ],
      }),
    );
    expect(days(plan, 'emma', 'big')).toEqual([SUN, MON, TUE, WED, THU]);
    expect(days(plan, 'liam', 'small')).toEqual(weekDates(WEEK));
    expect(days(plan, 'liam', 'paper-round')).toEqual(weekDates(WEEK));
  });

  it('never plans again what is kept and counts a kept pool chore in the quota', () => {
    const kept = [{ childId: 'emma', choreId: 'dishes', date: MON }];
    const plan = planHouseholdWeek(input({ children: [child('emma', { dailyChoresCount: 1 })], chores: [chore('dishes'), chore('table')], kept }));
    // Emma's daily quota is met by the kept dishes (today's behaviour: the planner does not top it up).
    expect(plan.dated).toEqual([]);
  });
});
