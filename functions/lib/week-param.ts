/**
 * The `weekStart` a caller names (query string or body): a Sunday, sent as `YYYY-MM-DD` or as the
 * instant of Sunday 00:00 local time (spec section 7, what `Date#toISOString()` gives in the
 * browser). An instant is read in the family's time zone, so east of UTC, where local Sunday 00:00
 * is still Saturday in UTC, it names the right week; a UTC-midnight instant is also taken as its date.
 */
import { FORM_MESSAGES } from '../../shared/messages';
import { dateFromParam, isIsoDate, weekdayOf, type IsoDate } from '../../shared/time';
import { BadRequest } from './errors';

export function weekStartParam(raw: unknown, timeZone: string): IsoDate {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const candidates = [dateFromParam(value, timeZone), dateFromParam(value, 'UTC')].filter((d): d is IsoDate => d !== null);
  if (candidates.length === 0) throw new BadRequest(FORM_MESSAGES.invalidDate);
  const sunday = candidates.find((d) => weekdayOf(d) === 'sunday');
  if (!sunday) throw new BadRequest(FORM_MESSAGES.weekStartSunday);
  return sunday;
}

/** Whether reading `raw` needs the family's time zone (it is an instant, not a plain date). */
export const needsTimeZone = (raw: unknown): boolean => typeof raw === 'string' && !isIsoDate(raw.trim());
