import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rhythm } from '../../shared/planning';
import { addDays, weekDates, type IsoDate } from '../../shared/time';
import { planHouseholdWeek } from './household-plan';
import { inputArb, isFairMode, isHome, nextHistory, sundayArb, weekdayArb, weekdayOf } from '../../test/support/household-plan-arbitraries';
import type { HouseholdChild, HouseholdChore, HouseholdWeekInput, PastAssignment } from './household-plan-types';

// Hundreds of random households per property: generous on a busy machine.
const TIMEOUT = 120_000;

// Turns and balance over several weeks: each week's plan is fed back as the next one's history
// (the last 4 weeks), as the Sunday job does.

const kid = (id: string, awayDates: IsoDate[] = [], maxDifficultyLevel = 5): HouseholdChild => ({
  id,
  maxDifficultyLevel,
  dailyChoresCount: 1,
  weeklyChoresCount: 1,
  continuousChoresCount: 0,
  awayDates,
});

/** Rhythms that happen at least once every week (so 4 weeks of history hold a full turn of up to 5 children). */
const weeklyRhythmArb: fc.Arbitrary<Rhythm | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({ kind: fc.constant('days' as const), days: fc.uniqueArray(weekdayArb, { minLength: 1, maxLength: 7 }) }),
  fc.record({ kind: fc.constant('everyNDays' as const), every: fc.integer({ min: 2, max: 7 }), start: fc.constant('2025-06-01') }),
);

/** A household with 2–5 always-home children sharing turn chores, others away on random days, other chores around. */
const householdArb = (turns: 'fair' | 'week') =>
  fc.record({
    weekStart: sundayArb,
    homeKids: fc.integer({ min: 2, max: 5 }),
    others: fc.array(fc.subarray([0, 1, 2, 3, 4, 5, 6]), { maxLength: 2 }),
    turnChores: fc.array(
      fc.record({ category: fc.constantFrom('daily' as const, 'weekly' as const), rhythm: weeklyRhythmArb, amountCents: fc.constantFrom(10, 50, 100, 300) }),
      { minLength: 1, maxLength: 3 },
    ),
    otherChores: fc.array(
      fc.record({
        category: fc.constantFrom('daily' as const, 'weekly' as const),
        amountCents: fc.constantFrom(25, 100, 400),
        mode: fc.constantFrom('pool', 'each', 'first', 'fair'),
      }),
      { maxLength: 6 },
    ),
    weeks: fc.integer({ min: 5, max: 16 }),
    seed: fc.string({ minLength: 1, maxLength: 6 }),
  }).map((h) => {
    const homeIds = Array.from({ length: h.homeKids }, (_, i) => `home${i}`);
    const children = [
      ...homeIds.map((id) => kid(id)),
      ...h.others.map((offsets, i) => ({ ...kid(`other${i}`), awayOffsets: offsets })),
    ];
    const chores: HouseholdChore[] = [
      ...h.turnChores.map((c, i) => ({
        id: `turn${i}`,
        category: c.category,
        difficultyLevel: 1,
        amountCents: c.amountCents,
        ...(c.rhythm ? { rhythm: c.rhythm } : {}),
        who: { mode: 'one' as const, turns, children: homeIds },
      })),
      ...h.otherChores.map((c, i) => ({
        id: `other${i}`,
        category: c.category,
        difficultyLevel: 1,
        amountCents: c.amountCents,
        ...(c.mode === 'pool' ? {} : { who: c.mode === 'fair' ? { mode: 'one' as const, turns: 'fair' as const } : { mode: c.mode as 'each' | 'first' } }),
      })),
    ];
    return { ...h, homeIds, children, chores };
  });

type Household = ReturnType<typeof householdArb> extends fc.Arbitrary<infer H> ? H : never;

