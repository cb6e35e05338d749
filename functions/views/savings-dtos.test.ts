import { describe, expect, it } from 'vitest';
import { moneyView, type ChildSavings, type Goal } from '../domain/savings';
import { childMoneyDto } from './savings-dtos';

const goal = (id: string, targetCents: number, topUpPercent = 0, createdAt = `2026-11-0${id.length}T10:00:00.000Z`): Goal => ({
  goalId: id,
  childId: 'emma',
  name: `Goal ${id}`,
  icon: 'bike',
  targetCents,
  topUpPercent,
  createdAt,
  createdBy: { role: 'child', id: 'emma', name: 'Emma' },
});
const savings = (over: Partial<ChildSavings> = {}): ChildSavings => ({ earnedTotalCents: 0, savingsBaseCents: 0, jars: { spend: 0, save: 0, give: 0 }, activeGoals: 0, ...over });

describe('goals', () => {
  it('answers amounts in the family currency', () => {
    const reached = goal('a', 500);
    const view = moneyView([reached, { ...goal('bb', 100), reachedAt: '2026-11-10T00:00:00Z' }], savings({ earnedTotalCents: 900, activeGoals: 2 }), false, [0, 0, 0, 0]);
    const dto = childMoneyDto({ childId: 'emma', displayName: 'Emma' }, { currency: 'JPY', locale: 'ja-JP', jars: null }, savings({ earnedTotalCents: 900, activeGoals: 2 }), view);
    expect(dto).toMatchObject({ jars: null, savings: '900', weeklyPace: '0' });
    expect(dto.goals[0]).toMatchObject({ id: 'a', target: '500', saved: '500', progress: '500', percent: 100, status: 'reached', weeksToGo: null, celebrated: false });
  });
});
