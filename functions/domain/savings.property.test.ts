/**
 * Property (issue 22): for any sequence of earnings, deductions, payouts with jar splits (jars
 * switched on and off), withdrawals, goals set, deleted and bought, the jars and goals add up to the
 * ledger and nothing is ever negative. The sequence is applied with the same rules the data layer
 * applies (afterEarning, afterPayout, afterGoalCreated, purchase, withdraw).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_GOALS } from '../../shared/savings-schemas';
import { afterEarning, afterGoalCreated, afterPayout, allocate, childShare, moneyView, purchase, savingsOf, splitPayout, withdraw, type ChildSavings, type Goal, type JarSplit } from './savings';

const splitArb: fc.Arbitrary<JarSplit> = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
  .map(([a, b]) => {
    const spend = Math.min(a, 100);
    const give = Math.min(b, 100 - spend);
    return { spend, save: 100 - spend - give, give };
  });

type Op =
  | { op: 'earn'; cents: number }
  | { op: 'deduct'; cents: number }
  | { op: 'payout'; part: number }
  | { op: 'jars'; split: JarSplit | null }
  | { op: 'withdraw'; jar: 'spend' | 'give'; cents: number }
  | { op: 'goal'; target: number; topUp: number }
  | { op: 'delete'; slot: number }
  | { op: 'buy'; slot: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5000 }).map((cents): Op => ({ op: 'earn', cents })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((cents): Op => ({ op: 'deduct', cents })) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 100 }).map((part): Op => ({ op: 'payout', part })) },
  { weight: 1, arbitrary: fc.option(splitArb, { nil: null }).map((split): Op => ({ op: 'jars', split })) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom<'spend' | 'give'>('spend', 'give'), fc.integer({ min: 1, max: 3000 })).map(([jar, cents]): Op => ({ op: 'withdraw', jar, cents })) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 20000 }), fc.integer({ min: 0, max: 100 })).map(([target, topUp]): Op => ({ op: 'goal', target, topUp })) },
  { weight: 1, arbitrary: fc.nat(30).map((slot): Op => ({ op: 'delete', slot })) },
  { weight: 2, arbitrary: fc.nat(30).map((slot): Op => ({ op: 'buy', slot })) },
);

describe('savings add up to the ledger (property)', () => {
  it('keeps jars = payouts in − withdrawals − goals bought, allocations within savings, nothing negative', () => {
    fc.assert(
      fc.property(splitArb, fc.array(opArb, { maxLength: 80 }), (firstSplit, ops) => {
        let s: ChildSavings = { earnedTotalCents: 0, savingsBaseCents: 0, jars: { spend: 0, save: 0, give: 0 }, activeGoals: 0 };
        let split: JarSplit | null = firstSplit;
        let owed = 0;
        let paid = 0;
        const jarIn = { spend: 0, save: 0, give: 0 };
        const withdrawn = { spend: 0, give: 0 };
        let spentFromJar = 0;
        let paidWithJars = 0;
        const goals: Goal[] = [];
        ops.forEach((o, n) => {
          switch (o.op) {
            case 'earn':
              owed += o.cents;
              s = afterEarning(s, o.cents);
              break;
            case 'deduct':
              if (o.cents > owed) break;
              owed -= o.cents;
              s = afterEarning(s, -o.cents);
              break;
            case 'payout': {
              const amount = Math.floor((owed * o.part) / 100);
              if (amount <= 0) break;
              const { next, jars } = afterPayout(s, amount, split);
              owed -= amount;
              paid += amount;
              s = next;
              if (jars) {
                paidWithJars += amount;
                expect(jars).toEqual(splitPayout(amount, split!));
                for (const j of ['spend', 'save', 'give'] as const) jarIn[j] += jars[j];
              }
              break;
            }
            case 'jars':
              split = o.split;
              break;
            case 'withdraw': {
              const next = withdraw(s, o.jar, o.cents);
              if (next === 'too-low') expect(o.cents).toBeGreaterThan(s.jars[o.jar]);
              else {
                s = next;
                withdrawn[o.jar] += o.cents;
              }
              break;
            }
            case 'goal':
              if (s.activeGoals >= MAX_ACTIVE_GOALS) break;
              s = afterGoalCreated(s);
              goals.push({ goalId: `g${String(n).padStart(3, '0')}`, childId: 'c', name: 'G', icon: 'toy', targetCents: o.target, topUpPercent: o.topUp, createdAt: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.${String(n).padStart(3, '0')}Z`, createdBy: { role: 'child', id: 'c', name: 'C' } });
              break;
            case 'delete': {
              const active = goals.filter((g) => !g.bought);
              const g = active[o.slot % Math.max(1, active.length)];
              if (!g) break;
              goals.splice(goals.indexOf(g), 1);
              s = { ...s, activeGoals: s.activeGoals - 1 };
              break;
            }
            case 'buy': {
              const active = goals.filter((g) => !g.bought);
              const g = active[o.slot % Math.max(1, active.length)];
              if (!g) break;
              const jarsOn = split !== null;
              const before = savingsOf(s, jarsOn);
              const p = purchase(g, s, jarsOn);
              expect(p.fromSavingsCents + p.topUpCents).toBe(g.targetCents);
              expect(p.fromSavingsCents).toBeLessThanOrEqual(Math.min(before, childShare(g.targetCents, g.topUpPercent)));
              // Jars off, the last goal bought ends the saving: nothing is saved until the next goal (issue 29 point 13).
              expect(savingsOf(p.next, jarsOn)).toBe(!jarsOn && p.next.activeGoals === 0 ? 0 : before - p.fromSavingsCents);
              if (jarsOn) spentFromJar += p.fromSavingsCents;
              s = p.next;
              g.bought = { at: `b${n}`, by: { role: 'parent', id: 'p', name: 'P' }, fromSavingsCents: p.fromSavingsCents, topUpCents: p.topUpCents };
              break;
            }
          }
          // The ledger: earned = paid + owed; the jars are what went in less what came out.
          expect(s.earnedTotalCents).toBe(paid + owed);
          expect(jarIn.spend + jarIn.save + jarIn.give).toBe(paidWithJars);
          expect(s.jars).toEqual({ spend: jarIn.spend - withdrawn.spend, save: jarIn.save - spentFromJar, give: jarIn.give - withdrawn.give });
          expect(s.activeGoals).toBe(goals.filter((g) => !g.bought).length);
          expect(s.activeGoals).toBeLessThanOrEqual(MAX_ACTIVE_GOALS);
          // Jars off, nothing is saved while no goal is active (issue 29 point 13).
          if (s.activeGoals === 0) expect(savingsOf(s, false)).toBe(0);
          // Nothing is negative, and goals never hold more than the savings.
          for (const x of [owed, s.jars.spend, s.jars.save, s.jars.give, savingsOf(s, true), savingsOf(s, false)]) expect(x).toBeGreaterThanOrEqual(0);
          for (const jarsOn of [true, false]) {
            const parts = allocate(goals, savingsOf(s, jarsOn));
            expect([...parts.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(savingsOf(s, jarsOn));
            const view = moneyView(goals, s, jarsOn, [0, 100, 0, 0]);
            for (const { goal: g, progress, weeksToGo } of view.goals) {
              expect(progress.savedCents).toBeGreaterThanOrEqual(0);
              expect(progress.progressCents).toBeGreaterThanOrEqual(0);
              expect(progress.progressCents).toBeLessThanOrEqual(g.targetCents);
              expect(progress.percent).toBeGreaterThanOrEqual(0);
              expect(progress.percent).toBeLessThanOrEqual(100);
              if (!g.bought) expect(progress.savedCents).toBeLessThanOrEqual(childShare(g.targetCents, g.topUpPercent));
              if (weeksToGo !== null) expect(weeksToGo).toBeGreaterThanOrEqual(1);
            }
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('splits any payout exactly: the three jars add up to it, each share rounded down but save', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), splitArb, (amount, split) => {
        const j = splitPayout(amount, split);
        expect(j.spend + j.save + j.give).toBe(amount);
        expect(j.spend).toBe(Math.floor((amount * split.spend) / 100));
        expect(j.give).toBe(Math.floor((amount * split.give) / 100));
        expect(j.save).toBeGreaterThanOrEqual(Math.floor((amount * split.save) / 100));
        expect(Math.min(j.spend, j.save, j.give)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
