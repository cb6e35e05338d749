import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate, localTimeOf } from '../../shared/time';
import { isChildReminderAt, isQuiet, nextChildReminder, nextParentReminder, parentNewsAt, parentTimesOn, slotKey } from './reminders';

const plan = { approvals: true, weeklyReport: true, quietHours: { from: '21:00', to: '07:00' } };

describe('a child’s reminder', () => {
  it('is at the family’s local time, today or tomorrow, across a DST change', () => {
    // New York springs forward on 2027-03-14: 16:00 is 21:00Z the day before and 20:00Z that day.
    expect(nextChildReminder(new Date('2027-03-13T12:00:00Z'), '16:00', 'America/New_York').toISOString()).toBe('2027-03-13T21:00:00.000Z');
    expect(nextChildReminder(new Date('2027-03-13T21:00:00Z'), '16:00', 'America/New_York').toISOString()).toBe('2027-03-14T20:00:00.000Z');
    // And back on 2027-11-07.
    expect(nextChildReminder(new Date('2027-11-06T20:00:00Z'), '16:00', 'America/New_York').toISOString()).toBe('2027-11-07T21:00:00.000Z');
    expect(nextChildReminder(new Date('2026-11-28T00:00:00Z'), '16:15', 'Asia/Kathmandu').toISOString()).toBe('2026-11-28T10:30:00.000Z');
  });

  it('always lands on a slot at its local time, whatever the zone and the moment (property)', () => {
    const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2028-12-31') }), fc.integer({ min: 0, max: 95 }), (tz, ms, q) => {
        const time = `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
        const after = new Date(ms);
        const at = nextChildReminder(after, time, tz);
        expect(at > after).toBe(true);
        expect(at.getTime() - after.getTime()).toBeLessThanOrEqual(49 * 3600_000);
        expect(slotKey(at)).toBe(at.toISOString().slice(0, 16));
        // At the chosen local time, unless a DST change skipped it that day (then when the clock jumped).
        if (localTimeOf(at, tz) !== time) expect(localTimeOf(new Date(at.getTime() - 1), tz) < time).toBe(true);
        expect(isChildReminderAt(slotKey(at), time, tz)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a parent’s reminders', () => {
  it('are at the digest times, and on Sunday morning the weekly report', () => {
    expect(parentTimesOn('2026-11-29', plan)).toEqual([
      { time: '09:00', news: ['weekly-report'] },
      { time: '12:00', news: ['approvals'] },
      { time: '17:00', news: ['approvals'] },
      { time: '19:30', news: ['approvals'] },
    ]);
    expect(parentTimesOn('2026-11-30', { ...plan, approvals: false })).toEqual([]);
    expect(nextParentReminder(new Date('2026-11-28T19:30:00Z'), plan, 'UTC')).toEqual({ at: new Date('2026-11-29T09:00:00Z'), news: ['weekly-report'] });
    expect(nextParentReminder(new Date('2026-11-28T00:00:00Z'), { approvals: false, weeklyReport: false, quietHours: null }, 'UTC')).toBeNull();
  });

  it('never fall inside quiet hours: a time inside them moves to when they end', () => {
    expect(isQuiet('22:00', plan.quietHours)).toBe(true);
    expect(isQuiet('06:59', plan.quietHours)).toBe(true);
    expect(isQuiet('07:00', plan.quietHours)).toBe(false);
    expect(isQuiet('13:00', { from: '12:00', to: '18:00' })).toBe(true);
    const quietDay = { approvals: true, weeklyReport: true, quietHours: { from: '08:00', to: '18:00' } };
    expect(parentTimesOn('2026-11-29', quietDay)).toEqual([
      { time: '18:00', news: ['approvals', 'weekly-report'] },
      { time: '19:30', news: ['approvals'] },
    ]);
  });

  it('a slot is judged again when it fires: a changed plan or zone brings nothing at the old slot', () => {
    const at = nextParentReminder(new Date('2026-11-28T00:00:00Z'), plan, 'Europe/Berlin')!.at;
    expect(parentNewsAt(slotKey(at), plan, 'Europe/Berlin')).toEqual(['approvals']);
    expect(parentNewsAt(slotKey(at), plan, 'America/New_York')).toEqual([]);
    expect(parentNewsAt(slotKey(at), { ...plan, approvals: false }, 'Europe/Berlin')).toEqual([]);
    expect(localDate(at, 'Europe/Berlin')).toBe('2026-11-28');
  });
});
