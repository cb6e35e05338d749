/**
 * The message the Sunday worker queues for each weekly report and the report mailer reads: which
 * parent, which family, which week; nothing else. The mailer reads and renders the report when it
 * sends it (docs/decisions/050-email-at-ses-pace.md: why ids, not the rendered e-mail).
 */
import * as z from 'zod';
import { isIsoDate } from '../../../shared/time';

export const reportMailMessageSchema = z.object({
  /** Format version, so a change of shape can be told apart while old messages are still queued. */
  v: z.literal(1),
  familyId: z.string().min(1).max(100),
  parentId: z.string().min(1).max(100),
  /** The week that has just been handed out (the report is about the week before). */
  week: z.string().refine(isIsoDate, 'week must be an ISO date'),
});

export type ReportMailMessage = z.infer<typeof reportMailMessageSchema>;

export const encodeReportMailMessage = (m: Omit<ReportMailMessage, 'v'>): string => JSON.stringify({ v: 1, ...m });

/** Throws for anything that is not a well-formed message (it then ends in the dead-letter queue). */
export const decodeReportMailMessage = (body: string): ReportMailMessage => reportMailMessageSchema.parse(JSON.parse(body));
