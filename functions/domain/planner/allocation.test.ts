import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planWeek, type Category, type PlannerChild, type PlannerChore } from './index';
import { anyInput, CATEGORIES, eligibleFor, facts, plannedCount, quotaOf, RUNS } from '../../../test/support/planner';

/**
 * Independent oracle (Kuhn's augmenting paths): the most of each child's `places` that can be filled
 * with `open` chores it may take, each chore to one child.
 */
function maxMatching(children: readonly PlannerChild[], open: readonly PlannerChore[], places: (child: PlannerChild) => number): number {
  const owner = new Map<string, string>();
  const tryPlace = (child: PlannerChild, seen: Set<string>): boolean => {
    for (const c of open) {
      if (!eligibleFor(child, c) || seen.has(c.id)) continue;
      seen.add(c.id);
      const other = owner.get(c.id);
      if (other === undefined || tryPlace(children.find((k) => k.id === other)!, seen)) {
        owner.set(c.id, child.id);
        return true;
      }
    }
    return false;
  };
  let filled = 0;
  for (const child of children) for (let i = 0; i < places(child); i++) if (tryPlace(child, new Set())) filled++;
  return filled;
}

// Rules 1–5 of ./index.ts as fast-check properties (≥ 1000 runs each) over random families, with and without
// away days, chores restricted to some children and base totals (see test/support/planner.ts). Each property was
// checked to fail on a deliberately broken planner.

