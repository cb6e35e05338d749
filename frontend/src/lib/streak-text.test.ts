import { describe, expect, it } from 'vitest';
import { allDoneMessage, childStreakLine, parentStreakLabel, shouldCelebrate } from './streak-text';

describe('streak texts', () => {
  it('say the streak and how to keep it', () => {
    expect(childStreakLine({ days: 0, doneToday: false }, 2)).toBe('Finish today to start a streak!');
    expect(childStreakLine({ days: 0, doneToday: false }, 0)).toBeNull();
    expect(childStreakLine({ days: 3, doneToday: false }, 1)).toBe('3-day streak! Finish today for 4.');
    expect(childStreakLine({ days: 4, doneToday: true }, 0)).toBe('4-day streak!');
    expect(parentStreakLabel({ days: 0, doneToday: false })).toBe('No streak yet');
    expect(parentStreakLabel({ days: 1, doneToday: true })).toBe('1-day streak');
    expect(allDoneMessage({ days: 1, doneToday: true })).toBe('Every chore for today is done. Great work!');
    expect(allDoneMessage({ days: 6, doneToday: true })).toBe('That’s 6 days in a row. Keep it going tomorrow!');
  });

  it('celebrate once a day, only once today is done', () => {
    expect(shouldCelebrate({ days: 2, doneToday: true }, '2026-11-28', null)).toBe(true);
    expect(shouldCelebrate({ days: 2, doneToday: true }, '2026-11-28', '2026-11-27')).toBe(true);
    expect(shouldCelebrate({ days: 2, doneToday: true }, '2026-11-28', '2026-11-28')).toBe(false);
    expect(shouldCelebrate({ days: 2, doneToday: false }, '2026-11-28', null)).toBe(false);
    expect(shouldCelebrate(undefined, '2026-11-28', null)).toBe(false);
  });
});
