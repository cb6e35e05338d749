import { describe, expect, it } from 'vitest';
import { initialOf, streakText, todayPercent, todayText } from './board-view';
import { isComplete, pinKeyOf, pressPinKey } from './pin-entry';

describe('board view', () => {
  it('says how much of today is done', () => {
    expect(todayText({ todayCompletedCount: 0, todayTotalCount: 0 })).toBe('Nothing today');
    expect(todayText({ todayCompletedCount: 2, todayTotalCount: 3 })).toBe('2 of 3 done');
    expect(todayText({ todayCompletedCount: 3, todayTotalCount: 3 })).toBe('All 3 done!');
    expect(todayPercent({ todayCompletedCount: 1, todayTotalCount: 3 })).toBe(33);
    expect(todayPercent({ todayCompletedCount: 0, todayTotalCount: 0 })).toBe(0);
  });

  it('shows a streak only when there is one, and an initial for a child without a picture', () => {
    expect(streakText({ days: 0, doneToday: false })).toBeNull();
    expect(streakText({ days: 4, doneToday: true })).toBe('4-day streak');
    expect(initialOf('  émile')).toBe('É');
    expect(initialOf('')).toBe('?');
  });
});

describe('PIN pad', () => {
  it('takes four digits at most, goes back one, and clears', () => {
    let typed = '';
    for (const k of ['1', '2', '3', '4', '5'] as const) typed = pressPinKey(typed, k);
    expect(typed).toBe('1234');
    expect(isComplete(typed)).toBe(true);
    expect(pressPinKey(typed, 'back')).toBe('123');
    expect(pressPinKey(typed, 'clear')).toBe('');
    expect(pressPinKey('', 'back')).toBe('');
  });

  it('reads digits, Backspace and Escape from the keyboard, and leaves other keys alone', () => {
    expect(pinKeyOf('7')).toBe('7');
    expect(pinKeyOf('Backspace')).toBe('back');
    expect(pinKeyOf('Escape')).toBe('clear');
    expect(pinKeyOf('Tab')).toBeNull();
    expect(pinKeyOf('a')).toBeNull();
  });
});
