import { describe, expect, it } from 'vitest';
import { carryInto, choreDaysOf, dayState, nextCarry, streakOn, type StreakChoreDay, type StreakHistory } from './streaks';

const never = () => false;
const history = (choreDays: StreakChoreDay[], opts: Partial<StreakHistory> = {}): StreakHistory => ({ choreDays, isAway: never, since: '2026-01-01', ...opts });
const done = (date: string): StreakChoreDay => ({ date, done: true });
const open = (date: string): StreakChoreDay => ({ date, done: false });

describe('streakOn', () => {
  it('counts the days in a row with everything done, today once it is done', () => {
    const h = history([done('2026-11-23'), done('2026-11-24'), done('2026-11-25'), open('2026-11-25')]);
    // Tuesday the 24th had all done; Wednesday the 25th is today, one chore still open: it breaks nothing.
    expect(streakOn(h, '2026-11-25', '2026-11-22')).toEqual({ days: 2, doneToday: false });
    expect(streakOn(history([done('2026-11-23'), done('2026-11-24'), done('2026-11-25')]), '2026-11-25', '2026-11-22')).toEqual({ days: 3, doneToday: true });
  });

  it('a past day with something left ends it', () => {
    const h = history([done('2026-11-23'), open('2026-11-24'), done('2026-11-24'), done('2026-11-25')]);
    expect(streakOn(h, '2026-11-25', '2026-11-22', 10)).toEqual({ days: 1, doneToday: true });
  });

  it('away days, paused days and days with nothing due neither break it nor add to it', () => {
    const away = (d: string) => d === '2026-11-24';
    // Monday done, Tuesday away (its chore left undone), Wednesday nothing due, Thursday done.
    const h = history([done('2026-11-23'), open('2026-11-24'), done('2026-11-26')], { isAway: away });
    expect(dayState(h, '2026-11-24')).toBe('free');
    expect(dayState(h, '2026-11-25')).toBe('free');
    expect(streakOn(h, '2026-11-26', '2026-11-22', 4)).toEqual({ days: 6, doneToday: true });
  });

  it('days before the child existed do not count, and nor does a carry from before them', () => {
    const h = history([done('2026-11-23'), done('2026-11-24')], { since: '2026-11-24' });
    expect(streakOn(h, '2026-11-24', '2026-11-22', 9)).toEqual({ days: 1, doneToday: true });
  });
});

describe('the carry the Sunday job keeps', () => {
  const h = history([done('2026-11-20'), done('2026-11-21'), open('2026-11-22')]);
  it('is the streak at the end of Saturday, chained on the last one kept', () => {
    expect(nextCarry({ weekStart: '2026-11-15', days: 5 }, h, '2026-11-22', '2026-10-25')).toEqual({ weekStart: '2026-11-22', days: 7 });
    // No carry kept: the 28 days read are all there is.
    expect(nextCarry(undefined, h, '2026-11-22', '2026-10-25')).toEqual({ weekStart: '2026-11-22', days: 2 });
  });
  it('is settled once a week: a Reassign later in the week keeps it', () => {
    expect(nextCarry({ weekStart: '2026-11-22', days: 3 }, h, '2026-11-22', '2026-10-25')).toBeUndefined();
  });
  it('counts only for the week it was kept for', () => {
    expect(carryInto({ weekStart: '2026-11-22', days: 3 }, '2026-11-22')).toBe(3);
    expect(carryInto({ weekStart: '2026-11-15', days: 3 }, '2026-11-22')).toBe(0);
    expect(carryInto(undefined, '2026-11-22')).toBe(0);
  });
});

describe('choreDaysOf', () => {
  const range = { from: '2026-03-08', to: '2026-03-14' };
  it('a chore assigned after its day (in the family’s time zone) is not due, unless ticked', () => {
    // 03:30 UTC on Mar 9 is still Mar 8 in New York (23:30 EDT, which began that morning), already Mar 9 in Berlin.
    const lateInBerlin = { assignedDate: '2026-03-08', isCompleted: false, createdAt: '2026-03-09T03:30:00.000Z' };
    expect(choreDaysOf([lateInBerlin], [], range, 'America/New_York', never)).toEqual([open('2026-03-08')]);
    expect(choreDaysOf([lateInBerlin], [], range, 'Europe/Berlin', never)).toEqual([]);
    expect(choreDaysOf([{ ...lateInBerlin, isCompleted: true }], [], range, 'Europe/Berlin', never)).toEqual([done('2026-03-08')]);
  });

  it('a first-wins day another child took is not this child’s', () => {
    expect(choreDaysOf([{ assignedDate: '2026-03-09', isCompleted: false, createdAt: '2026-03-01T00:00:00.000Z', takenBy: { childId: 'x' } }], [], range, 'UTC', never)).toEqual([]);
  });

  it('an ongoing chore is due on its active days from the day it was assigned, the child home; a ticked day always counts', () => {
    const ongoing = { daysOfWeek: ['monday', 'wednesday', 'friday'], createdAt: '2026-03-09T12:00:00.000Z', completions: { '2026-03-11': { cents: 50 }, '2026-03-14': { cents: 50 } } };
    const away = (d: string) => d === '2026-03-13';
    expect(choreDaysOf([], [ongoing], range, 'UTC', away)).toEqual([open('2026-03-09'), done('2026-03-11'), done('2026-03-14')]);
  });
});
