import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { describeActivity, type ActivityEvent } from './ledger';
import {
  afterGoalCreated,
  afterPayout,
  allocate,
  childShare,
  goalProgress,
  moneyView,
  newlyReached,
  paceWeeks,
  purchase,
  savingsOf,
  splitPayout,
  weeksToGo,
  withdraw,
  } from './savings';
import { goal, savings } from '../../test/support/savings-fixtures';


describe('jar split', () => {
  it('floors each share and gives the remainder to save, so the jars add up to the payout', () => {
    expect(splitPayout(1000, { spend: 50, save: 40, give: 10 })).toEqual({ spend: 500, save: 400, give: 100 });
    expect(splitPayout(101, { spend: 33, save: 33, give: 34 })).toEqual({ spend: 33, save: 34, give: 34 });
    expect(splitPayout(7, { spend: 50, save: 0, give: 50 })).toEqual({ spend: 3, save: 1, give: 3 });
    expect(splitPayout(0, { spend: 50, save: 40, give: 10 })).toEqual({ spend: 0, save: 0, give: 0 });
  });

  it('adds a payout to the jars only when the family has them', () => {
    const s = savings({ jars: { spend: 1, save: 2, give: 3 } });
    expect(afterPayout(s, 1000, null)).toEqual({ next: s, jars: null });
    expect(afterPayout(s, 1000, { spend: 50, save: 40, give: 10 }).next.jars).toEqual({ spend: 501, save: 402, give: 103 });
  });

  it('writes the split in the payout log line', () => {
    const e: ActivityEvent = { eventId: 'e', kind: 'payout', at: '2026-11-20T10:00:00Z', by: { role: 'parent', id: 'p', name: 'Alex' }, childName: 'Emma', amountCents: -1000, jars: { spend: 500, save: 400, give: 100 } };
    expect(describeActivity(e, (m) => formatMoney(m))).toBe('Alex paid Emma $10.00 (spend $5.00, save $4.00, give $1.00)');
    expect(describeActivity({ ...e, method: 'cash' }, (m) => formatMoney(m, { currency: 'EUR', locale: 'de-DE' }))).toBe('Alex paid Emma 10,00 € (cash; spend 5,00 €, save 4,00 €, give 1,00 €)');
  });
});

