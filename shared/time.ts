/**
 * The one time-zone-aware date helper. Calendar dates travel as ISO `YYYY-MM-DD` strings; a week is
 * named by its Sunday. "Today", "this week" and "this month" are always computed in the family's
 * IANA time zone, through @date-fns/tz, so DST changes never shift a day.
 */
import { TZDate } from '@date-fns/tz';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Weekday names as every screen, e-mail and sentence writes them (fixed English). */
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};
/** Their three-letter forms ("Mon"). */
export const WEEKDAY_SHORT: Readonly<Record<Weekday, string>> = { sunday: 'Sun', monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat' };
/** Monday-first order used by the children page and the printed calendar. */
export const WEEKDAYS_MONDAY_FIRST: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** `YYYY-MM-DD` */
export type IsoDate = string;

export const DEFAULT_TIME_ZONE = 'UTC';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * The dates the API accepts from a caller: wide enough for any real family's history and plans,
 * narrow enough that date arithmetic (a week on, a month back) never leaves four-digit years.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2200-12-31' } as const;

/** Whether an ISO date lies in DATE_RANGE. */
export const isDateInRange = (date: IsoDate): boolean => date >= DATE_RANGE.min && date <= DATE_RANGE.max;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function parts(date: IsoDate): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not an ISO date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The calendar date of an instant in a time zone. */
export function localDate(instant: Date, tz: string): IsoDate {
  const z = new TZDate(instant.getTime(), tz);
  return `${pad(z.getFullYear(), 4)}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date sent as `YYYY-MM-DD`, or as an instant with its offset (what `Date#toISOString()` gives
 * for "Sunday 00:00 local"), read as a calendar date in the time zone; null when it is neither.
 */
export function dateFromParam(value: string, tz: string): IsoDate | null {
  if (isIsoDate(value)) return value;
  if (!ISO_INSTANT.test(value)) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  // Near the end of year 9999 a zone east of UTC reads a five-digit year: not a date we can name.
  const date = localDate(instant, tz);
  return isIsoDate(date) ? date : null;
}

/** Calendar arithmetic on dates (no time zone involved: a day is a day). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: IsoDate): Weekday {
  const [y, m, d] = parts(date);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** The Sunday that starts the week containing `date`. */
export function weekStartOfDate(date: IsoDate): IsoDate {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** The Sunday (local) that starts the week containing the instant. */
export function weekStartOf(instant: Date, tz: string): IsoDate {
  return weekStartOfDate(localDate(instant, tz));
}

/** The date of a weekday inside the week that starts on `weekStart` (a Sunday). */
export function dateInWeek(weekStart: IsoDate, day: Weekday): IsoDate {
  return addDays(weekStart, WEEKDAYS.indexOf(day));
}

/** The seven dates of a week, Sunday first. */
export function weekDates(weekStart: IsoDate): IsoDate[] {
  return WEEKDAYS.map((_, i) => addDays(weekStart, i));
}

/** Orders ISO dates (their text order is their calendar order), without a locale's collation. */
export const compareIsoDates = (a: IsoDate, b: IsoDate): number => (a < b ? -1 : a > b ? 1 : 0);

/** `YYYY-MM` of a date. */
export const monthOf = (date: IsoDate): string => date.slice(0, 7);
/** `YYYY` of a date. */
export const yearOf = (date: IsoDate): string => date.slice(0, 4);

/**
 * The instant at which a local calendar day begins. Where a DST change skips local midnight
 * (e.g. America/Santiago), the day begins at the first local time that exists.
 */
export function startOfLocalDay(date: IsoDate, tz: string): Date {
  const [y, m, d] = parts(date);
  const z = new TZDate(y, m - 1, d, 0, 0, 0, 0, tz);
  return new Date(z.getTime());
}

/**
 * The instant a local wall-clock time `HH:MM` happens on a local date (issue 32: a reminder at 16:00
 * in the family's time zone, across DST changes). A time a DST change skips (02:30 on the spring
 * forward night) happens when the clock jumps; a time it repeats happens the first time.
 */
export function localInstant(date: IsoDate, time: string, tz: string): Date {
  const [y, m, d] = parts(date);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, tz).getTime());
}

