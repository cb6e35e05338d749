/** The message the dispatcher sends for each due family and the worker reads (one family a message). */
import * as z from 'zod';
import { isIsoDate } from '../../../shared/time';

export const weeklyRunMessageSchema = z.object({
  /** Format version, so a change of shape can be told apart while old messages are still queued. */
  v: z.literal(1),
  familyId: z.string().min(1).max(100),
  /** The week the family was due for when it was dispatched (its `nextRunWeekStart`). */
  dueWeek: z.string().refine(isIsoDate, 'dueWeek must be an ISO date'),
  /** The dispatcher tick (ISO instant): the worker's clock never runs behind it. */
  tick: z.iso.datetime(),
});

export type WeeklyRunMessage = z.infer<typeof weeklyRunMessageSchema>;

export const encodeWeeklyRunMessage = (m: Omit<WeeklyRunMessage, 'v'>): string => JSON.stringify({ v: 1, ...m });

/** Throws a ZodError for anything that is not a well-formed message (it then ends in the dead-letter queue). */
export const decodeWeeklyRunMessage = (body: string): WeeklyRunMessage => weeklyRunMessageSchema.parse(JSON.parse(body));
