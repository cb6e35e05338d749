/**
 * The small zod pieces every request schema is built from (weekdays, dates, ids). They live apart
 * from shared/schemas.ts so that shared/planning-schemas.ts can use them without an import cycle;
 * shared/schemas.ts re-exports them.
 */
import * as z from 'zod';
import { FORM_MESSAGES } from './messages';
import { isDateInRange, isIsoDate, WEEKDAYS, weekdayOf } from './time';

export const weekdaySchema = z.enum(WEEKDAYS, { error: FORM_MESSAGES.weekdayInvalid });
export const categorySchema = z.enum(['daily', 'weekly', 'continuous'], { error: FORM_MESSAGES.categoryInvalid });
// `abort`: later checks (the weekday of the date) never see a string that is not a date.
export const isoDateSchema = z
  .string({ error: FORM_MESSAGES.invalidDate })
  .refine(isIsoDate, { error: FORM_MESSAGES.invalidDate, abort: true })
  .refine(isDateInRange, { error: FORM_MESSAGES.dateOutOfRange, abort: true });
export const sundaySchema = isoDateSchema.refine((d) => weekdayOf(d) === 'sunday', { error: FORM_MESSAGES.weekStartSunday });
/** The longest id a request may name (in a body or a path); longer ones name nothing. */
export const MAX_ID_LENGTH = 100;
/** An id in a body: trimmed, 1–MAX_ID_LENGTH characters; anything else answers `message` (usually "… not found"). */
export const idSchema = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(MAX_ID_LENGTH, { error: message });

/** A string that must be non-empty once trimmed; the value keeps no surrounding spaces. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** A password: checked for emptiness after trimming but never altered. */
export const requiredPassword = (message: string) =>
  z
    .string({ error: message })
    .refine((s) => s.trim().length > 0, { error: message })
    .refine((s) => s.length <= 200, { error: 'Must be at most 200 characters' });
