import { describe, expect, it } from 'vitest';
import { choresFor, planManualAssignment } from './manual-assignment';
import type { ChoreDto } from '../../../api/family';

const chore = (id: string, category: ChoreDto['category'], difficultyLevel = 3): ChoreDto => ({
  id,
  name: id,
  category,
  amount: '1.00',
  difficultyLevel,
  needsApproval: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('planManualAssignment', () => {
  it('gives a daily chore one assignment per day from the Sunday of the family week', () => {
    // Prepare
    const weekStart = '2026-11-22';
    // Act
    const calls = planManualAssignment(chore('c1', 'daily'), 'k1', weekStart);
    // Assess
    expect(calls).toHaveLength(7);
    expect(calls.map((c) => (c.kind === 'dated' ? [c.body.dayOfWeek, c.body.assignedDate] : null))).toEqual([
      ['sunday', '2026-11-22'],
      ['monday', '2026-11-23'],
      ['tuesday', '2026-11-24'],
      ['wednesday', '2026-11-25'],
      ['thursday', '2026-11-26'],
      ['friday', '2026-11-27'],
      ['saturday', '2026-11-28'],
    ]);
    expect(calls.every((c) => c.kind === 'dated' && c.body.weekStart === weekStart && c.body.childId === 'k1')).toBe(true);
  });

  it('puts a weekly chore on the Saturday of the week, across a month end', () => {
    const calls = planManualAssignment(chore('c2', 'weekly'), 'k1', '2026-12-27');
    expect(calls).toEqual([
      { kind: 'dated', body: { childId: 'k1', choreId: 'c2', weekStart: '2026-12-27', assignedDate: '2027-01-02', dayOfWeek: 'saturday' } },
    ]);
  });

  it('makes one continuous assignment with no days for a continuous chore', () => {
    expect(planManualAssignment(chore('c3', 'continuous'), 'k1', '2026-11-22')).toEqual([
      { kind: 'continuous', body: { childId: 'k1', choreId: 'c3', daysOfWeek: [] } },
    ]);
  });
});

describe('choresFor', () => {
  it('keeps only chores at or below the child difficulty limit', () => {
    const chores = [chore('easy', 'daily', 1), chore('medium', 'daily', 3), chore('hard', 'weekly', 5)];
    expect(choresFor(chores, 3).map((c) => c.id)).toEqual(['easy', 'medium']);
    expect(choresFor(chores, undefined).map((c) => c.id)).toEqual(['easy', 'medium', 'hard']);
  });
});