/** Runs `h.weeks` consecutive weeks; calls `onWeek` with each week's input and plan. */
function simulate(h: Household, onWeek: (input: HouseholdWeekInput, plan: ReturnType<typeof planHouseholdWeek>) => void): void {
  let history: PastAssignment[] = [];
  for (let w = 0; w < h.weeks; w++) {
    const weekStart = addDays(h.weekStart, 7 * w);
    const dates = weekDates(weekStart);
    const children = h.children.map(({ awayOffsets, ...c }: HouseholdChild & { awayOffsets?: number[] }) => ({
      ...c,
      // The other children's away days move with the week (one more each week) so they are not always the same.
      awayDates: (awayOffsets ?? []).map((o) => dates[(o + w) % 7]!),
    }));
    const input: HouseholdWeekInput = { weekStart, children, chores: h.chores, kept: [], history, seed: `${h.seed}:${weekStart}` };
    const plan = planHouseholdWeek(input);
    onWeek(input, plan);
    history = nextHistory(history, plan, addDays(weekStart, 7));
  }
}

describe('planHouseholdWeek: fair turns over many weeks', () => {
  it('keeps the counts of a fair chore between always-home children within 1 at every point, week after week', () => {
    fc.assert(
      fc.property(householdArb('fair'), (h) => {
        const counts = new Map<string, number>();
        simulate(h, (_, plan) => {
          for (const chore of h.chores.filter((c) => c.id.startsWith('turn'))) {
            for (const d of plan.dated.filter((x) => x.choreId === chore.id)) {
              counts.set(`${chore.id}|${d.childId}`, (counts.get(`${chore.id}|${d.childId}`) ?? 0) + 1);
              const all = h.homeIds.map((id) => counts.get(`${chore.id}|${id}`) ?? 0);
              expect(Math.max(...all) - Math.min(...all)).toBeLessThanOrEqual(1);
            }
          }
        });
      }),
      { numRuns: 150 },
    );
  }, TIMEOUT);

  it('repeats last week\'s chore-day for a child only when no other child at home has as few turns and did not have it', () => {
    const check = (input: HouseholdWeekInput, plan: ReturnType<typeof planHouseholdWeek>) => {
      const from = addDays(input.weekStart, -28);
      const lastFrom = addDays(input.weekStart, -7);
      const window = new Set(input.history.filter((a) => a.date >= from && a.date < input.weekStart).map((a) => `${a.childId}|${a.choreId}|${a.date}`));
      for (const chore of input.chores) {
        if (!isFairMode(chore) || (!chore.rhythm && chore.category === 'weekly')) continue;
        const eligible = chore.who?.children?.length
          ? input.children.filter((c) => (chore.who!.children as string[]).includes(c.id))
          : input.children.filter((c) => c.maxDifficultyLevel >= chore.difficultyLevel);
        const count = new Map<string, number>(eligible.map((c) => [c.id, 0]));
        for (const k of window) {
          const [childId, choreId] = k.split('|');
          if (choreId === chore.id && count.has(childId!)) count.set(childId!, count.get(childId!)! + 1);
        }
        const hadOn = (childId: string, date: IsoDate) =>
          input.history.some((a) => a.choreId === chore.id && a.childId === childId && a.date >= lastFrom && a.date < input.weekStart && weekdayOf(a.date) === weekdayOf(date));
        for (const d of plan.dated.filter((x) => x.choreId === chore.id)) {
          if (hadOn(d.childId, d.date)) {
            for (const other of eligible) {
              if (other.id === d.childId || !isHome(input, other.id, d.date) || hadOn(other.id, d.date)) continue;
              expect(count.get(other.id)!).toBeGreaterThan(count.get(d.childId)!);
            }
          }
          count.set(d.childId, count.get(d.childId)! + 1);
        }
      }
    };
    fc.assert(
      fc.property(householdArb('fair'), (h) => simulate(h, check)),
      { numRuns: 100 },
    );
    // Single random weeks (any history), kept assignments left out: they count as turns already taken.
    fc.assert(
      fc.property(inputArb, (input) => check({ ...input, kept: [] }, planHouseholdWeek({ ...input, kept: [] }))),
      { numRuns: 500 },
    );
  }, TIMEOUT);
});

