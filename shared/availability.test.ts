import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awayDatesInWeek, awayDays, awayLabelOn, awayWeekdaysInWeek, isAwayOn, isWholeWeekAway, monthGrid } from './availability';
import { NO_AVAILABILITY, type Availability, type AwayCycle, type DateRange } from './planning';
import { addDays, type IsoDate } from './time';

const withCycles = (...cycles: AwayCycle[]): Availability => ({ ...NO_AVAILABILITY, cycles });
const awayIn = (availability: Availability | undefined, from: IsoDate, to: IsoDate, familyPause: DateRange | null = null) =>
  awayDays(availability, familyPause, from, to).map((d) => d.date);

describe('away cycles', () => {
  it('alternate weekends: Saturday and Sunday of every other week, nothing before the start (issue 29)', () => {
    const availability = withCycles({ start: '2026-11-28', length: 14, away: [0, 1], label: "At Dad's" });
    // The weekends of 31 Oct and 14 Nov would be in the cycle, but they come before its start.
    expect(awayIn(availability, '2026-11-01', '2026-12-31')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-12-12',
      '2026-12-13',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(awayLabelOn(availability, null, '2026-11-28')).toBe("At Dad's");
    expect(isAwayOn(availability, null, '2026-12-05')).toBe(false);
  });

  it('custody Thursday to Sunday every other week', () => {
    const availability = withCycles({ start: '2026-11-26', length: 14, away: [0, 1, 2, 3] });
    expect(awayDatesInWeek(availability, null, '2026-11-22')).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
    expect(awayDatesInWeek(availability, null, '2026-11-29')).toEqual(['2026-11-29']);
    expect(awayDatesInWeek(availability, null, '2026-12-06')).toEqual(['2026-12-10', '2026-12-11', '2026-12-12']);
    expect(awayWeekdaysInWeek(availability, null, '2026-12-06')).toEqual(['thursday', 'friday', 'saturday']);
    // Two weeks before the start would be in the cycle: nothing before the start is away.
    expect(awayDatesInWeek(availability, null, '2026-11-08')).toEqual([]);
    expect(awayLabelOn(availability, null, '2026-11-26')).toBe('Away');
  });

  it('a fixed weekday: every Wednesday, in any year', () => {
    const availability = withCycles({ start: '2026-11-25', length: 7, away: [0], label: 'Swimming' });
    expect(awayIn(availability, '2026-11-22', '2026-12-12')).toEqual(['2026-11-25', '2026-12-02', '2026-12-09']);
    expect(isAwayOn(availability, null, '2001-01-03')).toBe(false);
    expect(isAwayOn(availability, null, '2026-11-18')).toBe(false);
    expect(isAwayOn(availability, null, '2199-12-25')).toBe(true);
  });

  it('several cycles: the first that has the day gives the label', () => {
    const availability = withCycles({ start: '2026-11-25', length: 7, away: [0], label: 'Swimming' }, { start: '2026-11-22', length: 7, away: [3, 6], label: 'Choir' });
    expect(awayDays(availability, null, '2026-11-22', '2026-11-28')).toEqual([
      { date: '2026-11-25', label: 'Swimming' },
      { date: '2026-11-28', label: 'Choir' },
    ]);
  });
});

describe('one-off away days and pauses', () => {
  const base: Availability = {
    cycles: [{ start: '2026-11-28', length: 14, away: [0, 1], label: "At Dad's" }],
    away: [{ from: '2026-12-01', to: '2026-12-03', label: 'School trip' }, { from: '2026-12-12', to: '2026-12-12' }],
    pause: null,
  };

  it('a one-off range is away on each of its days, with its label or "Away"', () => {
    expect(awayDays(base, null, '2026-11-30', '2026-12-04')).toEqual([
      { date: '2026-12-01', label: 'School trip' },
      { date: '2026-12-02', label: 'School trip' },
      { date: '2026-12-03', label: 'School trip' },
    ]);
    // A one-off away day that is also a cycle day shows the one-off label.
    expect(awayLabelOn(base, null, '2026-12-12')).toBe('Away');
    expect(awayLabelOn(base, null, '2026-12-13')).toBe("At Dad's");
  });

  it('an open-ended pause: every day from its start, labelled Paused over any other label', () => {
    const paused = { ...base, pause: { from: '2026-12-02' } };
    expect(isAwayOn(paused, null, '2026-11-30')).toBe(false);
    expect(awayLabelOn(paused, null, '2026-12-02')).toBe('Paused');
    expect(awayLabelOn(paused, null, '2026-12-12')).toBe('Paused');
    expect(isAwayOn(paused, null, '2031-06-18')).toBe(true);
    expect(isWholeWeekAway(paused, null, '2026-12-06')).toBe(true);
    expect(isWholeWeekAway(paused, null, '2026-11-29')).toBe(false);
  });

  it('a pause with an end: inclusive', () => {
    const paused = { ...NO_AVAILABILITY, pause: { from: '2026-12-20', to: '2026-12-27' } };
    expect(awayIn(paused, '2026-12-18', '2026-12-30')).toEqual(['2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27']);
  });

  it("the family's pause wins over everything, and applies to a child without a calendar", () => {
    const familyPause = { from: '2026-12-12', to: '2026-12-13' };
    expect(awayDays({ ...base, pause: { from: '2026-12-01' } }, familyPause, '2026-12-11', '2026-12-14')).toEqual([
      { date: '2026-12-11', label: 'Paused' },
      { date: '2026-12-12', label: 'Family paused' },
      { date: '2026-12-13', label: 'Family paused' },
      { date: '2026-12-14', label: 'Paused' },
    ]);
    expect(awayIn(undefined, '2026-12-10', '2026-12-15', familyPause)).toEqual(['2026-12-12', '2026-12-13']);
    expect(awayIn(undefined, '2026-12-10', '2026-12-15', { from: '2026-12-14' })).toEqual(['2026-12-14', '2026-12-15']);
  });

  it('no calendar, an empty calendar, or a backwards range: nobody away', () => {
    expect(awayDays(undefined, null, '2026-11-22', '2026-11-28')).toEqual([]);
    expect(awayDays(NO_AVAILABILITY, undefined, '2026-11-22', '2026-11-28')).toEqual([]);
    expect(awayDays(base, null, '2026-12-03', '2026-12-01')).toEqual([]);
    expect(isWholeWeekAway(undefined, null, '2026-11-22')).toBe(false);
  });

  it('a blank label reads "Away"', () => {
    const blank = { ...NO_AVAILABILITY, away: [{ from: '2026-12-01', to: '2026-12-01', label: '  ' }] };
    expect(awayLabelOn(blank, null, '2026-12-01')).toBe('Away');
  });
});

describe('monthGrid', () => {
  const shape = (grid: ReturnType<typeof monthGrid>) => ({ rows: grid.length, first: grid[0]![0]!.date, last: grid.at(-1)!.at(-1)!.date });

  it('Sunday-first rows of seven cells covering the month, 4 to 6 rows', () => {
    expect(shape(monthGrid('2026-02', undefined, null))).toEqual({ rows: 4, first: '2026-02-01', last: '2026-02-28' });
    expect(shape(monthGrid('2026-11', undefined, null))).toEqual({ rows: 5, first: '2026-11-01', last: '2026-12-05' });
    expect(shape(monthGrid('2026-08', undefined, null))).toEqual({ rows: 6, first: '2026-07-26', last: '2026-09-05' });
    for (const month of ['2026-02', '2026-08', '2028-02', '2027-01']) {
      const grid = monthGrid(month, undefined, null);
      const cells = grid.flat();
      expect(grid.every((row) => row.length === 7)).toBe(true);
      // Consecutive days, starting on a Sunday.
      cells.forEach((cell, i) => i > 0 && expect(cell.date).toBe(addDays(cells[i - 1]!.date, 1)));
      expect(new Date(`${cells[0]!.date}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(cells.filter((c) => c.inMonth).map((c) => c.date)).toEqual(cells.filter((c) => c.date.startsWith(month)).map((c) => c.date));
    }
    expect(monthGrid('2028-02', undefined, null).flat().filter((c) => c.inMonth)).toHaveLength(29);
  });

  it('marks away days with their label, also on the padding days, and none before a pattern starts (issue 29)', () => {
    const availability = withCycles({ start: '2026-11-28', length: 14, away: [0, 1], label: "At Dad's" });
    const cells = monthGrid('2026-11', availability, { from: '2026-12-04', to: '2026-12-04' }).flat();
    expect(cells.filter((c) => c.away).map((c) => [c.date, c.inMonth, c.label])).toEqual([
      ['2026-11-28', true, "At Dad's"],
      ['2026-11-29', true, "At Dad's"],
      ['2026-12-04', false, 'Family paused'],
    ]);
    expect(cells.find((c) => c.date === '2026-11-02')).toEqual({ date: '2026-11-02', inMonth: true, away: false, label: null });
  });

  it('refuses what is not a month', () => {
    expect(() => monthGrid('2026-13', undefined, null)).toThrow();
    expect(() => monthGrid('2026-1', undefined, null)).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
// Property: awayDays is the day-by-day reading of the calendar's definition
// ---------------------------------------------------------------------------------------------

const BASE = '2026-01-01';
const dateArb = (spanDays: number) => fc.integer({ min: -spanDays, max: spanDays }).map((n) => addDays(BASE, n));
const labelArb = fc.option(fc.constantFrom("At Dad's", 'Camp', ' ', 'x'), { nil: undefined });
const cycleArb: fc.Arbitrary<AwayCycle> = fc.constantFrom(7 as const, 14 as const, 21 as const, 28 as const).chain((length) =>
  fc.record({
    start: dateArb(400),
    length: fc.constant(length),
    away: fc.uniqueArray(fc.integer({ min: 0, max: length - 1 }), { minLength: 1, maxLength: length }),
    label: labelArb,
  }),
);
const rangeArb = fc.tuple(dateArb(300), fc.integer({ min: 0, max: 40 }), labelArb).map(([from, days, label]) => ({ from, to: addDays(from, days), label }));
const pauseArb = fc.option(
  fc.tuple(dateArb(300), fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined })).map(([from, days]): DateRange => (days === undefined ? { from } : { from, to: addDays(from, days) })),
  { nil: null },
);
const availabilityArb: fc.Arbitrary<Availability> = fc.record({
  cycles: fc.array(cycleArb, { maxLength: 3 }),
  away: fc.array(rangeArb, { maxLength: 4 }),
  pause: pauseArb,
});

/** A cycle's offset on a date, found by stepping day by day from its start (forwards or backwards), not by subtraction and modulo. */
function steppedOffset(cycle: AwayCycle, date: IsoDate): number {
  let offset = 0;
  const step = cycle.start <= date ? 1 : -1;
  for (let d = cycle.start; d !== date; d = addDays(d, step)) offset = (offset + step + cycle.length) % cycle.length;
  return offset;
}

/** The definition, read independently; `offsets` are the cycles' offsets on `date`. */
function referenceLabel(a: Availability, familyPause: DateRange | null, date: IsoDate, offsets: number[]): string | null {
  const covers = (r: DateRange) => r.from <= date && (!r.to || date <= r.to);
  const labelled = (label: string | undefined) => (label?.trim() ? label.trim() : 'Away');
  if (familyPause && covers(familyPause)) return 'Family paused';
  if (a.pause && covers(a.pause)) return 'Paused';
  const range = a.away.find(covers);
  if (range) return labelled(range.label);
  const cycle = a.cycles.find((c, i) => date >= c.start && c.away.includes(offsets[i]!));
  return cycle ? labelled(cycle.label) : null;
}

describe('awayDays: property', () => {
  it('equals the day-by-day reading of isAwayOn and of the definition over any range', () => {
    fc.assert(
      fc.property(availabilityArb, pauseArb, dateArb(200), fc.integer({ min: -3, max: 60 }), (availability, familyPause, from, length) => {
        const to = addDays(from, length);
        const days = awayDays(availability, familyPause, from, to);
        const byDay: IsoDate[] = [];
        const reference: { date: IsoDate; label: string }[] = [];
        const offsets = availability.cycles.map((c) => steppedOffset(c, from));
        for (let d = from; d <= to; d = addDays(d, 1)) {
          if (isAwayOn(availability, familyPause, d)) byDay.push(d);
          const label = referenceLabel(availability, familyPause, d, offsets);
          if (label !== null) reference.push({ date: d, label });
          offsets.forEach((o, i) => (offsets[i] = (o + 1) % availability.cycles[i]!.length));
        }
        expect(days.map((d) => d.date)).toEqual(byDay);
        expect(days).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('a week is whole-week away exactly when all its seven dates are away', () => {
    fc.assert(
      fc.property(availabilityArb, pauseArb, dateArb(200), (availability, familyPause, date) => {
        const weekStart = addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
        const dates = awayDatesInWeek(availability, familyPause, weekStart);
        expect(dates).toEqual(awayIn(availability, weekStart, addDays(weekStart, 6), familyPause));
        expect(isWholeWeekAway(availability, familyPause, weekStart)).toBe(dates.length === 7);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
