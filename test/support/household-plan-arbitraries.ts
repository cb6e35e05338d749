/**
 * fast-check arbitraries and helpers for the household planner's property tests
 * (household-plan.property.test.ts, household-plan.turns.test.ts). Test-only.
 */
import fc from 'fast-check';
import type { ChoreCategory } from '../../shared/api-types';
import type { Rhythm, WhoDoesIt } from '../../shared/planning';
import { addDays, weekDates, WEEKDAYS, weekdayOf, type IsoDate, type Weekday } from '../../shared/time';
import type { HouseholdChild, HouseholdChore, HouseholdWeekInput, HouseholdWeekPlan, KeptAssignment, PastAssignment } from '../../functions/domain/household-plan-types';

/** Sundays from 2026-01-04 over two years. */
export const sundayArb = fc.integer({ min: 0, max: 104 }).map((i) => addDays('2026-01-04', 7 * i));
export const weekdayArb = fc.constantFrom<Weekday>(...WEEKDAYS);
const daysArb = fc.uniqueArray(weekdayArb, { minLength: 1, maxLength: 7 });
const KID_IDS = ['kid0', 'kid1', 'kid2', 'kid3', 'kid4', 'kid5'];
/** Ids a `who` may list: the children's, and one that is no child of the input. */
const listableIdArb = fc.constantFrom(...KID_IDS, 'ghost');

export function rhythmArb(weekStart: IsoDate): fc.Arbitrary<Rhythm> {
  const nearDate = fc.integer({ min: -60, max: 60 }).map((n) => addDays(weekStart, n));
  return fc.oneof(
    fc.record({ kind: fc.constant('days' as const), days: daysArb }),
    fc.record({ kind: fc.constant('everyNDays' as const), every: fc.integer({ min: 2, max: 90 }), start: nearDate }),
    fc.record({
      kind: fc.constant('everyNWeeks' as const),
      every: fc.integer({ min: 2, max: 12 }),
      anchorWeek: fc.integer({ min: -20, max: 20 }).map((n) => addDays(weekStart, 7 * n)),
      days: daysArb,
    }),
    fc.record({ kind: fc.constant('monthlyDate' as const), day: fc.integer({ min: 1, max: 31 }) }),
    fc.record({ kind: fc.constant('monthlyWeekday' as const), nth: fc.constantFrom<1 | 2 | 3 | 4 | -1>(1, 2, 3, 4, -1), weekday: weekdayArb }),
    fc.record({ kind: fc.constant('once' as const), date: fc.integer({ min: -3, max: 10 }).map((n) => addDays(weekStart, n)) }),
  );
}

export const whoArb: fc.Arbitrary<WhoDoesIt> = fc.oneof(
  fc.record(
    { mode: fc.constant('one' as const), turns: fc.constantFrom('balanced' as const, 'week' as const, 'fair' as const), children: fc.uniqueArray(listableIdArb, { maxLength: 4 }) },
    { requiredKeys: ['mode', 'turns'] },
  ),
  fc.record(
    { mode: fc.constant('each' as const), children: fc.array(fc.record({ childId: listableIdArb, days: daysArb }, { requiredKeys: ['childId'] }), { maxLength: 4 }) },
    { requiredKeys: ['mode'] },
  ),
  fc.record({ mode: fc.constant('first' as const), children: fc.uniqueArray(listableIdArb, { maxLength: 4 }) }, { requiredKeys: ['mode'] }),
);

/** Away dates: usually none, sometimes some, sometimes the whole week. */
function awayArb(weekStart: IsoDate): fc.Arbitrary<IsoDate[]> {
  const dates = weekDates(weekStart);
  return fc.oneof({ weight: 3, arbitrary: fc.constant<IsoDate[]>([]) }, { weight: 4, arbitrary: fc.subarray(dates) }, { weight: 1, arbitrary: fc.constant(dates) });
}

export function childArb(weekStart: IsoDate): fc.Arbitrary<HouseholdChild> {
  return fc.record({
    id: fc.constantFrom(...KID_IDS),
    maxDifficultyLevel: fc.integer({ min: 0, max: 5 }),
    dailyChoresCount: fc.integer({ min: 0, max: 3 }),
    weeklyChoresCount: fc.integer({ min: 0, max: 3 }),
    continuousChoresCount: fc.integer({ min: 0, max: 2 }),
    awayDates: awayArb(weekStart),
  });
}