describe('planHouseholdWeek: week turns over many weeks', () => {
  it('gives the whole week to one child and rotates through the children, each once per round', () => {
    fc.assert(
      fc.property(householdArb('week'), (h) => {
        const holders = new Map<string, string[]>();
        simulate(h, (input, plan) => {
          for (const chore of h.chores.filter((c) => c.id.startsWith('turn'))) {
            const doers = [...new Set(plan.dated.filter((x) => x.choreId === chore.id).map((x) => x.childId))];
            if (doers.length === 0) continue;
            expect(doers).toHaveLength(1);
            holders.set(chore.id, [...(holders.get(chore.id) ?? []), doers[0]!]);
            expect(input.children.find((c) => c.id === doers[0])!.awayDates).toEqual([]);
          }
        });
        for (const list of holders.values()) {
          const n = h.homeIds.length;
          // Every run of n consecutive weeks (with the chore) has each child exactly once.
          for (let i = 0; i + n <= list.length; i++) expect(new Set(list.slice(i, i + n)).size).toBe(n);
        }
      }),
      { numRuns: 150 },
    );
  }, TIMEOUT);
});

describe('planHouseholdWeek: balance', () => {
  it('twins (same limit, counts, home days, nothing kept, same scheduled value) end up at most one pool chore apart', () => {
    fc.assert(
      fc.property(
        fc.record({
          weekStart: sundayArb,
          twinAway: fc.subarray([0, 1, 2, 3, 4, 5]),
          twinLimit: fc.integer({ min: 1, max: 5 }),
          counts: fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })),
          others: fc.array(fc.record({ limit: fc.integer({ min: 0, max: 5 }), away: fc.subarray([0, 1, 2, 3, 4, 5, 6]), daily: fc.integer({ min: 0, max: 3 }) }), { maxLength: 3 }),
          chores: fc.array(
            fc.record({
              category: fc.constantFrom('daily' as const, 'weekly' as const),
              difficultyLevel: fc.integer({ min: 1, max: 5 }),
              amountCents: fc.constantFrom(10, 25, 50, 100, 250, 1000),
              mode: fc.constantFrom('pool', 'pool', 'each', 'first'),
            }),
            { minLength: 1, maxLength: 20 },
          ),
          seed: fc.string({ maxLength: 6 }),
        }),
        (f) => {
          const dates = weekDates(f.weekStart);
          const twin = (id: string): HouseholdChild => ({
            ...kid(id, f.twinAway.map((o) => dates[o]!), f.twinLimit),
            dailyChoresCount: f.counts[0],
            weeklyChoresCount: f.counts[1],
          });
          const children = [
            twin('twinA'),
            twin('twinB'),
            ...f.others.map((o, i) => ({ ...kid(`other${i}`, o.away.map((x) => dates[x]!), o.limit), dailyChoresCount: o.daily })),
          ];
          const chores: HouseholdChore[] = f.chores.map((c, i) => ({
            id: `c${i}`,
            category: c.category,
            difficultyLevel: c.difficultyLevel,
            amountCents: c.amountCents,
            ...(c.mode === 'pool' ? {} : { who: { mode: c.mode as 'each' | 'first' } }),
          }));
          const plan = planHouseholdWeek({ weekStart: f.weekStart, children, chores, kept: [], history: [], seed: f.seed });
          const byId = new Map(chores.map((c) => [c.id, c]));
          const total = (id: string) =>
            plan.dated
              .filter((d) => d.childId === id)
              .reduce((s, d) => s + byId.get(d.choreId)!.amountCents / (d.firstWins ? plan.dated.filter((x) => x.choreId === d.choreId && x.date === d.date).length : 1), 0);
          const homeDays = 7 - f.twinAway.length;
          const contribution = Math.max(
            0,
            ...chores.filter((c) => !c.who && c.difficultyLevel <= f.twinLimit).map((c) => (c.category === 'daily' ? c.amountCents * homeDays : c.amountCents)),
          );
          expect(Math.abs(total('twinA') - total('twinB'))).toBeLessThanOrEqual(contribution + 1e-9);
        },
      ),
      { numRuns: 400 },
    );
  }, TIMEOUT);
});