/** The local wall-clock time `HH:MM` of an instant in a time zone. */
export function localTimeOf(instant: Date, tz: string): string {
  const z = new TZDate(instant.getTime(), tz);
  return `${pad(z.getHours())}:${pad(z.getMinutes())}`;
}

/** Everything a request needs to know about "now" for one family. */
export interface FamilyClock {
  timeZone: string;
  today: IsoDate;
  weekday: Weekday;
  weekStart: IsoDate;
  month: string;
  year: string;
}

export function familyClock(now: Date, timeZone: string): FamilyClock {
  const today = localDate(now, timeZone);
  return {
    timeZone,
    today,
    weekday: weekdayOf(today),
    weekStart: weekStartOfDate(today),
    month: monthOf(today),
    year: yearOf(today),
  };
}

/** Month names as the English screens write them ("November"; the short form is the first three letters, "Nov"). */
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

type DateStyle = { weekday?: 'long' | 'short'; month: 'long' | 'short'; day: 'numeric'; year?: 'numeric' };

/**
 * A calendar date in the app's English (en-US) words, written out here: the same text as
 * `Intl.DateTimeFormat('en-US')` gives for these styles (time.test.ts compares them), without its
 * cost. Making an Intl date formatter loads its locale data first, which a dashboard paid for in its
 * first render: ~190 ms of one long task on a phone-speed CPU (issue 31).
 */
function englishDate(date: IsoDate, style: DateStyle): string {
  const [y, m, d] = parts(date);
  const month = MONTH_NAMES[m - 1]!;
  const monthDay = `${style.month === 'long' ? month : month.slice(0, 3)} ${d}`;
  const withYear = style.year ? `${monthDay}, ${y}` : monthDay;
  if (!style.weekday) return withYear;
  const weekday = weekdayOf(date);
  return `${style.weekday === 'long' ? WEEKDAY_NAMES[weekday] : WEEKDAY_SHORT[weekday]}, ${withYear}`;
}

/** One Intl formatter per locale and style (another locale than en-US: the family's, for dates inside sentences), made once. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale}|${style.weekday ?? ''}|${style.month}|${style.day}|${style.year ?? ''}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...style, timeZone: 'UTC' });
    }
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

function formatDate(date: IsoDate, style: DateStyle, locale = 'en-US'): string {
  if (locale === 'en-US') return englishDate(date, style);
  const [y, m, d] = parts(date);
  return dateFormatter(locale, style).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A long date for headings, e.g. "Sunday, November 22". */
export const longDate = (date: IsoDate): string => formatDate(date, { weekday: 'long', month: 'long', day: 'numeric' });

/** A month and day for chart axes and subject lines, e.g. "Nov 22". */
export const monthDay = (date: IsoDate): string => formatDate(date, { month: 'short', day: 'numeric' });

/** A date with its year, e.g. "November 22, 2026". */
export const longMonthDayYear = (date: IsoDate): string => formatDate(date, { month: 'long', day: 'numeric', year: 'numeric' });

/** A short date for table rows, e.g. "Tue, Nov 24". */
export const shortDate = (date: IsoDate): string => formatDate(date, { weekday: 'short', month: 'short', day: 'numeric' });

/**
 * `shortDate` in a family's locale (BCP 47), for dates inside sentences such as the activity log's
 * (issue 29): "Fri, Nov 27" in en-US, "Fr., 27. Nov." in de-DE, "Fri 27 Nov" in en-GB; a locale the
 * runtime cannot format in reads en-US.
 */
export const shortDateIn = (date: IsoDate, locale: string): string => formatDate(date, { weekday: 'short', month: 'short', day: 'numeric' }, locale);

/**
 * A week named by its first and last date (issue 29), e.g. "Sun, Nov 22 – Sat, Nov 28": every week
 * view says which seven dates it shows, whatever order the spec gives its days.
 */
export const weekRange = (weekStart: IsoDate): string => `${shortDate(weekStart)} – ${shortDate(addDays(weekStart, 6))}`;

/**
 * For the views the spec lists Monday to Sunday (children page, weekly schedule, print calendar) while
 * the week starts on Sunday: the order is the spec's, and this says so plainly (issue 29).
 */
export const mondayFirstNote = (weekStart: IsoDate): string => `Listed Monday first: ${shortDate(weekStart)}, the week’s first day, comes last.`;