export function choreArb(weekStart: IsoDate): fc.Arbitrary<HouseholdChore> {
  return fc.record(
    {
      id: fc.integer({ min: 0, max: 30 }).map((n) => `chore${n}`),
      category: fc.constantFrom<ChoreCategory>('daily', 'weekly', 'weekly', 'continuous'),
      difficultyLevel: fc.integer({ min: 1, max: 5 }),
      amountCents: fc.constantFrom(0, 25, 50, 100, 100, 250, 500),
      rhythm: rhythmArb(weekStart),
      who: whoArb,
    },
    { requiredKeys: ['id', 'category', 'difficultyLevel', 'amountCents'] },
  );
}

/** A random household week: children, chores (any mode and rhythm), kept assignments and 4 weeks of history. */
export const inputArb: fc.Arbitrary<HouseholdWeekInput> = sundayArb.chain((weekStart) =>
  fc
    .record({
      children: fc.uniqueArray(childArb(weekStart), { selector: (c) => c.id, maxLength: 5 }),
      chores: fc.uniqueArray(choreArb(weekStart), { selector: (c) => c.id, maxLength: 14 }),
      seed: fc.string({ minLength: 1, maxLength: 8 }),
    })
    .chain(({ children, chores, seed }) => {
      const kids = children.length > 0 ? children.map((c) => c.id) : ['kid0'];
      const ids = chores.length > 0 ? chores.map((c) => c.id) : ['chore0'];
      const kept: fc.Arbitrary<KeptAssignment[]> = fc.array(
        fc.record({
          childId: fc.constantFrom(...kids),
          choreId: fc.constantFrom(...ids),
          date: fc.option(fc.constantFrom(...weekDates(weekStart)), { nil: null }),
        }),
        { maxLength: 6 },
      );
      const history: fc.Arbitrary<PastAssignment[]> = fc.array(
        fc.record({
          childId: fc.constantFrom(...kids),
          choreId: fc.constantFrom(...ids),
          date: fc.integer({ min: 1, max: 35 }).map((n) => addDays(weekStart, -n)),
        }),
        { maxLength: 20 },
      );
      return fc.record({ weekStart: fc.constant(weekStart), children: fc.constant(children), chores: fc.constant(chores), kept, history, seed: fc.constant(seed) });
    }),
);

// --- Helpers shared by the property tests ---------------------------------------------------------

/** The children who may take a chore, as the planner's rules say (independently computed). */
export function eligibleIds(input: HouseholdWeekInput, chore: HouseholdChore): string[] {
  const ids = input.children.map((c) => c.id);
  const listed = chore.who?.mode === 'each' ? (chore.who.children ?? []).map((e) => e.childId) : (chore.who?.children ?? []);
  if (listed.length > 0) return ids.filter((id) => listed.includes(id));
  return input.children.filter((c) => c.maxDifficultyLevel >= chore.difficultyLevel).map((c) => c.id);
}

export const isHome = (input: HouseholdWeekInput, childId: string, date: IsoDate): boolean =>
  !(input.children.find((c) => c.id === childId)?.awayDates ?? []).includes(date);

/** Whether a chore is planned in first-wins mode (continuous first chores go to the pool). */
export const isFirstMode = (chore: HouseholdChore): boolean => chore.who?.mode === 'first' && chore.category !== 'continuous';

/** Whether a chore is planned as fair turns. */
export const isFairMode = (chore: HouseholdChore): boolean =>
  chore.category !== 'continuous' &&
  (chore.who === undefined ? chore.rhythm !== undefined : chore.who.mode === 'one' && (chore.who.turns === 'fair' || (chore.who.turns === 'balanced' && chore.rhythm !== undefined)));

/** Whether a chore goes to the balanced pool (planWeek). */
export const isPoolMode = (chore: HouseholdChore): boolean =>
  chore.category === 'continuous'
    ? chore.who?.mode !== 'each'
    : chore.rhythm === undefined && (chore.who === undefined || (chore.who.mode === 'one' && chore.who.turns === 'balanced'));

export const key = (a: { childId: string; choreId: string; date?: IsoDate | null }): string => `${a.childId}|${a.choreId}|${a.date ?? ''}`;

/** A week's plan fed back as history: the 4 weeks before `nextWeekStart` (the week after the plan's). */
export function nextHistory(history: PastAssignment[], plan: HouseholdWeekPlan, nextWeekStart: IsoDate): PastAssignment[] {
  const from = addDays(nextWeekStart, -28);
  return [...history.filter((h) => h.date >= from), ...plan.dated.map((d) => ({ childId: d.childId, choreId: d.choreId, date: d.date }))];
}

export { weekdayOf };
