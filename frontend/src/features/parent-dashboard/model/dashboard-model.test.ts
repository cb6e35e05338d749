import { describe, expect, it } from 'vitest';
import type { AssignmentDto } from '../../../../../shared/api-types';
import { reassignKeeps, reassignSentence, weekSinceResetText } from './dashboard-model';

const a = (extra: Partial<AssignmentDto>) => ({ isContinuous: false, isCompleted: false, source: 'generated', ...extra }) as AssignmentDto;

describe('what Reassign keeps, said before it is pressed (issue 29)', () => {
  it('counts ticked chore-days and those assigned by hand, not continuous ones or planned ones', () => {
    const children = [
      { assignments: [a({ isCompleted: true }), a({ source: 'manual' }), a({ source: 'scheduler' }), a({}), a({ isContinuous: true, source: 'manual' })] },
      { assignments: [a({ source: 'manual', isCompleted: true })] },
    ];
    expect(reassignKeeps(children)).toEqual({ ticked: 2, byHand: 2 });
    expect(reassignSentence({ ticked: 2, byHand: 2 })).toBe('Hands out this week’s chores again. Stays: 2 ticked chore-days and 2 chore-days assigned by hand.');
    expect(reassignSentence({ ticked: 0, byHand: 1 })).toBe('Hands out this week’s chores again. Stays: 1 chore-day assigned by hand.');
    expect(reassignSentence({ ticked: 0, byHand: 0 })).toBe('Hands out this week’s chores again. Stays: ticked chores and chores assigned by hand.');
  });
});

describe('the card’s week after Reset Earnings (issue 29 point 12)', () => {
  it('says where "Earned this week" counts from and what came before it, in the family’s money', () => {
    expect(weekSinceResetText({ date: '2026-11-25', earnedBefore: '4.25' }, (v) => `${v} €`)).toBe('“Earned this week” counts from Reset Earnings on Wed, Nov 25. Earned this week before it: 4.25 €.');
  });
});
