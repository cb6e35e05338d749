import { describe, expect, it } from 'vitest';
import { planHouseholdWeek } from './household-plan';
import { householdBuilders } from '../../test/support/household-plan-builders';

// Issue 29 point 4: "one child at a time" means at most one child per occurrence, even when the
// children's chore-settings counts ask for more chores than the pool has.

const WEEK = '2026-11-22'; // a Sunday
const { child, chore, input } = householdBuilders(WEEK, 'fam:2026-11-22', 5);

describe('planHouseholdWeek: one child at a time', () => {
  it('gives a daily chore set to one child at a time to one child only when both children ask for one', () => {
    for (const who of [undefined, { mode: 'one' as const, turns: 'balanced' as const }]) {
      const plan = planHouseholdWeek(
        input({ children: [child('ava', { dailyChoresCount: 1 }), child('ben', { dailyChoresCount: 1 })], chores: [chore('dishes', who ? { who } : {})] }),
      );
      const holders = new Set(plan.dated.map((d) => d.childId));
      expect(holders.size).toBe(1);
      expect(plan.dated).toHaveLength(7);
      const [taker] = [...holders];
      const other = taker === 'ava' ? 'ben' : 'ava';
      expect(plan.shortfalls).toEqual([{ childId: other, category: 'daily', asked: 1, available: 0 }]);
    }
  });

  it('fills what it can: two daily chores for two children asking for two each', () => {
    const plan = planHouseholdWeek(
      input({ children: [child('ava', { dailyChoresCount: 2 }), child('ben', { dailyChoresCount: 2 })], chores: [chore('dishes'), chore('table')] }),
    );
    const byDate = new Map<string, string[]>();
    for (const d of plan.dated) byDate.set(`${d.choreId}${d.date}`, [...(byDate.get(`${d.choreId}${d.date}`) ?? []), d.childId]);
    for (const kids of byDate.values()) expect(kids).toHaveLength(1);
    expect(plan.dated).toHaveLength(14);
    expect(plan.shortfalls.map((s) => s.asked - s.available).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('leaves a chore a child holds (ticked or by hand) to that child alone', () => {
    const plan = planHouseholdWeek(
      input({
        children: [child('ava', { dailyChoresCount: 1 }), child('ben', { dailyChoresCount: 1 })],
        chores: [chore('dishes')],
        kept: [{ childId: 'ava', choreId: 'dishes', date: '2026-11-23' }],
      }),
    );
    expect(plan.dated.filter((d) => d.childId === 'ben')).toEqual([]);
    expect(plan.shortfalls).toEqual([{ childId: 'ben', category: 'daily', asked: 1, available: 0 }]);
  });
});
