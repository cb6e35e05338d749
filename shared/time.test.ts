import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, DATE_RANGE, dateFromParam, dateInWeek, familyClock, isIsoDate, localDate, longDate, longMonthDayYear, monthDay, shortDate, shortDateIn, startOfLocalDay, weekDates, weekdayOf, weekRange, weekStartOf, weekStartOfDate } from './time';

describe('time helper', () => {
  it('names the local date of an instant in the family time zone', () => {
    const instant = new Date('2026-11-22T03:30:00Z'); // Saturday evening in New York, Sunday in Berlin
    expect(localDate(instant, 'America/New_York')).toBe('2026-11-21');
    expect(localDate(instant, 'Europe/Berlin')).toBe('2026-11-22');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-11-22');
  });

  it('starts weeks on Sunday in local time', () => {
    const instant = new Date('2026-11-22T03:30:00Z');
    expect(weekStartOf(instant, 'America/New_York')).toBe('2026-11-15');
    expect(weekStartOf(instant, 'Europe/Berlin')).toBe('2026-11-22');
  });

  it('crosses year ends', () => {
    expect(weekStartOfDate('2027-01-01')).toBe('2026-12-27');
    expect(weekDates('2026-12-27')).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(dateInWeek('2026-12-27', 'saturday')).toBe('2027-01-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });

  it('keeps days whole across DST changes', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01 (both Sundays).
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // 23:30 local on the fall-back Saturday is still Saturday, 00:30 Sunday is the new week.
    expect(weekStartOf(new Date('2026-11-01T03:30:00Z'), 'America/New_York')).toBe('2026-10-25');
    expect(weekStartOf(new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    // Sydney: DST ends 2026-04-05 and starts 2026-10-04.
    expect(weekStartOf(new Date('2026-10-03T14:00:00Z'), 'Australia/Sydney')).toBe('2026-10-04');
  });

  it('handles a zone whose DST change skips local midnight', () => {
    // America/Santiago springs forward at 24:00 on 2026-09-05: 2026-09-06 begins at 01:00 local.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('every instant lies within its local day and week', () => {
    const zones = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Santiago'];
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), fc.constantFrom(...zones), (instant, tz) => {
        const day = localDate(instant, tz);
        const begin = startOfLocalDay(day, tz).getTime();
        const end = startOfLocalDay(addDays(day, 1), tz).getTime();
        const week = weekStartOf(instant, tz);
        return begin <= instant.getTime() && instant.getTime() < end && weekdayOf(week) === 'sunday' && week <= day && addDays(week, 7) > day;
      }),
      { numRuns: 2000 },
    );
  });

  it('builds the family clock', () => {
    expect(familyClock(new Date('2026-11-22T12:00:00Z'), 'Asia/Tokyo')).toEqual({
      timeZone: 'Asia/Tokyo',
      today: '2026-11-22',
      weekday: 'sunday',
      weekStart: '2026-11-22',
      month: '2026-11',
      year: '2026',
    });
  });

  it('validates ISO dates', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-1-1')).toBe(false);
  });
});

describe('dateFromParam', () => {
  it('takes a plain date as it is, in any zone', () => {
    expect(dateFromParam('2026-11-22', 'Asia/Tokyo')).toBe('2026-11-22');
  });

  it('reads an instant as the calendar date in the zone', () => {
    // Berlin's Sunday 00:00 is Saturday 23:00 UTC; New York's is Sunday 05:00 UTC.
    expect(dateFromParam('2026-11-21T23:00:00.000Z', 'Europe/Berlin')).toBe('2026-11-22');
    expect(dateFromParam('2026-11-21T23:00:00.000Z', 'UTC')).toBe('2026-11-21');
    expect(dateFromParam('2026-11-22T05:00:00Z', 'America/New_York')).toBe('2026-11-22');
    expect(dateFromParam('2026-11-22T00:00+01:00', 'UTC')).toBe('2026-11-21');
  });

  it('answers null for anything else', () => {
    for (const bad of ['', 'garbage', '2026-13-01', '2026-11-22T25:00:00Z', '2026-11-22 00:00', '1700000000000']) {
      expect(dateFromParam(bad, 'UTC'), bad).toBeNull();
    }
  });
});

describe('weekRange (issue 29)', () => {
  it('names a week by its first and last date, across a month and a year', () => {
    expect(weekRange('2026-11-22')).toBe('Sun, Nov 22 – Sat, Nov 28');
    expect(weekRange('2026-12-27')).toBe('Sun, Dec 27 – Sat, Jan 2');
  });
});

describe('dates in words (issue 31: written out for English, Intl for another locale)', () => {
  const intl = (date: string, style: Intl.DateTimeFormatOptions, locale = 'en-US') => {
    const [y, m, d] = date.split('-').map(Number);
    return new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
  };
  const anyDate = fc.date({ min: new Date(`${DATE_RANGE.min}T00:00:00Z`), max: new Date(`${DATE_RANGE.max}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('reads exactly as Intl writes it in en-US, for every date the app can hold', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(longDate(date)).toBe(intl(date, { weekday: 'long', month: 'long', day: 'numeric' }));
        expect(monthDay(date)).toBe(intl(date, { month: 'short', day: 'numeric' }));
        expect(shortDate(date)).toBe(intl(date, { weekday: 'short', month: 'short', day: 'numeric' }));
        expect(longMonthDayYear(date)).toBe(intl(date, { month: 'long', day: 'numeric', year: 'numeric' }));
        expect(shortDateIn(date, 'en-US')).toBe(shortDate(date));
      }),
    );
  });

  it('writes another locale through Intl, and a locale Intl cannot use as en-US', () => {
    expect(shortDateIn('2026-11-27', 'de-DE')).toBe(intl('2026-11-27', { weekday: 'short', month: 'short', day: 'numeric' }, 'de-DE'));
    expect(shortDateIn('2026-11-27', 'en-GB')).toBe('Fri 27 Nov');
    expect(shortDateIn('2026-11-27', 'not a locale!')).toBe('Fri, Nov 27');
    expect(longDate('2026-11-22')).toBe('Sunday, November 22');
  });
});