// Generous timeout: a thousand-plus runs per property take 0.3–2 s, more on a busy machine.
describe('planWeek properties: who gets which chore', { timeout: 60_000 }, () => {
  it('rule 1 (quota): fixed + planned <= max(fixed, min(quota, eligible)) per child and category, and the plan fills as many places as one child per chore allows; every child appears', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        expect(Object.keys(plan.children).sort()).toEqual(input.children.map((c) => c.id).sort());
        const known = new Set(input.children.map((c) => c.id));
        const fixedKeys = (childId: string, cat: Category) =>
          new Set(input.fixed.filter((f) => f.childId === childId && (input.chores.find((c) => c.id === f.choreId)?.category ?? f.category) === cat).map((f) => `${f.choreId}\u0000${f.dayOfWeek ?? ''}`)).size;
        for (const cat of CATEGORIES) {
          const places = new Map<string, number>();
          for (const child of input.children) {
            const fixed = fixedKeys(child.id, cat);
            const eligible = input.chores.filter((c) => c.category === cat && eligibleFor(child, c)).length;
            const planned = plannedCount(plan.children[child.id]!, cat);
            const cap = Math.max(fixed, Math.min(quotaOf(child, cat), eligible));
            expect(fixed + planned).toBeLessThanOrEqual(cap);
            places.set(child.id, cap - fixed);
          }
          // Independent oracle (Kuhn's algorithm): the most places that can be filled with chores nobody holds
          // through a fixed assignment, each chore to one child.
          const taken = new Set(input.fixed.filter((f) => known.has(f.childId)).map((f) => f.choreId));
          const open = input.chores.filter((c) => c.category === cat && !taken.has(c.id));
          const best = maxMatching(input.children, open, (child) => places.get(child.id)!);
          const total = input.children.reduce((n, child) => n + plannedCount(plan.children[child.id]!, cat), 0);
          expect(total).toBe(best);
        }
      }),
      RUNS,
    );
  });

  it('rule 2 (eligibility): only input chores, of the right category, within the difficulty limit, for the children listed', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        const { choreById, planned } = facts(input, plan);
        for (const { child, chore, category } of planned) {
          expect(chore).toBeDefined();
          expect(choreById.get(chore.id)).toBe(chore);
          expect(chore.category).toBe(category);
          expect(chore.difficultyLevel).toBeLessThanOrEqual(child.maxDifficultyLevel);
          if (chore.childIds?.length) expect(chore.childIds, `${chore.id} went to ${child.id}, not listed`).toContain(child.id);
        }
      }),
      RUNS,
    );
  });

  it('childIds: nobody outside a chore\'s list gets it, and a list naming everybody changes nothing', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        for (const c of input.chores) {
          if (!c.childIds?.length) continue;
          for (const child of input.children) {
            if (c.childIds.includes(child.id)) continue;
            const p = plan.children[child.id]!;
            expect([...p.daily, ...p.weekly.map((w) => w.choreId), ...p.continuous]).not.toContain(c.id);
          }
        }
        const everybody = input.children.map((c) => c.id);
        const open = { ...input, chores: input.chores.map((c) => ({ ...c, childIds: c.childIds?.length ? everybody : c.childIds })) };
        const unlisted = { ...input, chores: input.chores.map(({ childIds: _childIds, ...c }) => c) };
        expect(planWeek(open)).toEqual(planWeek(unlisted));
      }),
      RUNS,
    );
  });

  it('rule 3 (no duplicates): a child never gets the same chore twice, fixed included', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        for (const child of input.children) {
          const p = plan.children[child.id]!;
          const ids = [...p.daily, ...p.weekly.map((w) => w.choreId), ...p.continuous];
          expect(new Set(ids).size).toBe(ids.length);
          const fixedIds = new Set(input.fixed.filter((f) => f.childId === child.id).map((f) => f.choreId));
          for (const id of ids) expect(fixedIds.has(id)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('rule 4 (one child at a time, issue 29): a planned chore is held by no other child, fixed or planned', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        const { planned, holderCount } = facts(input, plan);
        for (const { child, chore } of planned) expect(holderCount(chore.id), `${child.id} shares ${chore.id}`).toBe(1);
      }),
      { numRuns: 5000 },
    );
  });

  it('rule 4, family-wide: as many distinct chores are held as any plan could reach (sharing is minimal)', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        const { holds } = facts(input, plan);
        for (const cat of CATEGORIES) {
          const chores = input.chores.filter((c) => c.category === cat);
          const heldBy = (id: string) => [...holds.values()].some((s) => s.has(id));
          const covered = chores.filter((c) => heldBy(c.id)).length;
          // Independent oracle: chores already covered by fixed assignments, plus a maximum matching (Kuhn's
          // algorithm) of each child's planned places onto the other chores it may take.
          const fixedCovered = new Set(input.fixed.filter((f) => f.category === cat).map((f) => f.choreId));
          const open = chores.filter((c) => !fixedCovered.has(c.id));
          const matched = maxMatching(input.children, open, (child) => plannedCount(plan.children[child.id]!, cat));
          expect(covered).toBe(chores.filter((c) => fixedCovered.has(c.id)).length + matched);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('rule 5 (no repetition): a planned chore from last week means no unheld eligible chore new to the child', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        const { planned, holderCount, holds } = facts(input, plan);
        for (const { child, chore } of planned) {
          const lastWeek = new Set(input.lastWeek[child.id] ?? []);
          if (!lastWeek.has(chore.id)) continue;
          const alternative = input.chores.find(
            (y) =>
              y.category === chore.category &&
              eligibleFor(child, y) &&
              !lastWeek.has(y.id) &&
              !holds.get(child.id)!.has(y.id) &&
              holderCount(y.id) === 0,
          );
          expect(alternative, `${child.id} repeats ${chore.id} although ${alternative?.id} is free`).toBeUndefined();
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('rule 5, pairwise: no two children could exchange planned chores to repeat less (without breaking rules)', () => {
    fc.assert(
      fc.property(anyInput(), (input) => {
        const plan = planWeek(input);
        const { planned, holderCount, holds } = facts(input, plan);
        const lastWeek = (c: PlannerChild) => new Set(input.lastWeek[c.id] ?? []);
        const free = (c: PlannerChild, cat: Category, onlyNew: boolean) =>
          input.chores.some(
            (y) => y.category === cat && eligibleFor(c, y) && holderCount(y.id) === 0 && !(onlyNew && lastWeek(c).has(y.id)),
          );
        // Could child c take chore x (from its other holder) without breaking rules 2, 3, 4, 5?
        const mayTake = (c: PlannerChild, x: PlannerChore) =>
          eligibleFor(c, x) &&
          !holds.get(c.id)!.has(x.id) &&
          !(holderCount(x.id) >= 2 && free(c, x.category, false)) &&
          !(lastWeek(c).has(x.id) && free(c, x.category, true));
        for (const p of planned) {
          for (const q of planned) {
            if (p.child === q.child || p.category !== q.category) continue;
            const before = Number(lastWeek(p.child).has(p.chore.id)) + Number(lastWeek(q.child).has(q.chore.id));
            const after = Number(lastWeek(q.child).has(p.chore.id)) + Number(lastWeek(p.child).has(q.chore.id));
            if (after < before) {
              expect(mayTake(q.child, p.chore) && mayTake(p.child, q.chore), `${p.child.id}/${q.child.id} could swap ${p.chore.id}/${q.chore.id}`).toBe(false);
            }
          }
        }
      }),
      RUNS,
    );
  });
});
