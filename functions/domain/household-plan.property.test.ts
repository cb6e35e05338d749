import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { occurrencesInWeek } from '../../shared/rhythm';
import { weekDates } from '../../shared/time';
import { planHouseholdWeek } from './household-plan';
import { eligibleIds, inputArb, isFirstMode, isHome, isPoolMode, key, weekdayOf } from '../../test/support/household-plan-arbitraries';
import type { HouseholdWeekInput } from './household-plan-types';

// Hundreds of random households per property: generous on a busy machine.
const TIMEOUT = 120_000;

// The guarantees as fast-check properties over random households: any mode, rhythm, away
// days, kept assignments and history (test/support/household-plan-arbitraries.ts). Turns and balance over
// several weeks: household-plan.turns.test.ts.
const RUNS = { numRuns: 600 };

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('planHouseholdWeek: guarantees', () => {
  it('has no duplicates and never repeats a kept assignment', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        const dated = plan.dated.map(key);
        const continuous = plan.continuous.map((c) => key({ ...c, date: null }));
        expect(new Set(dated).size).toBe(dated.length);
        expect(new Set(continuous).size).toBe(continuous.length);
        const kept = new Set(input.kept.map(key));
        for (const k of [...dated, ...continuous]) expect(kept.has(k)).toBe(false);
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('gives only known children known chores, on dates of the week', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        const week = new Set(weekDates(input.weekStart));
        const kids = new Set(input.children.map((c) => c.id));
        const chores = new Map(input.chores.map((c) => [c.id, c]));
        for (const d of plan.dated) {
          expect(week.has(d.date)).toBe(true);
          expect(kids.has(d.childId)).toBe(true);
          expect(chores.get(d.choreId)?.category).not.toBe('continuous');
        }
        for (const c of plan.continuous) {
          expect(kids.has(c.childId)).toBe(true);
          expect(chores.get(c.choreId)?.category).toBe('continuous');
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('gives nobody a chore on an away date, a child away all week nothing, a paused family nothing', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        for (const d of plan.dated) expect(isHome(input, d.childId, d.date)).toBe(true);
        const awayAllWeek = new Set(input.children.filter((c) => weekDates(input.weekStart).every((d) => c.awayDates.includes(d))).map((c) => c.id));
        for (const c of plan.continuous) expect(awayAllWeek.has(c.childId)).toBe(false);
        if (input.children.length > 0 && awayAllWeek.size === input.children.length) {
          expect(plan).toEqual({ dated: [], continuous: [], unassigned: [], shortfalls: [] });
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('plans a chore with a rhythm only on its occurrences, a first-wins chore-day as one offer to every eligible child at home', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        const chores = new Map(input.chores.map((c) => [c.id, c]));
        const keptOn = (choreId: string, date: string) => input.kept.filter((k) => k.choreId === choreId && k.date === date).map((k) => k.childId);
        for (const d of plan.dated) {
          const chore = chores.get(d.choreId)!;
          if (chore.rhythm) expect(occurrencesInWeek(chore.rhythm, input.weekStart)).toContain(d.date);
          expect(d.firstWins).toBe(isFirstMode(chore));
          if (!d.firstWins) continue;
          // The chore-day's offers: the planned ones and the kept ones; they are exactly the eligible
          // children at home (kept ones of other children aside), so the API pays it once.
          const offered = new Set([...plan.dated.filter((x) => x.choreId === d.choreId && x.date === d.date).map((x) => x.childId), ...keptOn(d.choreId, d.date)]);
          const homeEligible = eligibleIds(input, chore).filter((id) => isHome(input, id, d.date));
          for (const id of homeEligible) expect(offered.has(id)).toBe(true);
          for (const x of plan.dated.filter((y) => y.choreId === d.choreId && y.date === d.date)) {
            expect(x.firstWins).toBe(true);
            expect(homeEligible).toContain(x.childId);
          }
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('gives each chore only to its eligible children; turns give every occurrence to one child', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        const chores = new Map(input.chores.map((c) => [c.id, c]));
        for (const d of [...plan.dated, ...plan.continuous]) {
          expect(eligibleIds(input, chores.get(d.choreId)!)).toContain(d.childId);
        }
        for (const chore of input.chores) {
          const turns = chore.who ? chore.who.mode === 'one' && (chore.who.turns !== 'balanced' || chore.rhythm) : chore.rhythm;
          if (!turns || chore.category === 'continuous') continue;
          const dates = plan.dated.filter((d) => d.choreId === chore.id).map((d) => d.date);
          const kept = input.kept.filter((k) => k.choreId === chore.id && k.date !== null).map((k) => k.date);
          expect(new Set(dates).size).toBe(dates.length);
          for (const date of dates) expect(kept).not.toContain(date);
          if (!chore.rhythm && chore.category === 'weekly') expect(dates.length + new Set(kept).size).toBeLessThanOrEqual(Math.max(1, new Set(kept).size));
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('one child at a time (issue 29): a pool chore goes to one child for the week, never beside another child holding it; the shortfalls say who got fewer', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        const chores = new Map(input.chores.map((c) => [c.id, c]));
        const holders = new Map<string, Set<string>>();
        const hold = (choreId: string, childId: string) => holders.set(choreId, (holders.get(choreId) ?? new Set()).add(childId));
        for (const d of [...plan.dated, ...plan.continuous]) if (isPoolMode(chores.get(d.choreId)!)) hold(d.choreId, d.childId);
        for (const [choreId, kids] of holders) {
          // Planned for one child only, and never while a child holds it already this week (a ticked,
          // hand-assigned or started one stays that child's alone).
          expect(kids.size, `${choreId} planned for ${[...kids].join(', ')}`).toBe(1);
          const keptBy = input.kept.filter((k) => k.choreId === choreId).map((k) => k.childId);
          expect(keptBy, `${choreId} planned beside a kept one`).toEqual([]);
        }
        // Every shortfall is a real one: the child holds fewer pool chores of the category than it asked for.
        for (const s of plan.shortfalls) {
          const child = input.children.find((c) => c.id === s.childId)!;
          const asked = s.category === 'daily' ? child.dailyChoresCount : s.category === 'weekly' ? child.weeklyChoresCount : child.continuousChoresCount;
          expect(s.asked).toBe(asked);
          expect(s.available).toBeLessThan(s.asked);
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('loses no occurrence: each gives every allowed home occurrence to every eligible child, turns give every occurrence someone eligible is home for', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        if (input.children.length > 0 && input.children.every((c) => weekDates(input.weekStart).every((d) => c.awayDates.includes(d)))) return;
        const has = (childId: string, choreId: string, date: string) =>
          plan.dated.some((d) => d.childId === childId && d.choreId === choreId && d.date === date) ||
          input.kept.some((k) => k.childId === childId && k.choreId === choreId && k.date === date);
        for (const chore of input.chores) {
          if (chore.category === 'continuous' || !chore.rhythm) continue; // floating days: see the examples
          const dates = occurrencesInWeek(chore.rhythm, input.weekStart);
          const eligible = eligibleIds(input, chore);
          if (chore.who?.mode === 'each') {
            for (const id of eligible) {
              const entries = (chore.who.children ?? []).filter((e) => e.childId === id);
              const allowed = (d: string) => entries.length === 0 || entries.some((e) => !e.days?.length || e.days.includes(weekdayOf(d)));
              for (const d of dates) if (isHome(input, id, d) && allowed(d)) expect(has(id, chore.id, d)).toBe(true);
            }
          } else if (!isFirstMode(chore)) {
            for (const d of dates) {
              const planned = plan.dated.filter((x) => x.choreId === chore.id && x.date === d);
              expect(planned.length).toBeLessThanOrEqual(1);
              const someoneHome = eligible.some((id) => isHome(input, id, d));
              const kept = input.kept.some((k) => k.choreId === chore.id && k.date === d && input.children.some((c) => c.id === k.childId));
              if (someoneHome) expect(planned.length + (kept ? 1 : 0)).toBeGreaterThan(0);
            }
          }
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('lists as unassigned exactly the occurring chores it could not give, with the right reason', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const plan = planHouseholdWeek(input);
        const paused = input.children.length > 0 && input.children.every((c) => weekDates(input.weekStart).every((d) => c.awayDates.includes(d)));
        if (paused) return;
        const unassigned = new Map(plan.unassigned.map((u) => [u.choreId, u.reason]));
        expect(unassigned.size).toBe(plan.unassigned.length);
        for (const chore of input.chores) {
          const occurs = chore.category === 'continuous' || !chore.rhythm || occurrencesInWeek(chore.rhythm, input.weekStart).length > 0;
          const given =
            plan.dated.some((d) => d.choreId === chore.id) ||
            plan.continuous.some((c) => c.choreId === chore.id) ||
            input.kept.some((k) => k.choreId === chore.id && input.children.some((c) => c.id === k.childId));
          const eligible = eligibleIds(input, chore);
          const reason = unassigned.get(chore.id);
          const dates = chore.rhythm && chore.category !== 'continuous' ? occurrencesInWeek(chore.rhythm, input.weekStart) : weekDates(input.weekStart);
          const someoneHome = eligible.some((id) => dates.some((d) => isHome(input, id, d)));
          if (!occurs || given) expect(reason).toBeUndefined();
          else if (eligible.length === 0) expect(reason).toBe('no-eligible-child');
          // A pool chore nobody took is the quotas' choice unless nobody eligible is home.
          else if (isPoolMode(chore)) expect(reason).toBe(someoneHome ? undefined : 'no-child-at-home');
          else expect(reason).toBe('no-child-at-home');
          // Nobody eligible is home on an occurrence, unless each-mode `days` leave them out.
          if (reason === 'no-child-at-home' && chore.who?.mode !== 'each') expect(someoneHome).toBe(false);
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('is deterministic whatever the order of the input arrays, and depends on nothing else', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 1e6 }), (input, s) => {
        const again: HouseholdWeekInput = {
          ...input,
          children: shuffled(input.children, s).map((c) => ({ ...c, awayDates: shuffled(c.awayDates, s + 1) })),
          chores: shuffled(input.chores, s + 2),
          kept: shuffled(input.kept, s + 3),
          history: shuffled(input.history, s + 4),
        };
        expect(planHouseholdWeek(again)).toEqual(planHouseholdWeek(input));
      }),
      { numRuns: 300 },
    );
  }, TIMEOUT);
});
