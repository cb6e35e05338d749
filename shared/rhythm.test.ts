import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rhythm, WhoDoesIt } from './planning';
import { describeChoreSchedule, nextOccurrences, occurrencesInWeek, occursOn, plainDate } from './rhythm';
import { addDays, startOfLocalDay, WEEKDAYS, weekStartOf, type IsoDate, type Weekday } from './time';

// Readable examples for each rhythm and sentence, then the property of issue 21: over random two-year
// windows and random IANA time zones, the family's week of a random instant and occurrencesInWeek give
// exactly the dates a brute-force reference finds by walking the calendar day by day.

describe('occurrencesInWeek: examples', () => {
  // The week of Sunday 22 Nov 2026 (to Sat 28 Nov).
  const week = '2026-11-22';

  it('days: those weekdays of every week', () => {
    expect(occurrencesInWeek({ kind: 'days', days: ['wednesday', 'monday'] }, week)).toEqual(['2026-11-23', '2026-11-25']);
    expect(occurrencesInWeek({ kind: 'days', days: [...WEEKDAYS] }, week)).toHaveLength(7);
  });

  it('every N days: counted from the start, nothing before it', () => {
    const rhythm: Rhythm = { kind: 'everyNDays', every: 3, start: '2026-11-24' };
    expect(occurrencesInWeek(rhythm, week)).toEqual(['2026-11-24', '2026-11-27']);
    expect(occurrencesInWeek(rhythm, '2026-11-29')).toEqual(['2026-11-30', '2026-12-03']);
    expect(occurrencesInWeek(rhythm, '2026-11-15')).toEqual([]);
    expect(occursOn(rhythm, '2026-11-21')).toBe(false);
  });

  it('every N weeks: the anchor week and every Nth week after and before it', () => {
    const rhythm: Rhythm = { kind: 'everyNWeeks', every: 2, anchorWeek: week, days: ['saturday'] };
    expect(occurrencesInWeek(rhythm, week)).toEqual(['2026-11-28']);
    expect(occurrencesInWeek(rhythm, '2026-11-29')).toEqual([]);
    expect(occurrencesInWeek(rhythm, '2026-12-06')).toEqual(['2026-12-12']);
    expect(occurrencesInWeek(rhythm, '2026-11-08')).toEqual(['2026-11-14']);
    expect(occurrencesInWeek(rhythm, '2026-11-15')).toEqual([]);
    const everyThird: Rhythm = { kind: 'everyNWeeks', every: 3, anchorWeek: week, days: ['monday', 'friday'] };
    expect(occurrencesInWeek(everyThird, '2026-12-13')).toEqual(['2026-12-14', '2026-12-18']);
    expect(occurrencesInWeek(everyThird, '2026-11-01')).toEqual(['2026-11-02', '2026-11-06']);
    expect(occurrencesInWeek(everyThird, '2026-12-06')).toEqual([]);
  });

  it('monthly on a date: a shorter month has it on its last day', () => {
    expect(occurrencesInWeek({ kind: 'monthlyDate', day: 31 }, '2026-02-22')).toEqual(['2026-02-28']);
    expect(occurrencesInWeek({ kind: 'monthlyDate', day: 30 }, '2028-02-27')).toEqual(['2028-02-29']);
    expect(occurrencesInWeek({ kind: 'monthlyDate', day: 31 }, '2026-04-26')).toEqual(['2026-04-30']);
    expect(occurrencesInWeek({ kind: 'monthlyDate', day: 15 }, week)).toEqual([]);
    // A week over two months holds both months' dates: Sun 29 Mar – Sat 4 Apr 2026.
    expect(occurrencesInWeek({ kind: 'monthlyDate', day: 31 }, '2026-03-29')).toEqual(['2026-03-31']);
    expect(occurrencesInWeek({ kind: 'monthlyDate', day: 2 }, '2026-03-29')).toEqual(['2026-04-02']);
  });

  it('monthly on a weekday: first to fourth, or last', () => {
    // Sun 29 Nov – Sat 5 Dec 2026: November's last Sunday and Monday, December's first Tuesday and Saturday.
    const span = '2026-11-29';
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: -1, weekday: 'sunday' }, span)).toEqual(['2026-11-29']);
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: -1, weekday: 'monday' }, span)).toEqual(['2026-11-30']);
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: 1, weekday: 'tuesday' }, span)).toEqual(['2026-12-01']);
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: 1, weekday: 'saturday' }, span)).toEqual(['2026-12-05']);
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: 2, weekday: 'saturday' }, span)).toEqual([]);
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: 4, weekday: 'thursday' }, week)).toEqual(['2026-11-26']);
    expect(occurrencesInWeek({ kind: 'monthlyWeekday', nth: -1, weekday: 'friday' }, week)).toEqual(['2026-11-27']);
    // The fourth and the last differ when a month has five of that weekday: October 2026 has five Saturdays.
    expect(occursOn({ kind: 'monthlyWeekday', nth: 4, weekday: 'saturday' }, '2026-10-24')).toBe(true);
    expect(occursOn({ kind: 'monthlyWeekday', nth: -1, weekday: 'saturday' }, '2026-10-24')).toBe(false);
    expect(occursOn({ kind: 'monthlyWeekday', nth: -1, weekday: 'saturday' }, '2026-10-31')).toBe(true);
  });

  it('once: that date only', () => {
    expect(occurrencesInWeek({ kind: 'once', date: '2026-11-25' }, week)).toEqual(['2026-11-25']);
    expect(occurrencesInWeek({ kind: 'once', date: '2026-11-25' }, '2026-11-29')).toEqual([]);
  });
});

