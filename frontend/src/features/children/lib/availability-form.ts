/**
 * The availability editor's presets and words (issue 21): how a preset ("Away every week on…",
 * alternate weekends, Thursday–Sunday every other week, a custom two-week cycle) becomes an
 * AwayCycle (shared/planning.ts), how a cycle reads back in plain words, and the editor's checks.
 */
import type { Availability, AwayCycle } from '../../../../../shared/planning';
import { AVAILABILITY_LIMITS } from '../../../../../shared/planning';
import { plainDate } from '../../../../../shared/rhythm';
import { addDays, isIsoDate, weekdayOf, WEEKDAY_NAMES, WEEKDAYS, type IsoDate, type Weekday } from '../../../../../shared/time';

export type CyclePreset = 'weekly' | 'alternateWeekends' | 'thursdayToSunday' | 'custom';

export const PRESET_OPTIONS: { value: CyclePreset; label: string }[] = [
  { value: 'weekly', label: 'Away every week on…' },
  { value: 'alternateWeekends', label: 'Alternate weekends' },
  { value: 'thursdayToSunday', label: 'Thursday to Sunday every other week' },
  { value: 'custom', label: 'My own two-week pattern' },
];

export interface CycleDraft {
  preset: CyclePreset;
  /** The first day the pattern applies from (its first away weekend, Thursday or week). */
  start: IsoDate;
  /** Weekly: the days away. */
  days: Weekday[];
  /** Custom: the 14 days of the cycle (week 1 Sunday … week 2 Saturday) ticked away. */
  custom: boolean[];
  label: string;
}

export const emptyCycleDraft = (today: IsoDate): CycleDraft => ({ preset: 'weekly', start: today, days: [], custom: Array(14).fill(false) as boolean[], label: '' });

/** The first date on or after `date` that falls on `weekday`. */
export function onOrAfter(date: IsoDate, weekday: Weekday): IsoDate {
  const shift = (WEEKDAYS.indexOf(weekday) - WEEKDAYS.indexOf(weekdayOf(date)) + 7) % 7;
  return addDays(date, shift);
}

/** What is missing from a pattern before it can be added; null when it is complete. */
export function cycleDraftIssue(draft: CycleDraft): string | null {
  if (!isIsoDate(draft.start)) return 'Pick the date the pattern starts from.';
  if (draft.preset === 'weekly' && draft.days.length === 0) return 'Pick at least one day.';
  if (draft.preset === 'weekly' && draft.days.length === 7) return 'Away every day of the week: use a pause instead.';
  if (draft.preset === 'custom' && !draft.custom.some(Boolean)) return 'Tick at least one day of the two weeks.';
  if (draft.label.trim().length > AVAILABILITY_LIMITS.labelLength) return `Keep the label to ${AVAILABILITY_LIMITS.labelLength} characters.`;
  return null;
}

/**
 * The cycle a complete draft stands for. It starts on the date the parent picked (nothing before it is
 * away, issue 29); the weekly and custom patterns' days, chosen from a Sunday, are counted from there.
 */
export function cycleFromDraft(draft: CycleDraft): AwayCycle {
  const label = draft.label.trim() ? { label: draft.label.trim() } : {};
  // Days from the Sunday of the start's week to the start: the Sunday-based offsets move back by it.
  const shift = WEEKDAYS.indexOf(weekdayOf(draft.start));
  const fromStart = (offsets: number[], length: 7 | 14) => offsets.map((o) => (o - shift + length) % length).sort((a, b) => a - b);
  switch (draft.preset) {
    case 'weekly':
      return { start: draft.start, length: 7, away: fromStart(WEEKDAYS.flatMap((d, i) => (draft.days.includes(d) ? [i] : [])), 7), ...label };
    case 'alternateWeekends':
      return { start: onOrAfter(draft.start, 'saturday'), length: 14, away: [0, 1], ...label };
    case 'thursdayToSunday':
      return { start: onOrAfter(draft.start, 'thursday'), length: 14, away: [0, 1, 2, 3], ...label };
    case 'custom':
      return { start: draft.start, length: 14, away: fromStart(draft.custom.flatMap((on, i) => (on ? [i] : [])), 14), ...label };
  }
}

