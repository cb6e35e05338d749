/**
 * The family deletion queue: its message, and sending to it. Here in lib/ because both entry points
 * send to it (the HTTP family function queues a deletion; the deletion worker's continuations and
 * the sweeper queue it again), and http/ and jobs/ import nothing of each other.
 */
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { appEnv } from './env';
import { sqs } from './sqs';

/** The message: which family (the family item says what was asked). */
export const familyDeletionMessageSchema = z.object({
  v: z.literal(1),
  familyId: z.string().min(1).max(100),
});

export type FamilyDeletionMessage = z.infer<typeof familyDeletionMessageSchema>;

export const encodeFamilyDeletionMessage = (familyId: string): string => JSON.stringify({ v: 1, familyId });

/** Throws for anything that is not a well-formed message (it then ends in the dead-letter queue). */
export const decodeFamilyDeletionMessage = (body: string): FamilyDeletionMessage => familyDeletionMessageSchema.parse(JSON.parse(body));

function queueUrl(): string {
  const url = appEnv().familyDeletionQueueUrl;
  if (!url) throw new Error('FAMILY_DELETION_QUEUE_URL is not set');
  return url;
}

/** Queues a family's deletion (again); `delaySeconds` (at most 900, SQS's limit) postpones it. */
export async function queueFamilyDeletion(familyId: string, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(),
      MessageBody: encodeFamilyDeletionMessage(familyId),
      ...(delaySeconds > 0 ? { DelaySeconds: Math.min(900, Math.ceil(delaySeconds)) } : {}),
    }),
  );
}

/** Queues several deletions, ten to a call; returns the families SQS refused. */
export async function queueFamilyDeletions(familyIds: readonly string[]): Promise<string[]> {
  const refused: string[] = [];
  for (let i = 0; i < familyIds.length; i += 10) {
    const batch = familyIds.slice(i, i + 10);
    const out = await sqs().send(
      new SendMessageBatchCommand({ QueueUrl: queueUrl(), Entries: batch.map((familyId, n) => ({ Id: `m${n}`, MessageBody: encodeFamilyDeletionMessage(familyId) })) }),
    );
    for (const f of out.Failed ?? []) refused.push(batch[Number(f.Id?.slice(1))]!);
  }
  return refused;
}
