import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../shared/time';
import { planWeek, type PlannerInput } from './index';
import { anyInput, busyWeeklyInput, chore, emptyPlan, facts, kid, RUNS } from '../../../test/support/planner';

// Rule 6 of ./index.ts (weekly day placement) as fast-check properties, with and without away days.

describe('planWeek properties: weekly days', { timeout: 60_000 }, () => {
  it('rule 6a (weekly spread per child): planned weekly chores take home days the child has free while it has any', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput(), anyInput({ away: true })), (input) => {
        const plan = planWeek(input);
        for (const child of input.children) {
          const away = new Set<string>(child.awayDays ?? []);
          const home = WEEKDAYS.filter((d) => !away.has(d));
          const fixedDays = input.fixed.filter((f) => f.childId === child.id && f.dayOfWeek).map((f) => f.dayOfWeek!);
          const plannedDays = plan.children[child.id]!.weekly.map((w) => w.dayOfWeek);
          const freeHome = home.filter((d) => !fixedDays.includes(d));
          // Never on an away day; as many distinct free home days as possible.
          for (const d of plannedDays) expect(away.has(d), `${child.id} has a weekly chore on ${d}, an away day`).toBe(false);
          expect(new Set(plannedDays.filter((d) => freeHome.includes(d))).size).toBe(Math.min(freeHome.length, plannedDays.length));
          // More chores than free home days: the busiest home day is as light as it can be.
          if (plannedDays.length > freeHome.length) {
            const fixedOn = (d: string) => fixedDays.filter((x) => x === d).length;
            const countOn = (d: string) => fixedOn(d) + plannedDays.filter((x) => x === d).length;
            let level = 1;
            while (home.reduce((s, d) => s + Math.max(0, level - fixedOn(d)), 0) < plannedDays.length) level++;
            expect(Math.max(...home.map(countOn))).toBe(Math.max(level, ...home.map(fixedOn)));
          }
          // The brief's form: nobody away, distinct fixed days and at most 7 weekly chores → all days distinct.
          const all = [...fixedDays, ...plannedDays];
          if (away.size === 0 && new Set(fixedDays).size === fixedDays.length && all.length <= 7) expect(new Set(all).size).toBe(all.length);
        }
      }),
      RUNS,
    );
  });

  it('away days: nobody gets a weekly chore on a day it is away, and a child away all week gets nothing', () => {
    fc.assert(
      fc.property(anyInput({ away: true }), (input) => {
        const plan = planWeek(input);
        for (const child of input.children) {
          const away = new Set<string>(child.awayDays ?? []);
          const p = plan.children[child.id]!;
          for (const w of p.weekly) expect(away.has(w.dayOfWeek)).toBe(false);
          if (away.size === 7) expect(p).toEqual(emptyPlan);
        }
      }),
      RUNS,
    );
  });

  it('rule 6b (family day loads): loads are optimally even, and stay within 1 when the fixed loads were', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput(), busyWeeklyInput(false), busyWeeklyInput(true), anyInput({ away: true })), (input) => {
        const plan = planWeek(input);
        const { load, fixedLoad } = facts(input, plan);
        // Which days each child uses for weekly chores (fixed or planned), and which it uses for planned ones.
        const used = new Map<string, Set<number>>();
        const plannedOn = new Map<string, Set<number>>();
        for (const child of input.children) {
          const days = input.fixed.filter((f) => f.childId === child.id && f.dayOfWeek).map((f) => WEEKDAYS.indexOf(f.dayOfWeek!));
          const mine = plan.children[child.id]!.weekly.map((w) => WEEKDAYS.indexOf(w.dayOfWeek));
          // Away days count as used: no chore may move there.
          const away = (child.awayDays ?? []).map((d) => WEEKDAYS.indexOf(d));
          used.set(child.id, new Set([...days, ...mine, ...away]));
          plannedOn.set(child.id, new Set(mine));
        }
        // Optimality: no chain of moves (child c moves a planned weekly chore from day d to a day it doesn't use)
        // leads from a day to another whose load is 2 or more lower. A single move is the chain of length 1.
        for (let from = 0; from < 7; from++) {
          const reached = new Set([from]);
          const queue = [from];
          while (queue.length > 0) {
            const d = queue.shift()!;
            for (const child of input.children) {
              if (!plannedOn.get(child.id)!.has(d)) continue;
              for (let to = 0; to < 7; to++) {
                if (reached.has(to) || used.get(child.id)!.has(to)) continue;
                reached.add(to);
                queue.push(to);
              }
            }
          }
          for (const to of reached) expect(load[to]!, `day ${to} could take work from day ${from}`).toBeGreaterThanOrEqual(load[from]! - 1);
        }
        // Global form: fixed loads within 1 and no child with planned weekly chores has fixed weekly ones or away
        // days → within 1.
        const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
        const plannersUnconstrained = input.children.every(
          (c) =>
            plan.children[c.id]!.weekly.length === 0 ||
            (!input.fixed.some((f) => f.childId === c.id && f.dayOfWeek) && (c.awayDays ?? []).length === 0),
        );
        if (spread(fixedLoad) <= 1 && plannersUnconstrained) expect(spread(load)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 4000 },
    );
  });
});

describe('planWeek examples: weekly days and away days', () => {
  it('keeps a fixed weekly chore on an away day where it is, counts it, and plans the rest on home days', () => {
    // Prepare: ana is away Monday to Friday but already has a weekly chore on Monday (kept by the caller);
    // ben is home all week. Two more weekly chores each.
    const input: PlannerInput = {
      children: [
        kid('ana', { weeklyChoresCount: 3, awayDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] }),
        kid('ben', { weeklyChoresCount: 2 }),
      ],
      chores: Array.from({ length: 6 }, (_, i) => chore(`w${i}`, 'weekly', 100)),
      lastWeek: {},
      fixed: [{ childId: 'ana', choreId: 'w0', category: 'weekly', dayOfWeek: 'monday' }],
      seed: 'kept',
    };

    // Act
    const plan = planWeek(input);

    // Assess: ana's two new chores take Saturday and Sunday; Monday already carries ana's, so ben's two go on
    // other days than Monday.
    expect(plan.children.ana!.weekly.map((w) => w.dayOfWeek).sort()).toEqual(['saturday', 'sunday']);
    const benDays = plan.children.ben!.weekly.map((w) => w.dayOfWeek);
    expect(benDays).toHaveLength(2);
    expect(benDays).not.toContain('monday');
    expect(benDays).not.toContain('saturday');
    expect(benDays).not.toContain('sunday');
  });
});
