/** Sending to the family deletion queue (the HTTP family function, the worker's continuations, the sweeper). */
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { appEnv } from '../../lib/env';
import { sqs } from '../../lib/sqs';
import { encodeFamilyDeletionMessage } from './message';

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
