/**
 * Dates a caller names (query string or body): `weekStart` (a Sunday) and a dated assignment's
 * `assignedDate`, each sent as `YYYY-MM-DD` or as an instant (spec section 7: `weekStart` is
 * "Sunday 00:00 of current week", what `Date#toISOString()` gives in the browser). An instant is
 * read in the family's time zone, so east of UTC, where local Sunday 00:00 is still Saturday in UTC,
 * it names the right day; a UTC-midnight instant is also taken as its date. Dates outside
 * DATE_RANGE are refused with 400, never carried into date arithmetic.
 */
import { FORM_MESSAGES } from '../../shared/messages';
import { dateFromParam, isDateInRange, isIsoDate, weekdayOf, type IsoDate, type Weekday } from '../../shared/time';
import { BadRequest } from './errors';

/** The dates an instant may name: in the family's zone first, then its UTC date. */
function candidates(raw: unknown, timeZone: string): IsoDate[] {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const found = [dateFromParam(value, timeZone), dateFromParam(value, 'UTC')].filter((d): d is IsoDate => d !== null);
  return [...new Set(found)];
}

export function weekStartParam(raw: unknown, timeZone: string): IsoDate {
  const found = candidates(raw, timeZone);
  if (found.length === 0) throw new BadRequest(FORM_MESSAGES.invalidDate);
  const inRange = found.filter(isDateInRange);
  if (inRange.length === 0) throw new BadRequest(FORM_MESSAGES.dateOutOfRange);
  const sunday = inRange.find((d) => weekdayOf(d) === 'sunday');
  if (!sunday) throw new BadRequest(FORM_MESSAGES.weekStartSunday);
  return sunday;
}

/**
 * A day sent as a date or an instant, as the date it names (the one falling on `dayOfWeek` when the
 * two readings differ). Anything that is not a date is returned unchanged, for the body's schema to
 * refuse with its own message.
 */
export function dayParam(raw: unknown, timeZone: string, dayOfWeek?: unknown): unknown {
  const found = candidates(raw, timeZone);
  if (found.length === 0) return raw;
  return found.find((d) => weekdayOf(d) === (dayOfWeek as Weekday)) ?? found[0];
}

/** Whether reading `raw` needs the family's time zone (it is an instant, not a plain date). */
export const needsTimeZone = (raw: unknown): boolean => typeof raw === 'string' && !isIsoDate(raw.trim());

/** A body's `weekStart` and `assignedDate` as the dates they name (both may be instants). */
export function withAssignmentDates(body: unknown, timeZone: string): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  let weekStart = b.weekStart;
  if (needsTimeZone(weekStart)) {
    const found = candidates(weekStart, timeZone);
    weekStart = found.find((d) => weekdayOf(d) === 'sunday') ?? found[0] ?? weekStart;
  }
  return { ...b, weekStart, assignedDate: needsTimeZone(b.assignedDate) ? dayParam(b.assignedDate, timeZone, b.dayOfWeek) : b.assignedDate };
}
