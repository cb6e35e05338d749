/**
 * When a chore's rhythm happens (issue 21, shared/planning.ts) and how to say it in plain English.
 *
 * Everything works on calendar dates: the family's time zone only decides which Sunday "this week"
 * starts on (shared/time.ts weekStartOf); after that a rhythm's dates are pure calendar arithmetic,
 * so a DST change can neither move nor double an occurrence. A week holds the dates of every month
 * it touches (a week from 29 March to 4 April has March's and April's monthly occurrences).
 */
import type { Rhythm, WhoDoesIt } from './planning';
import type { ChoreCategory } from './api-types';
import { dateParts, dayOfMonth, daysBetween, daysInMonthOf, positiveModulo } from './calendar';
import { addDays, weekDates, weekdayOf, weekStartOfDate, WEEKDAY_NAMES, WEEKDAY_SHORT, WEEKDAYS_MONDAY_FIRST, type IsoDate, type Weekday } from './time';

/** Whether the rhythm happens on this date. */
export function occursOn(rhythm: Rhythm, date: IsoDate): boolean {
  switch (rhythm.kind) {
    case 'days':
      return rhythm.days.includes(weekdayOf(date));
    case 'everyNDays': {
      const offset = daysBetween(rhythm.start, date);
      return offset >= 0 && offset % rhythm.every === 0;
    }
    case 'everyNWeeks': {
      if (!rhythm.days.includes(weekdayOf(date))) return false;
      const weeks = daysBetween(weekStartOfDate(rhythm.anchorWeek), weekStartOfDate(date)) / 7;
      return positiveModulo(weeks, rhythm.every) === 0;
    }
    case 'monthlyDate':
      return dayOfMonth(date) === Math.min(rhythm.day, daysInMonthOf(date));
    case 'monthlyWeekday': {
      if (weekdayOf(date) !== rhythm.weekday) return false;
      const day = dayOfMonth(date);
      return rhythm.nth === -1 ? day + 7 > daysInMonthOf(date) : Math.ceil(day / 7) === rhythm.nth;
    }
    case 'once':
      return date === rhythm.date;
  }
}

/** The dates (sorted, Sunday first) of the week starting on `weekStart` on which the rhythm happens. */
export function occurrencesInWeek(rhythm: Rhythm, weekStart: IsoDate): IsoDate[] {
  return weekDates(weekStart).filter((date) => occursOn(rhythm, date));
}

/** How far ahead `nextOccurrences` looks: the longest gap of a repeating rhythm is 90 days, so 5 years is plenty. */
const PREVIEW_HORIZON_DAYS = 5 * 366;

/**
 * The next `count` dates, from `from` on (inclusive), on which the rhythm happens, for previews
 * ("next: Sat 5 Dec, Sat 19 Dec"). Fewer when the rhythm ends (a one-off date) or is far away.
 */
