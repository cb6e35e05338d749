import { describe, expect, it } from 'vitest';
import { beganOn, continuousCountedDates, continuousDueDates, isDueDay } from './due-days';

const WEEK = '2026-11-22'; // a Sunday
const NY = 'America/New_York';

describe('which chore-days were ever due (issue 29, point 1)', () => {
  it('dates an assignment by the family’s calendar, not UTC’s', () => {
    // Friday 02:00 UTC is still Thursday evening in New York.
    expect(beganOn('2026-11-27T02:00:00Z', NY)).toBe('2026-11-26');
    expect(beganOn('2026-11-27T02:00:00Z', 'UTC')).toBe('2026-11-27');
  });

  it('a day before the assignment was made is not due; that day and later are', () => {
    const madeFriday = { createdAt: '2026-11-27T15:00:00Z', isCompleted: false };
    expect(isDueDay({ ...madeFriday, assignedDate: '2026-11-23' }, NY)).toBe(false);
    expect(isDueDay({ ...madeFriday, assignedDate: '2026-11-26' }, NY)).toBe(false);
    expect(isDueDay({ ...madeFriday, assignedDate: '2026-11-27' }, NY)).toBe(true);
    expect(isDueDay({ ...madeFriday, assignedDate: '2026-11-28' }, NY)).toBe(true);
  });

  it('a ticked day always counts', () => {
    expect(isDueDay({ createdAt: '2026-11-27T15:00:00Z', isCompleted: true, assignedDate: '2026-11-23' }, NY)).toBe(true);
  });

  it('the Sunday job’s week is due from its first day', () => {
    // Sunday 00:05 in New York.
    const sunday = { createdAt: '2026-11-22T05:05:00Z', isCompleted: false };
    expect(isDueDay({ ...sunday, assignedDate: WEEK }, NY)).toBe(true);
  });

  it('an ongoing chore counts its active days from the day it was assigned', () => {
    expect(continuousDueDates({ daysOfWeek: [], createdAt: '2026-11-27T15:00:00Z' }, WEEK, NY)).toEqual(['2026-11-27', '2026-11-28']);
    expect(continuousDueDates({ daysOfWeek: ['monday', 'saturday'], createdAt: '2026-11-27T15:00:00Z' }, WEEK, NY)).toEqual(['2026-11-28']);
    // Assigned in an earlier week: every active day of this one.
    expect(continuousDueDates({ daysOfWeek: ['monday', 'saturday'], createdAt: '2026-11-01T15:00:00Z' }, WEEK, NY)).toEqual(['2026-11-23', '2026-11-28']);
    expect(continuousDueDates({ daysOfWeek: [], createdAt: '2026-11-01T15:00:00Z' }, WEEK, NY)).toHaveLength(7);
  });

  it('an ongoing chore is not due on the days the child is away; a day ticked counts all the same (issue 29 point 7)', () => {
    const away = (date: string) => date === '2026-11-24' || date === '2026-11-25';
    const read = { daysOfWeek: [], createdAt: '2026-11-01T15:00:00Z' };
    expect(continuousDueDates(read, WEEK, NY, away)).toEqual(['2026-11-22', '2026-11-23', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(continuousCountedDates({ ...read, completions: { '2026-11-24': {}, '2026-11-15': {} } }, WEEK, NY, away)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-26', '2026-11-27', '2026-11-28']);
  });
});
