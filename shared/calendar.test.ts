import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, daysBetween, daysInMonth, daysInMonthOf, positiveModulo } from './calendar';
import { addDays } from './time';

describe('calendar arithmetic', () => {
  it('day numbers count days from 1970-01-01, as stepping with addDays does (four-digit years)', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2000-03-01') - dayNumber('2000-02-28')).toBe(2);
    expect(dayNumber('2100-03-01') - dayNumber('2100-02-28')).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: -354_000, max: 2_900_000 }), fc.integer({ min: -1000, max: 1000 }), (n, step) => {
        const date = addDays('1970-01-01', n);
        expect(dayNumber(date)).toBe(n);
        expect(daysBetween(date, addDays(date, step))).toBe(step);
      }),
      { numRuns: 500 },
    );
  });

  it('month lengths, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([2024, 2000, 2100, 2400].map((y) => daysInMonth(y, 2))).toEqual([29, 29, 28, 29]);
    expect(daysInMonthOf('2028-02-10')).toBe(29);
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9998 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
        // The next month's first day, stepped to with addDays, is the month's length away.
        const length = daysInMonth(year, month);
        expect(addDays(first, length).slice(8)).toBe('01');
        expect(addDays(first, length - 1).slice(5, 7)).toBe(first.slice(5, 7));
      }),
      { numRuns: 1000 },
    );
  });

  it('positive modulo', () => {
    expect([-15, -14, -1, 0, 13, 14].map((n) => positiveModulo(n, 14))).toEqual([13, 0, 13, 0, 13, 0]);
  });
});