/** Whether the parent has started a pattern (chosen a preset other than the first, picked days or typed a label). */
export function draftTouched(draft: CycleDraft): boolean {
  return draft.preset !== 'weekly' || draft.days.length > 0 || draft.custom.some(Boolean) || draft.label.trim() !== '';
}

/**
 * What Save does with the pattern still being filled in (issue 29: it used to be dropped without a
 * word): nothing when untouched, add it when complete, otherwise refuse with the reason.
 */
export function draftOnSave(draft: CycleDraft): { kind: 'none' } | { kind: 'add'; cycle: AwayCycle } | { kind: 'refuse'; message: string } {
  if (!draftTouched(draft)) return { kind: 'none' };
  const issue = cycleDraftIssue(draft);
  if (issue) return { kind: 'refuse', message: `The new pattern is not finished: ${issue} Finish it and press Add pattern, or clear it.` };
  return { kind: 'add', cycle: cycleFromDraft(draft) };
}


const DAY_NAMES = WEEKDAY_NAMES;

const joinWords = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

/** A cycle in plain words: "Away every Monday and Wednesday", "Alternate weekends, from 28 Nov 2026". */
export function describeCycle(cycle: AwayCycle): string {
  const weekdayAt = (offset: number) => weekdayOf(addDays(cycle.start, offset));
  const sameAway = (offsets: number[]) => cycle.away.length === offsets.length && offsets.every((o) => cycle.away.includes(o));
  let words: string;
  if (cycle.length === 7) {
    const days = WEEKDAYS.filter((d) => cycle.away.some((o) => weekdayAt(o) === d));
    words = `Away every ${joinWords(days.map((d) => DAY_NAMES[d]))}`;
  } else if (cycle.length === 14 && weekdayOf(cycle.start) === 'saturday' && sameAway([0, 1])) {
    words = `Alternate weekends, from ${plainDate(cycle.start)}`;
  } else if (cycle.length === 14 && weekdayOf(cycle.start) === 'thursday' && sameAway([0, 1, 2, 3])) {
    words = `Thursday to Sunday every other week, from ${plainDate(cycle.start)}`;
  } else {
    const n = cycle.away.length;
    words = `${n} ${n === 1 ? 'day' : 'days'} away in every ${cycle.length / 7} weeks, from ${plainDate(cycle.start)}`;
  }
  return cycle.label ? `${words} (${cycle.label})` : words;
}

/** One-off away days as the editor holds them. */
export type AwayRangeDraft = { from: IsoDate; to: IsoDate; label: string };

/** The editor's whole calendar checked before saving: the first problem in plain words, or null. */
export function availabilityIssue(availability: Availability): string | null {
  if (availability.cycles.length > AVAILABILITY_LIMITS.cycles) return `At most ${AVAILABILITY_LIMITS.cycles} repeating patterns.`;
  if (availability.away.length > AVAILABILITY_LIMITS.away) return `At most ${AVAILABILITY_LIMITS.away} away periods.`;
  for (const range of availability.away) {
    if (!isIsoDate(range.from) || !isIsoDate(range.to)) return 'Every away period needs a first and a last day.';
    if (range.to < range.from) return `An away period ends before it starts (${plainDate(range.from)}).`;
    if ((range.label ?? '').length > AVAILABILITY_LIMITS.labelLength) return `Keep labels to ${AVAILABILITY_LIMITS.labelLength} characters.`;
  }
  const pause = availability.pause;
  if (pause && !isIsoDate(pause.from)) return 'The pause needs a first day.';
  if (pause?.to !== undefined && (!isIsoDate(pause.to) || pause.to < pause.from)) return 'The pause ends before it starts.';
  return null;
}

/** The body sent: labels trimmed, empty labels left out. */
export function availabilityBody(availability: Availability): Availability {
  return {
    cycles: availability.cycles,
    away: availability.away.map((r) => ({ from: r.from, to: r.to, ...(r.label?.trim() ? { label: r.label.trim() } : {}) })),
    pause: availability.pause ? { from: availability.pause.from, ...(availability.pause.to ? { to: availability.pause.to } : {}) } : null,
  };
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "November 2026" for `2026-11`. */
export const monthTitle = (month: string): string => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month before or after `YYYY-MM`. */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
