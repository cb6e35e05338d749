/** The message the reminder dispatcher sends for each person due in a slot, and the worker reads. */
import * as z from 'zod';

export const reminderMessageSchema = z.object({
  v: z.literal(1),
  familyId: z.string().min(1).max(100),
  kind: z.enum(['CHILD', 'PARENT']),
  personId: z.string().min(1).max(100),
  /** The slot the person was found in (`YYYY-MM-DDTHH:MM`, UTC). */
  slot: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
});

export type ReminderMessage = z.infer<typeof reminderMessageSchema>;

export const encodeReminderMessage = (m: Omit<ReminderMessage, 'v'>): string => JSON.stringify({ v: 1, ...m });

/** Throws for anything that is not a well-formed message (it then ends in the dead-letter queue). */
export const decodeReminderMessage = (body: string): ReminderMessage => reminderMessageSchema.parse(JSON.parse(body));
