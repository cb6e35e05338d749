import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planToFixed, planWeek, type FixedAssignment, type PlannerInput } from './index';
import { anyInput, emptyPlan, RUNS, shuffled } from '../../../test/support/planner';

// Rules 8 and 9 of ./index.ts, and the degenerate inputs, as fast-check properties.

describe('planWeek properties: determinism and idempotence', { timeout: 60_000 }, () => {
  it('rule 8 (determinism): same input and seed → same plan, whatever the order of the arrays', () => {
    fc.assert(
      // Twins make ties (equal totals) common, where an order-dependent tie-break would show.
      fc.property(fc.oneof(anyInput(), anyInput({ twins: true }), anyInput({ twins: true, away: true })), fc.integer(), (input, perm) => {
        const plan = planWeek(input);
        expect(planWeek(structuredClone(input))).toEqual(plan);
        const lastWeek: Record<string, string[]> = {};
        for (const id of shuffled(Object.keys(input.lastWeek), perm)) lastWeek[id] = shuffled(input.lastWeek[id]!, perm + 1);
        const reordered: PlannerInput = {
          children: shuffled(input.children, perm + 2).map((c) => (c.awayDays ? { ...c, awayDays: shuffled(c.awayDays, perm + 5) } : c)),
          chores: shuffled(input.chores, perm + 3).map((c) => (c.childIds ? { ...c, childIds: shuffled(c.childIds, perm + 6) } : c)),
          fixed: shuffled(input.fixed, perm + 4),
          lastWeek,
          seed: input.seed,
        };
        if (input.baseTotals) {
          const base = input.baseTotals;
          reordered.baseTotals = Object.fromEntries(shuffled(Object.keys(base), perm + 7).map((id) => [id, base[id]!]));
        }
        expect(planWeek(reordered)).toEqual(plan);
      }),
      { numRuns: 2000 },
    );
  });

  it('rule 9 (idempotence): planning again with the plan added to fixed plans nothing', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        // The plan as the assignments the caller creates (a daily chore once: it is one chore of the quota).
        const created: FixedAssignment[] = Object.entries(plan.children).flatMap(([childId, p]) => [
          ...p.daily.map((choreId): FixedAssignment => ({ childId, choreId, category: 'daily' })),
          ...p.weekly.map(({ choreId, dayOfWeek }): FixedAssignment => ({ childId, choreId, category: 'weekly', dayOfWeek })),
          ...p.continuous.map((choreId): FixedAssignment => ({ childId, choreId, category: 'continuous' })),
        ]);
        expect(planToFixed(plan)).toEqual(created);
        const again = planWeek({ ...input, fixed: [...input.fixed, ...created] });
        for (const child of input.children) expect(again.children[child.id]).toEqual(emptyPlan);
      }),
      RUNS,
    );
  });

  it('quotas of 0 produce nothing; no chores produce empty plans', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const zero = input.children.map((c) => ({ ...c, dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 0 }));
        const noQuota = planWeek({ ...input, children: zero, fixed: [] });
        const noChores = planWeek({ ...input, chores: [], fixed: [] });
        for (const child of input.children) {
          expect(noQuota.children[child.id]).toEqual(emptyPlan);
          expect(noChores.children[child.id]).toEqual(emptyPlan);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the new inputs are neutral when unused: no away day, empty lists, zero base totals (and, with nobody away, one base for all)', () => {
    fc.assert(
      fc.property(anyInput({ away: false }), fc.integer({ min: 0, max: 50_000 }), (input, shift) => {
        const plain: PlannerInput = {
          ...input,
          children: input.children.map(({ awayDays: _awayDays, ...c }) => c),
          chores: input.chores.map(({ childIds: _childIds, ...c }) => c),
          baseTotals: undefined,
        };
        const plan = planWeek(plain);
        const explicit: PlannerInput = {
          ...plain,
          children: plain.children.map((c) => ({ ...c, awayDays: [] })),
          chores: plain.chores.map((c) => ({ ...c, childIds: [] })),
          baseTotals: Object.fromEntries(plain.children.map((c) => [c.id, 0])),
        };
        expect(planWeek(explicit)).toEqual(plan);
        // Balance compares totals only with each other: the same base for everybody changes nothing when all
        // children weigh a chore alike (nobody away).
        const shifted = { ...plain, baseTotals: Object.fromEntries(plain.children.map((c) => [c.id, shift])) };
        expect(planWeek(shifted)).toEqual(plan);
      }),
      RUNS,
    );
  });
});
