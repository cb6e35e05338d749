/** The message of the family deletion queue: which family (the family item says what was asked). */
import * as z from 'zod';

export const familyDeletionMessageSchema = z.object({
  v: z.literal(1),
  familyId: z.string().min(1).max(100),
});

export type FamilyDeletionMessage = z.infer<typeof familyDeletionMessageSchema>;

export const encodeFamilyDeletionMessage = (familyId: string): string => JSON.stringify({ v: 1, familyId });

/** Throws for anything that is not a well-formed message (it then ends in the dead-letter queue). */
export const decodeFamilyDeletionMessage = (body: string): FamilyDeletionMessage => familyDeletionMessageSchema.parse(JSON.parse(body));
