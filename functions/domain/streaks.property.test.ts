/**
 * Property (issue 32 point 5): a streak always agrees with the ticks it counts. Over random
 * households (dated and ongoing chores assigned on time or late, first-wins days another child took,
 * away days, a child added on any day) in time zones with and without a DST change inside the weeks,
 * and over random sequences of ticks, unticks, approvals and send-backs, the streak a screen shows
 * (this week's days counted on the carry the Sunday job kept, domain/streaks.ts) equals the streak
 * counted day by day from the child's first day, by a forward count written here independently.
 * The Sunday job may miss a week's run (one at a time): the next run makes it up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDate, WEEKDAYS, type IsoDate } from '../../shared/time';
import { carryInto, choreDaysOf, nextCarry, streakOn, type StreakCarry, type StreakChoreDay, type StreakDated, type StreakOngoing } from './streaks';

/** A Sunday before the DST changes of the US (Mar 8), Europe (Mar 29) and New Zealand (Apr 5). */
const FIRST: IsoDate = '2026-02-22';
const WEEKS = 8;
const DAYS = WEEKS * 7;
const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Pacific/Auckland', 'Asia/Tokyo', 'America/Los_Angeles'] as const;
const HISTORY_DAYS = 28;

const dateOf = (i: number): IsoDate => addDays(FIRST, i);
/** An instant `minutes` after midnight UTC of day `i` (so a local date may be the day before or after). */
const instantOf = (i: number, minutes: number): string => new Date(Date.parse(`${dateOf(i)}T00:00:00Z`) + minutes * 60_000).toISOString();

type TickOp = 'tick' | 'wait' | 'approve' | 'untick' | 'send-back';
/** Mostly ticked (so that streaks grow long enough to cross weeks and the job's 28-day reach), else any sequence. */
const opsArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<TickOp[]>(['tick'], ['wait'], ['wait', 'approve']) },
  { weight: 4, arbitrary: fc.array(fc.constantFrom<TickOp>('tick', 'wait', 'approve', 'untick', 'send-back'), { maxLength: 4 }) },
);

/** Whether a chore-day is ticked after `ops`: a tick (counted or waiting) ticks; an untick, or a send-back of a waiting tick, clears. */
function ticked(ops: readonly TickOp[]): boolean {
  let done = false;
  let waiting = false;
  for (const op of ops) {
    if (op === 'tick' || op === 'wait') [done, waiting] = done ? [done, waiting] : [true, op === 'wait'];
    else if (op === 'approve') waiting = false;
    else if (op === 'untick') [done, waiting] = [false, false];
    else if (op === 'send-back' && waiting) [done, waiting] = [false, false];
  }
  return done;
}

const minutesArb = fc.integer({ min: -14 * 60, max: 38 * 60 });

const householdArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  child: fc.record({ day: fc.nat(3 * 7), minutes: minutesArb }),
  dated: fc.array(
    fc.record({ day: fc.nat(DAYS - 1), late: fc.integer({ min: -6, max: 2 }), minutes: minutesArb, taken: fc.boolean(), ops: opsArb }),
    { maxLength: 60 },
  ),
  ongoing: fc.array(
    fc.record({
      days: fc.subarray([...WEEKDAYS]),
      created: fc.nat(DAYS - 1),
      minutes: minutesArb,
      ticks: fc.array(fc.tuple(fc.nat(DAYS - 1), opsArb), { maxLength: 30 }),
    }),
    { maxLength: 3 },
  ),
  away: fc.uniqueArray(fc.nat(DAYS - 1), { maxLength: 12 }),
  /** Weeks whose Sunday run did not happen (never two in a row, never the week looked at). */
  missedRuns: fc.uniqueArray(fc.integer({ min: 1, max: WEEKS - 1 }), { maxLength: 3 }),
  /** How far through today's ticks the screen is looked at. */
  todayShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
type Household = typeof householdArb extends fc.Arbitrary<infer T> ? T : never;