describe('nextOccurrences', () => {
  it('lists the next dates from a day on, inclusive', () => {
    expect(nextOccurrences({ kind: 'monthlyDate', day: 31 }, '2026-01-31', 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(nextOccurrences({ kind: 'everyNDays', every: 10, start: '2027-03-01' }, '2026-01-01', 2)).toEqual(['2027-03-01', '2027-03-11']);
    expect(nextOccurrences({ kind: 'everyNWeeks', every: 2, anchorWeek: '2026-11-22', days: ['saturday'] }, '2026-11-23', 3)).toEqual([
      '2026-11-28',
      '2026-12-12',
      '2026-12-26',
    ]);
  });

  it('stops when the rhythm does', () => {
    expect(nextOccurrences({ kind: 'once', date: '2026-12-12' }, '2026-12-01', 3)).toEqual(['2026-12-12']);
    expect(nextOccurrences({ kind: 'once', date: '2026-12-12' }, '2026-12-13', 3)).toEqual([]);
    expect(nextOccurrences({ kind: 'days', days: ['monday'] }, '2026-12-01', 0)).toEqual([]);
  });
});

describe('describeChoreSchedule', () => {
  const childNames = { emma: 'Emma', liam: 'Liam', zoe: 'Zoe' };
  const say = (category: 'daily' | 'weekly' | 'continuous', rhythm?: Rhythm, who?: WhoDoesIt) => describeChoreSchedule({ category, rhythm, who, childNames });

  it('the category alone, one child at a time (balanced)', () => {
    expect(say('daily')).toBe('Every day, for one child at a time (balanced)');
    expect(say('weekly')).toBe('Once a week, for one child at a time (balanced)');
    expect(say('continuous')).toBe('Ongoing, for one child at a time (balanced)');
    expect(say('daily', undefined, { mode: 'one', turns: 'balanced' })).toBe('Every day, for one child at a time (balanced)');
  });

  it('every other Saturday, for whoever is home / the first of the listed children', () => {
    const rhythm: Rhythm = { kind: 'everyNWeeks', every: 2, anchorWeek: '2026-11-22', days: ['saturday'] };
    expect(say('weekly', rhythm, { mode: 'first' })).toBe('Every other Saturday, for whoever is home');
    expect(say('weekly', rhythm, { mode: 'first', children: ['emma', 'liam'] })).toBe('Every other Saturday, for the first of Emma or Liam');
    expect(say('weekly', rhythm, { mode: 'first', children: ['emma', 'liam', 'zoe'] })).toBe('Every other Saturday, for the first of Emma, Liam or Zoe');
    expect(say('weekly', { ...rhythm, every: 3, days: ['saturday', 'sunday'] }, { mode: 'first' })).toBe('Every 3 weeks on Saturdays and Sundays, for whoever is home');
    expect(say('weekly', { ...rhythm, days: ['monday', 'wednesday'] })).toBe('Every other week on Mondays and Wednesdays, taking turns');
    expect(say('weekly', { ...rhythm, days: [...WEEKDAYS] })).toBe('Every other week, every day, taking turns');
  });

  it('turns: taking turns, a week each in turn; a rhythm with balanced turns takes fair turns', () => {
    expect(say('daily', { kind: 'everyNDays', every: 3, start: '2026-11-22' }, { mode: 'one', turns: 'fair' })).toBe('Every 3 days, taking turns');
    expect(say('daily', { kind: 'everyNDays', every: 2, start: '2026-11-22' }, { mode: 'one', turns: 'balanced' })).toBe('Every other day, taking turns');
    expect(say('daily', { kind: 'days', days: ['wednesday', 'monday'] }, { mode: 'one', turns: 'week' })).toBe('Mondays and Wednesdays, a week each in turn');
    expect(say('daily', undefined, { mode: 'one', turns: 'week', children: ['emma', 'liam'] })).toBe('Every day, Emma and Liam, a week each in turn');
    expect(say('daily', undefined, { mode: 'one', turns: 'fair', children: ['emma', 'liam'] })).toBe('Every day, Emma and Liam taking turns');
    expect(say('daily', undefined, { mode: 'one', turns: 'balanced', children: ['emma', 'liam'] })).toBe('Every day, for one of Emma or Liam at a time (balanced)');
    expect(say('weekly', undefined, { mode: 'one', turns: 'fair', children: ['liam'] })).toBe('Once a week, for Liam');
  });

  it('each child, with days per child', () => {
    expect(say('weekly', { kind: 'monthlyWeekday', nth: 1, weekday: 'saturday' }, { mode: 'each' })).toBe('On the first Saturday of each month, for each child');
    expect(
      say('daily', undefined, { mode: 'each', children: [{ childId: 'emma', days: ['wednesday', 'monday'] }, { childId: 'liam', days: ['tuesday', 'thursday'] }] }),
    ).toBe('Every day, for each child: Emma on Mon and Wed, Liam on Tue and Thu');
    expect(say('daily', undefined, { mode: 'each', children: [{ childId: 'emma', days: ['monday'] }, { childId: 'liam' }] })).toBe(
      'Every day, for each child: Emma on Mon, Liam always',
    );
    expect(say('daily', undefined, { mode: 'each', children: [{ childId: 'emma' }, { childId: 'zoe' }] })).toBe('Every day, for each of Emma and Zoe');
  });

  it('unknown children are left out', () => {
    expect(say('weekly', undefined, { mode: 'first', children: ['gone', 'liam'] })).toBe('Once a week, for Liam');
    expect(say('weekly', undefined, { mode: 'first', children: ['gone'] })).toBe('Once a week, for whoever is home');
    expect(say('daily', undefined, { mode: 'each', children: [{ childId: 'gone', days: ['monday'] }] })).toBe('Every day, for each child');
  });

  it('every rhythm in words', () => {
    expect(say('daily', { kind: 'days', days: [...WEEKDAYS] })).toBe('Every day, taking turns');
    expect(say('daily', { kind: 'days', days: ['friday', 'monday', 'tuesday', 'wednesday', 'thursday'] }, { mode: 'each' })).toBe('Every weekday, for each child');
    expect(say('weekly', { kind: 'days', days: ['saturday'] }, { mode: 'each' })).toBe('Saturdays, for each child');
    expect(say('weekly', { kind: 'monthlyDate', day: 1 }, { mode: 'each' })).toBe('On the 1st of each month, for each child');
    expect(say('weekly', { kind: 'monthlyDate', day: 22 }, { mode: 'each' })).toBe('On the 22nd of each month, for each child');
    expect(say('weekly', { kind: 'monthlyDate', day: 13 }, { mode: 'each' })).toBe('On the 13th of each month, for each child');
    expect(say('weekly', { kind: 'monthlyDate', day: 30 }, { mode: 'each' })).toBe('On the 30th of each month (the last day in shorter months), for each child');
    expect(say('weekly', { kind: 'monthlyDate', day: 31 }, { mode: 'each' })).toBe('On the last day of each month, for each child');
    expect(say('weekly', { kind: 'monthlyWeekday', nth: -1, weekday: 'friday' }, { mode: 'first' })).toBe('On the last Friday of each month, for whoever is home');
    expect(say('weekly', { kind: 'once', date: '2026-12-12' }, { mode: 'first' })).toBe('Once on 12 Dec 2026, for whoever is home');
  });

  it('a continuous chore ignores a rhythm (the API refuses one)', () => {
    expect(say('continuous', { kind: 'once', date: '2026-12-12' }, { mode: 'each' })).toBe('Ongoing, for each child');
  });

  it('plainDate uses a fixed English month list', () => {
    expect(plainDate('2026-01-05')).toBe('5 Jan 2026');
    expect(plainDate('2027-12-31')).toBe('31 Dec 2027');
  });
});

// ---------------------------------------------------------------------------------------------
// The property: the family's week and its occurrences, against a brute-force walk of the calendar
// ---------------------------------------------------------------------------------------------

/**
 * The reference calendar: every date from Sunday 26 Dec 1999 to the end of 2201, in order, built by
 * stepping one day at a time. A date's index gives its weekday (index 0 is a Sunday) and day
 * differences without any of the code under test's arithmetic.
 */
const CALENDAR: IsoDate[] = [];
for (let d = '1999-12-26'; d <= '2201-12-31'; d = addDays(d, 1)) CALENDAR.push(d);
const INDEX = new Map(CALENDAR.map((d, i) => [d, i]));
const idx = (date: IsoDate) => INDEX.get(date)!;
const refWeekday = (date: IsoDate): Weekday => WEEKDAYS[idx(date) % 7]!;
const refSunday = (date: IsoDate) => CALENDAR[idx(date) - (idx(date) % 7)]!;
const sameMonth = (a: IsoDate | undefined, b: IsoDate) => a?.slice(0, 7) === b.slice(0, 7);

/** The definition of each rhythm, checked on one date of the walked calendar. */
function reference(rhythm: Rhythm, date: IsoDate): boolean {
  const i = idx(date);
  const day = Number(date.slice(8));
  switch (rhythm.kind) {
    case 'days':
      return rhythm.days.includes(refWeekday(date));
    case 'everyNDays':
      return date >= rhythm.start && (i - idx(rhythm.start)) % rhythm.every === 0;
    case 'everyNWeeks': {
      const weeks = (idx(refSunday(date)) - idx(rhythm.anchorWeek)) / 7;
      return rhythm.days.includes(refWeekday(date)) && Math.abs(weeks) % rhythm.every === 0;
    }
    case 'monthlyDate': {
      const lastOfMonth = !sameMonth(CALENDAR[i + 1], date);
      return day === rhythm.day || (lastOfMonth && day < rhythm.day);
    }
    case 'monthlyWeekday': {
      if (refWeekday(date) !== rhythm.weekday) return false;
      if (rhythm.nth === -1) return !sameMonth(CALENDAR[i + 7], date);
      // Count this weekday's dates of the month up to this one.
      let nth = 0;
      for (let j = i; sameMonth(CALENDAR[j], date); j -= 7) nth++;
      return nth === rhythm.nth;
    }
    case 'once':
      return date === rhythm.date;
  }
}

/** The local date of an instant through Intl alone (not @date-fns/tz, which shared/time.ts uses). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlLocalDate(instant: Date, tz: string): IsoDate {
  let f = formatters.get(tz);
  if (!f) formatters.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const ZONES = Intl.supportedValuesOf('timeZone');
const DAY_MS = 86_400_000;
const WINDOW_DAYS = 2 * 365;

const weekdaysArb = fc.uniqueArray(fc.constantFrom<Weekday>(...WEEKDAYS), { minLength: 1, maxLength: 7 });
/** A rhythm whose dates lie around a window starting at calendar index `w` (before, inside and after it). */
const rhythmArb = (w: number): fc.Arbitrary<Rhythm> => {
  const near = fc.integer({ min: w - 400, max: w + WINDOW_DAYS + 100 }).map((i) => CALENDAR[i]!);
  return fc.oneof(
    fc.record({ kind: fc.constant('days' as const), days: weekdaysArb }),
    fc.record({ kind: fc.constant('everyNDays' as const), every: fc.integer({ min: 2, max: 90 }), start: near }),
    fc.record({ kind: fc.constant('everyNWeeks' as const), every: fc.integer({ min: 2, max: 12 }), anchorWeek: near.map(refSunday), days: weekdaysArb }),
    fc.record({ kind: fc.constant('monthlyDate' as const), day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })) }),
    fc.record({ kind: fc.constant('monthlyWeekday' as const), nth: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, -1 as const), weekday: fc.constantFrom(...WEEKDAYS) }),
    fc.record({ kind: fc.constant('once' as const), date: near }),
  );
};

