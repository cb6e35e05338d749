import { describe, expect, it } from 'vitest';
import { nextWeeklyRun, runForWeek } from './weekly-run';

describe('weekly run schedule', () => {
  it('is due at the first hourly tick at or after local Sunday 00:00', () => {
    expect(runForWeek('2026-11-29', 'America/New_York')).toEqual({ weekStart: '2026-11-29', dueHour: '2026-11-29T05' });
    expect(runForWeek('2026-11-29', 'Asia/Kolkata')).toEqual({ weekStart: '2026-11-29', dueHour: '2026-11-28T19' }); // 18:30Z rounded up
    expect(runForWeek('2026-11-29', 'UTC')).toEqual({ weekStart: '2026-11-29', dueHour: '2026-11-29T00' });
  });

  it('follows DST: the New York run moves by an hour in UTC', () => {
    expect(runForWeek('2026-11-01', 'America/New_York').dueHour).toBe('2026-11-01T04');
    expect(runForWeek('2026-11-08', 'America/New_York').dueHour).toBe('2026-11-08T05');
  });

  it('names the next week, even when now is Sunday itself', () => {
    expect(nextWeeklyRun(new Date('2026-11-22T10:00:00Z'), 'UTC').weekStart).toBe('2026-11-29');
    expect(nextWeeklyRun(new Date('2026-11-21T23:59:00Z'), 'UTC').weekStart).toBe('2026-11-22');
  });
});
