import { describe, expect, it } from 'vitest';
import { moneyView } from '../domain/savings';
import { childMoneyDto } from './savings-dtos';
import { goal, savings } from '../../test/support/savings-fixtures';


describe('goals', () => {
  it('answers amounts in the family currency', () => {
    const reached = goal('a', 500);
    const view = moneyView([reached, { ...goal('bb', 100), reachedAt: '2026-11-10T00:00:00Z' }], savings({ earnedTotalCents: 900, activeGoals: 2 }), false, [0, 0, 0, 0]);
    const dto = childMoneyDto({ childId: 'emma', displayName: 'Emma' }, { currency: 'JPY', locale: 'ja-JP', jars: null }, savings({ earnedTotalCents: 900, activeGoals: 2 }), view);
    expect(dto).toMatchObject({ jars: null, savings: '900', weeklyPace: '0' });
    expect(dto.goals[0]).toMatchObject({ id: 'a', target: '500', saved: '500', progress: '500', percent: 100, status: 'reached', weeksToGo: null, celebrated: false });
  });
});
