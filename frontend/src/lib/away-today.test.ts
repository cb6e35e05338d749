import { describe, expect, it } from 'vitest';
import { awayTodayLabel, awayTodayMark, childAwayTodayLine } from './away-today';

const TODAY = '2026-11-26';

describe('away today (issue 21)', () => {
  it('finds today among the away days, and nothing on a home day', () => {
    const days = [
      { date: '2026-11-25', label: 'School trip' },
      { date: TODAY, label: 'At Dad’s' },
    ];
    expect(awayTodayLabel(days, TODAY)).toBe('At Dad’s');
    expect(awayTodayLabel(days, '2026-11-27')).toBeNull();
    expect(awayTodayLabel([], TODAY)).toBeNull();
    expect(awayTodayLabel(undefined, TODAY)).toBeNull();
  });

  it('says it with the label, and without the plain "Away" twice', () => {
    expect(childAwayTodayLine('At Dad’s')).toBe('You’re away today (At Dad’s): no chores today.');
    expect(childAwayTodayLine('Away')).toBe('You’re away today: no chores today.');
    expect(awayTodayMark('Family paused')).toBe('Away today (Family paused)');
    expect(awayTodayMark('Away')).toBe('Away today');
  });
});