/** The household as stored at `now` (a day index): what exists, with today's ticks `share` done. */
function storedAt(h: Household, now: number, share: number): { dated: StreakDated[]; ongoing: StreakOngoing[] } {
  const local = (instant: string) => localDate(new Date(instant), h.zone);
  const today = dateOf(now);
  const upTo = (day: number, ops: readonly TickOp[]) => (day < now ? ops : day === now ? ops.slice(0, Math.round(ops.length * share)) : []);
  const dated = h.dated
    .map((a) => ({ date: dateOf(a.day), createdAt: instantOf(a.day + a.late, a.minutes), a }))
    .filter((x) => local(x.createdAt) <= today)
    .map(({ date, createdAt, a }) => {
      // Ticked on its day, by a child or a parent; one assigned after its day was never ticked.
      const ops = local(createdAt) <= date ? upTo(a.day, a.ops) : [];
      const isCompleted = !a.taken && ticked(ops);
      return { assignedDate: date, isCompleted, createdAt, ...(a.taken ? { takenBy: { childId: 'other' } } : {}) };
    });
  const ongoing = h.ongoing
    .map((c) => ({ c, createdAt: instantOf(c.created, c.minutes) }))
    .filter((x) => local(x.createdAt) <= today)
    .map(({ c, createdAt }) => {
      const completions: Record<string, true> = {};
      for (const [day, ops] of c.ticks) {
        const date = dateOf(day);
        if (date >= local(createdAt) && (c.days.length === 0 || c.days.includes(WEEKDAYS[day % 7]!)) && ticked(upTo(day, ops))) completions[date] = true;
      }
      return { daysOfWeek: c.days, createdAt, completions };
    });
  return { dated, ongoing };
}

/** The oracle: day by day from the child's first day, forward. */
function forwardStreak(choreDays: readonly StreakChoreDay[], isAway: (d: IsoDate) => boolean, since: IsoDate, today: IsoDate): { days: number; doneToday: boolean } {
  const stateOn = (date: IsoDate): 'done' | 'missed' | 'free' => {
    const due = choreDays.filter((d) => d.date === date);
    if (isAway(date) || due.length === 0) return 'free';
    return due.every((d) => d.done) ? 'done' : 'missed';
  };
  let days = 0;
  for (let date = since; date < today; date = addDays(date, 1)) {
    const s = stateOn(date);
    if (s === 'done') days++;
    else if (s === 'missed') days = 0;
  }
  const doneToday = since <= today && stateOn(today) === 'done';
  return { days: days + (doneToday ? 1 : 0), doneToday };
}

describe('a streak agrees with the ticks it counts', () => {
  it('the screen (this week on the kept carry) equals the day-by-day count, at every day', () => {
    fc.assert(
      fc.property(householdArb, fc.nat(DAYS - 1), (h, now) => {
        const since = localDate(new Date(instantOf(h.child.day, h.child.minutes)), h.zone);
        const away = new Set(h.away.map(dateOf));
        const isAway = (d: IsoDate) => away.has(d);
        const today = dateOf(now);
        const week = Math.floor(now / 7);
        const missed = new Set(h.missedRuns.filter((w, _, all) => w !== week && !all.includes(w - 1)));

        // The Sunday job, week by week up to this one: the weeks before closed as they were stored then.
        let kept: StreakCarry | undefined;
        for (let w = 1; w <= week; w++) {
          const weekStart = dateOf(w * 7);
          if (missed.has(w) || since >= weekStart) continue;
          const read = storedAt(h, w * 7 - 1, 1);
          const from = addDays(weekStart, -HISTORY_DAYS);
          const history = { choreDays: choreDaysOf(read.dated, read.ongoing, { from, to: addDays(weekStart, -1) }, h.zone, isAway), isAway, since };
          kept = nextCarry(kept, history, weekStart, from) ?? kept;
        }

        const stored = storedAt(h, now, h.todayShare);
        const weekStart = dateOf(week * 7);
        const thisWeek = choreDaysOf(stored.dated, stored.ongoing, { from: weekStart, to: today }, h.zone, isAway);
        const shown = streakOn({ choreDays: thisWeek, isAway, since }, today, weekStart, carryInto(kept, weekStart));

        const all = choreDaysOf(stored.dated, stored.ongoing, { from: FIRST, to: today }, h.zone, isAway);
        expect(shown).toEqual(forwardStreak(all, isAway, since, today));
      }),
      { numRuns: 400 },
    );
  });
});