/**
 * An instant in the window: anywhere, or within three hours of a local Saturday/Sunday midnight
 * (where a DST change or a wrong zone would move the instant into the neighbouring week).
 */
const instantArb = (w: number, tz: string) =>
  fc.oneof(
    fc.integer({ min: 7, max: WINDOW_DAYS - 8 }).chain((day) => fc.integer({ min: 0, max: DAY_MS - 1 }).map((ms) => new Date(startOfLocalDay(CALENDAR[w + day]!, tz).getTime() + ms))),
    fc
      .integer({ min: 1, max: Math.floor(WINDOW_DAYS / 7) - 2 })
      .chain((week) => fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }).map((ms) => new Date(startOfLocalDay(refSunday(CALENDAR[w + week * 7]!), tz).getTime() + ms))),
  );

describe('occurrencesInWeek: property over two years and time zones', () => {
  // Windows start between 2000 and 2198, so the window and the rhythms' dates stay in the calendar.
  const windowArb = fc.integer({ min: 420, max: idx('2198-01-01') });
  const caseArb = windowArb.chain((w) =>
    fc.constantFrom(...ZONES).chain((tz) => fc.record({ w: fc.constant(w), tz: fc.constant(tz), rhythm: rhythmArb(w), instants: fc.array(instantArb(w, tz), { minLength: 1, maxLength: 6 }) })),
  );

  it('the week of a random instant holds exactly the brute-force dates, and consecutive weeks cover the window once', () => {
    fc.assert(
      fc.property(caseArb, ({ w, tz, rhythm, instants }) => {
        const first = CALENDAR[w]!;
        const last = CALENDAR[w + WINDOW_DAYS - 1]!;
        const expected = CALENDAR.slice(w, w + WINDOW_DAYS).filter((d) => reference(rhythm, d));

        for (const instant of instants) {
          const local = intlLocalDate(instant, tz);
          const weekStart = weekStartOf(instant, tz);
          expect(weekStart).toBe(refSunday(local));
          const weekEnd = CALENDAR[idx(weekStart) + 6]!;
          expect(occurrencesInWeek(rhythm, weekStart)).toEqual(CALENDAR.slice(idx(weekStart), idx(weekStart) + 7).filter((d) => reference(rhythm, d)));
          // The same week's dates, as far as they fall in the window.
          expect(occurrencesInWeek(rhythm, weekStart).filter((d) => d >= first && d <= last)).toEqual(expected.filter((d) => d >= weekStart && d <= weekEnd));
        }

        // Every occurrence belongs to exactly one week: the union over consecutive weeks is the list, without duplicates.
        const union: IsoDate[] = [];
        for (let week = refSunday(first); week <= last; week = CALENDAR[idx(week) + 7]!) union.push(...occurrencesInWeek(rhythm, week));
        expect(union.filter((d) => d >= first && d <= last)).toEqual(expected);
        expect(new Set(union).size).toBe(union.length);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  /** The dates (in 2026–2027) on which a zone's UTC offset changes (or the day after, where the change skips midnight). */
  function dstChanges(tz: string): IsoDate[] {
    // Where local midnight falls in the UTC day: it moves when the offset does.
    const offsetAt = (date: IsoDate) => startOfLocalDay(date, tz).getTime() % DAY_MS;
    const changes: IsoDate[] = [];
    let previous = offsetAt('2026-01-01');
    for (let d = '2026-01-02'; d <= '2027-12-31'; d = addDays(d, 1)) {
      const offset = offsetAt(d);
      if (offset !== previous) changes.push(d);
      previous = offset;
    }
    return changes;
  }

  it('the weeks where DST changes: every 47 minutes of them lands in its own week with the right dates', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'America/Santiago', 'Pacific/Chatham', 'America/Havana', 'Asia/Gaza', 'Pacific/Auckland'];
    const rhythms: Rhythm[] = [
      { kind: 'days', days: ['sunday', 'saturday'] },
      { kind: 'everyNDays', every: 3, start: '2025-12-30' },
      { kind: 'everyNWeeks', every: 2, anchorWeek: '2026-01-04', days: ['sunday', 'monday', 'saturday'] },
      { kind: 'monthlyDate', day: 31 },
      { kind: 'monthlyWeekday', nth: 1, weekday: 'sunday' },
      { kind: 'monthlyWeekday', nth: -1, weekday: 'saturday' },
    ];
    // Mismatches are collected and compared once: thousands of expect() calls would dominate the run.
    const wrongWeeks: string[] = [];
    const weeks = new Set<IsoDate>();
    let changesSeen = 0;
    for (const tz of zones) {
      const changes = dstChanges(tz);
      expect(changes.length, tz).toBeGreaterThanOrEqual(2);
      changesSeen += changes.length;
      for (const change of changes) {
        // Every 47 minutes (so every quarter-hour offset gets hit) from the Saturday before the change's week to the Monday after it.
        const from = startOfLocalDay(addDays(refSunday(change), -1), tz).getTime();
        const to = startOfLocalDay(addDays(refSunday(change), 8), tz).getTime();
        for (let t = from; t < to; t += 47 * 60_000) {
          const instant = new Date(t);
          const weekStart = weekStartOf(instant, tz);
          if (weekStart !== refSunday(intlLocalDate(instant, tz))) wrongWeeks.push(`${tz} ${instant.toISOString()} -> ${weekStart}`);
          weeks.add(weekStart);
        }
      }
    }
    expect(wrongWeeks).toEqual([]);
    expect(changesSeen).toBeGreaterThanOrEqual(zones.length * 2);
    const wrongDates: string[] = [];
    for (const weekStart of weeks) {
      for (const rhythm of rhythms) {
        const actual = occurrencesInWeek(rhythm, weekStart).join(' ');
        const expected = CALENDAR.slice(idx(weekStart), idx(weekStart) + 7).filter((d) => reference(rhythm, d)).join(' ');
        if (actual !== expected) wrongDates.push(`${rhythm.kind} ${weekStart}: ${actual} != ${expected}`);
      }
    }
    expect(wrongDates).toEqual([]);
  }, 60_000);
});