describe('goals', () => {
  it("takes the child's share of a top-up rounded up: 50% on $10.00 is $6.67 from the child", () => {
    expect(childShare(1000, 0)).toBe(1000);
    expect(childShare(1000, 50)).toBe(667);
    expect(childShare(1000, 100)).toBe(500);
    expect(childShare(999, 100)).toBe(500);
  });

  it('grows progress by the top-up, caps it at the target, and says reached only when the share is saved', () => {
    const g = goal('a', 1000, 50);
    expect(goalProgress(g, 300)).toEqual({ savedCents: 300, progressCents: 450, percent: 45, status: 'saving', remainingCents: 367 });
    expect(goalProgress(g, 666)).toMatchObject({ progressCents: 999, percent: 99, status: 'saving', remainingCents: 1 });
    expect(goalProgress(g, 667)).toMatchObject({ progressCents: 1000, percent: 100, status: 'reached', remainingCents: 0 });
    expect(goalProgress(g, 5000)).toMatchObject({ savedCents: 667, progressCents: 1000, status: 'reached' });
  });

  it('shares savings among active goals oldest first', () => {
    const goals = [goal('bb', 500, 0), goal('a', 300, 0), { ...goal('ccc', 200), bought: { at: 'x', by: { role: 'parent' as const, id: 'p', name: 'Alex' }, fromSavingsCents: 0, topUpCents: 200 } }];
    expect([...allocate(goals, 600)]).toEqual([
      ['a', 300],
      ['bb', 300],
    ]);
    expect([...allocate(goals, -5)]).toEqual([
      ['a', 0],
      ['bb', 0],
    ]);
  });

  it('saves from the save jar with jars on, and from what was earned since saving began with jars off', () => {
    const s = savings({ earnedTotalCents: 2500, savingsBaseCents: 1000, jars: { spend: 10, save: 700, give: 5 }, activeGoals: 1 });
    expect(savingsOf(s, true)).toBe(700);
    expect(savingsOf(s, false)).toBe(1500);
    expect(savingsOf({ ...s, earnedTotalCents: 900 }, false)).toBe(0);
  });

  it('with jars off and no goal, nothing is being saved: lifetime earnings are not "saved" (issue 29 point 13)', () => {
    const none = savings({ earnedTotalCents: 16425, savingsBaseCents: 0, activeGoals: 0 });
    expect(savingsOf(none, false)).toBe(0);
    // The save jar is money put aside whether or not a goal waits for it.
    expect(savingsOf({ ...none, jars: { spend: 0, save: 300, give: 0 } }, true)).toBe(300);
    // A goal set: saving begins at what was earned then, and grows with what is earned after.
    const begun = afterGoalCreated(none);
    expect(savingsOf(begun, false)).toBe(0);
    expect(savingsOf({ ...begun, earnedTotalCents: 16475 }, false)).toBe(50);
  });

  it('begins saving (jars off) at the first goal set while none is active', () => {
    const first = afterGoalCreated(savings({ earnedTotalCents: 4000, savingsBaseCents: 100 }));
    expect(first).toMatchObject({ savingsBaseCents: 4000, activeGoals: 1 });
    expect(afterGoalCreated({ ...first, earnedTotalCents: 5000 })).toMatchObject({ savingsBaseCents: 4000, activeGoals: 2 });
  });

  it('counts weeks to go from the 4 full weeks before this one, older goals first', () => {
    expect(paceWeeks('2026-11-22')).toEqual(['2026-10-25', '2026-11-01', '2026-11-08', '2026-11-15']);
    expect(weeksToGo(1000, 800)).toBe(5);
    expect(weeksToGo(1, 800)).toBe(1);
    expect(weeksToGo(1000, 0)).toBeNull();
    expect(weeksToGo(0, 800)).toBeNull();
    const view = moneyView([goal('a', 1000), goal('bb', 400)], savings({ jars: { spend: 0, save: 600, give: 0 }, activeGoals: 2 }), true, [100, 0, 200, 100]);
    // a: 400 left at 100 a week; bb waits for a (400 + 400).
    expect(view.goals.map((g) => [g.goal.goalId, g.progress.savedCents, g.weeksToGo])).toEqual([
      ['a', 600, 4],
      ['bb', 0, 8],
    ]);
    expect(view.pace).toEqual({ totalCents: 400, weeklyCents: 100 });
  });

  it('finds goals reached for the first time', () => {
    const reached = goal('a', 500);
    const view = moneyView([reached, { ...goal('bb', 100), reachedAt: '2026-11-10T00:00:00Z' }], savings({ earnedTotalCents: 900, activeGoals: 2 }), false, [0, 0, 0, 0]);
    expect(newlyReached(view).map((g) => g.goalId)).toEqual(['a']);
  });
});

describe('buying and withdrawing', () => {
  it("takes what it can of the child's share from savings; the family pays the rest", () => {
    const g = goal('a', 1000, 50);
    const on = purchase(g, savings({ jars: { spend: 0, save: 900, give: 0 }, activeGoals: 2 }), true);
    expect(on).toMatchObject({ fromSavingsCents: 667, topUpCents: 333, next: { jars: { save: 233 }, activeGoals: 1 } });
    const off = purchase(g, savings({ earnedTotalCents: 500, savingsBaseCents: 100, activeGoals: 1 }), false);
    expect(off).toMatchObject({ fromSavingsCents: 400, fromOwedCents: 0, topUpCents: 600, next: { savingsBaseCents: 500, activeGoals: 0 } });
    // Jars off, the part of the savings still owed is settled (at most what the savings gave); jars on, never.
    expect(purchase(g, savings({ earnedTotalCents: 500, savingsBaseCents: 100, activeGoals: 1 }), false, 250).fromOwedCents).toBe(250);
    expect(purchase(g, savings({ earnedTotalCents: 500, savingsBaseCents: 100, activeGoals: 1 }), false, 9000).fromOwedCents).toBe(400);
    expect(purchase(g, savings({ jars: { spend: 0, save: 900, give: 0 }, activeGoals: 2 }), true, 9000).fromOwedCents).toBe(0);
  });

  it('never takes a jar below zero', () => {
    const s = savings({ jars: { spend: 300, save: 0, give: 50 } });
    expect(withdraw(s, 'spend', 300)).toMatchObject({ jars: { spend: 0 } });
    expect(withdraw(s, 'give', 51)).toBe('too-low');
  });
});
