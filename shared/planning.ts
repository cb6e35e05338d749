/**
 * The planner's household vocabulary (issue 21), shared by the API, the planner and the screens:
 * how often a chore happens (its rhythm), who does it, and when a child is away.
 *
 * Everything here is plain data over calendar dates (`YYYY-MM-DD` in the family's time zone), so a
 * DST change never moves an occurrence: the family's time zone only decides which week "this week"
 * is (shared/time.ts), and the rest is calendar arithmetic.
 *
 * Stored items carry these shapes as optional attributes; an item without them behaves exactly as
 * before issue 21 (the lazy migration: nothing is rewritten).
 *   - chore without `rhythm`: its category decides (daily: every day; weekly: once a week, on a day
 *     the planner picks; continuous: ongoing);
 *   - chore without `who`: `{ mode: 'one', turns: 'balanced' }` (the whole-week balancing planner);
 *   - child without `availability`: always home; family without `pause`: not paused.
 *
 * The functions live next to it: shared/rhythm.ts (occurrences, sentences) and
 * shared/availability.ts (away days, month preview).
 */
import type { IsoDate, Weekday } from './time';

/** How often a dated chore happens, besides its category's default. Not for continuous chores. */
export type Rhythm =
  /** Every week, on these days (1–7 days). */
  | { kind: 'days'; days: Weekday[] }
  /** Every `every` days (2–90), counting from `start` (the first occurrence). */
  | { kind: 'everyNDays'; every: number; start: IsoDate }
  /** Every `every` weeks (2–12), in the week of `anchorWeek` (a Sunday) and every `every`th after (and before), on these days. */
  | { kind: 'everyNWeeks'; every: number; anchorWeek: IsoDate; days: Weekday[] }
  /** Every month on day `day` (1–31); a month without that day has it on its last day. */
  | { kind: 'monthlyDate'; day: number }
  /** Every month on its `nth` (1–4, or -1 for the last) `weekday`: "first Saturday", "last Friday". */
  | { kind: 'monthlyWeekday'; nth: 1 | 2 | 3 | 4 | -1; weekday: Weekday }
  /** Once, on this date. */
  | { kind: 'once'; date: IsoDate };
export type RhythmKind = Rhythm['kind'];

/**
 * Who does a chore.
 *  - `one`: one child at a time. `turns`:
 *      `balanced` (default, today's planner: it picks the child and, for a weekly chore, the day,
 *      balancing the week's rewards between the children; only for the category's own rhythm — a
 *      chore with a `rhythm` and `balanced` takes `fair` turns);
 *      `week`: keep it for a week — one child does every occurrence of a week, the next child the
 *      week after (order: a seeded shuffle of the children, never by name);
 *      `fair`: round-robin — each occurrence goes to the child at home with the fewest occurrences of
 *      this chore (then the least value of all chores) over the last 4 weeks and this one so far,
 *      ties by a seeded shuffle.
 *  - `each`: every listed child does their own, and each is paid. `days` (optional, per child)
 *    keeps only those weekdays of the chore's occurrences for that child (Emma Mon/Wed, Liam Tue/Thu).
 *  - `first`: offered to every listed child at home that day; the first tick takes it for that
 *    day, the others see "Done by Liam"; paid once.
 * `children` empty or absent: every child whose difficulty limit allows the chore. Listed children
 * are taken as the parent's choice (their difficulty limit does not filter them out).
 */
export type WhoDoesIt =
  | { mode: 'one'; turns: 'balanced' | 'week' | 'fair'; children?: string[] }
  | { mode: 'each'; children?: { childId: string; days?: Weekday[] }[] }
  | { mode: 'first'; children?: string[] };
export type WhoMode = WhoDoesIt['mode'];

/** An inclusive range of dates; `to` absent: open-ended (a pause "until we resume"). */
export interface DateRange {
  from: IsoDate;
  to?: IsoDate;
}

/**
 * A repeating away pattern: a cycle of `length` days (7, 14, 21 or 28) starting on `start`; the child
 * is away on the cycle's days whose offset from the start (0-based, modulo `length`) is listed.
 * Presets the screens offer: a fixed weekday (7 days), alternate weekends (14: Sat and Sun of one
 * week), custody Thursday–Sunday every other week (14, starting on a Thursday: offsets 0–3).
 */
export interface AwayCycle {
  start: IsoDate;
  length: 7 | 14 | 21 | 28;
  away: number[];
  /** The parent's words ("At Dad's"), shown on away days. */
  label?: string;
}

/** A child's availability calendar. */
export interface Availability {
  cycles: AwayCycle[];
  /** One-off away days (a school trip), inclusive ranges with a closing date. */
  away: { from: IsoDate; to: IsoDate; label?: string }[];
  /** Paused (a vacation): no chore is given, no figure counts against the child. */
  pause: DateRange | null;
}
export const NO_AVAILABILITY: Availability = { cycles: [], away: [], pause: null };

/** Limits the API enforces on an availability calendar. */
export const AVAILABILITY_LIMITS = { cycles: 6, away: 50, labelLength: 40 } as const;
