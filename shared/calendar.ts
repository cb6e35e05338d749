/**
 * Whole-day calendar arithmetic on ISO dates for the planner's rhythms and availability (issue 21):
 * day numbers, month lengths, day of month. Pure integer arithmetic on `YYYY-MM-DD` (the proleptic
 * Gregorian calendar), no Date object and no time zone: a day is a day. Moving by days and naming
 * weekdays stay in shared/time.ts (addDays, weekdayOf, weekStartOfDate).
 */
import type { IsoDate } from './time';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1–12) and day of an ISO date. */
export function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not an ISO date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The number of days of a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day of the month (1–31) of a date. */
export const dayOfMonth = (date: IsoDate): number => dateParts(date).day;

/** The number of days of the month a date is in. */
export function daysInMonthOf(date: IsoDate): number {
  const { year, month } = dateParts(date);
  return daysInMonth(year, month);
}

/**
 * A date's day number: days since 1970-01-01 (negative before). The civil-from-days algorithm
 * (H. Hinnant), in 400-year eras so that it is exact for every four-digit year.
 */
export function dayNumber(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => dayNumber(to) - dayNumber(from);

/** The mathematical modulo: never negative for a positive `n` (-1 mod 7 = 6). */
export const positiveModulo = (value: number, n: number): number => ((value % n) + n) % n;