export function nextOccurrences(rhythm: Rhythm, from: IsoDate, count: number): IsoDate[] {
  if (count <= 0) return [];
  if (rhythm.kind === 'once') return rhythm.date >= from ? [rhythm.date] : [];
  // Nothing happens before an every-N-days rhythm's first date: start looking there.
  let date = rhythm.kind === 'everyNDays' && rhythm.start > from ? rhythm.start : from;
  const found: IsoDate[] = [];
  for (let i = 0; i < PREVIEW_HORIZON_DAYS && found.length < count; i++, date = addDays(date, 1)) {
    if (occursOn(rhythm, date)) found.push(date);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The sentence: "Every other Saturday, for whoever is home"
// ---------------------------------------------------------------------------------------------

const DAY_NAMES = WEEKDAY_NAMES;
const DAY_SHORT = WEEKDAY_SHORT;
/** A fixed English list: the sentence must read the same in every browser and on the server. */
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NTH_WORDS: Record<1 | 2 | 3 | 4 | -1, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

/** "a", "a and b", "a, b and c" (or "or"). */
function joinWords(words: string[], last: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** Days in Monday-first order, each once. */
const orderedDays = (days: readonly Weekday[]): Weekday[] => WEEKDAYS_MONDAY_FIRST.filter((d) => days.includes(d));

const WORKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const isWorkweek = (days: Weekday[]) => days.length === 5 && WORKDAYS.every((d) => days.includes(d));

/** "Mondays and Wednesdays" / "every day" / "every weekday", capitalised or not. */
function weeklyDays(days: readonly Weekday[]): string {
  const ordered = orderedDays(days);
  if (ordered.length === 7) return 'every day';
  if (isWorkweek(ordered)) return 'every weekday';
  return joinWords(ordered.map((d) => `${DAY_NAMES[d]}s`));
}

/** "2nd", "3rd", "11th", "21st". */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "12 Dec 2026". */
export function plainDate(date: IsoDate): string {
  const { year, month, day } = dateParts(date);
  return `${day} ${MONTH_SHORT[month - 1]} ${year}`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How often, as the start of the sentence ("Every other Saturday", "Once a week"). */
export function describeRhythm(category: ChoreCategory, rhythm?: Rhythm | null): string {
  if (category === 'continuous') return 'Ongoing';
  if (!rhythm) return category === 'daily' ? 'Every day' : 'Once a week';
  switch (rhythm.kind) {
    case 'days':
      return capitalise(weeklyDays(rhythm.days));
    case 'everyNDays':
      return rhythm.every === 2 ? 'Every other day' : `Every ${rhythm.every} days`;
    case 'everyNWeeks': {
      const ordered = orderedDays(rhythm.days);
      const weeks = rhythm.every === 2 ? 'other week' : `${rhythm.every} weeks`;
      if (ordered.length === 1 && rhythm.every === 2) return `Every other ${DAY_NAMES[ordered[0]!]}`;
      const days = weeklyDays(ordered);
      return days.startsWith('every') ? `Every ${weeks}, ${days}` : `Every ${weeks} on ${days}`;
    }
    case 'monthlyDate':
      if (rhythm.day === 31) return 'On the last day of each month';
      if (rhythm.day >= 29) return `On the ${ordinal(rhythm.day)} of each month (the last day in shorter months)`;
      return `On the ${ordinal(rhythm.day)} of each month`;
    case 'monthlyWeekday':
      return `On the ${NTH_WORDS[rhythm.nth]} ${DAY_NAMES[rhythm.weekday]} of each month`;
    case 'once':
      return `Once on ${plainDate(rhythm.date)}`;
  }
}

/** Who does it, as the end of the sentence ("for whoever is home", "taking turns"). */
export function describeWho(who: WhoDoesIt | null | undefined, rhythm: Rhythm | null | undefined, childNames: Record<string, string>): string {
  const effective: WhoDoesIt = who ?? { mode: 'one', turns: 'balanced' };
  const named = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => childNames[id] !== undefined).map((id) => childNames[id]!);
  switch (effective.mode) {
    case 'one': {
      const names = named(effective.children);
      if (names.length === 1) return `for ${names[0]}`;
      // A chore with its own rhythm takes fair turns when asked for balanced ones (shared/planning.ts).
      const turns = effective.turns === 'balanced' && rhythm ? 'fair' : effective.turns;
      if (turns === 'week') return names.length ? `${joinWords(names)}, a week each in turn` : 'a week each in turn';
      if (turns === 'fair') return names.length ? `${joinWords(names)} taking turns` : 'taking turns';
      return names.length ? `for one of ${joinWords(names, 'or')} at a time (balanced)` : 'for one child at a time (balanced)';
    }
    case 'each': {
      const entries = (effective.children ?? []).filter((c) => childNames[c.childId] !== undefined);
      if (!entries.length) return 'for each child';
      if (!entries.some((c) => c.days?.length)) {
        const names = entries.map((c) => childNames[c.childId]!);
        return names.length === 1 ? `for ${names[0]}` : `for each of ${joinWords(names)}`;
      }
      const parts = entries.map((c) => {
        const name = childNames[c.childId]!;
        return c.days?.length ? `${name} on ${joinWords(orderedDays(c.days).map((d) => DAY_SHORT[d]))}` : `${name} always`;
      });
      return `for each child: ${parts.join(', ')}`;
    }
    case 'first': {
      const names = named(effective.children);
      if (names.length === 1) return `for ${names[0]}`;
      return names.length ? `for the first of ${joinWords(names, 'or')}` : 'for whoever is home';
    }
  }
}

export interface ChoreScheduleInput {
  category: ChoreCategory;
  rhythm?: Rhythm | null;
  who?: WhoDoesIt | null;
  /** childId → display name; ids not in it (a removed child) are left out of the sentence. */
  childNames: Record<string, string>;
}

/**
 * The chore's schedule in one plain-English sentence, for the chore dialog's preview and the chores
 * list: "Every other Saturday, for whoever is home", "Every day, for each child: Emma on Mon and Wed,
 * Liam on Tue and Thu", "Once on 12 Dec 2026". Deterministic (no locale formatting).
 */
export function describeChoreSchedule({ category, rhythm, who, childNames }: ChoreScheduleInput): string {
  const usedRhythm = category === 'continuous' ? null : rhythm;
  return `${describeRhythm(category, usedRhythm)}, ${describeWho(who, usedRhythm, childNames)}`;
}
