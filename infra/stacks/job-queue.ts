/**
 * The queue pair every background job uses: a work queue and its dead-letter queue, both
 * SQS-encrypted and TLS-only; a message moves to the dead-letter queue (kept 14 days, as long as SQS
 * keeps anything: time to find the cause and redrive) after `maxReceiveCount` receives. Created in
 * the job's own construct as `Queue` and `DeadLetterQueue`.
 */
import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export function jobQueues(
  scope: Construct,
  props: { visibilityTimeoutSeconds: number; retention: Duration; maxReceiveCount: number },
): { queue: Queue; deadLetterQueue: Queue } {
  const secure = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;
  const deadLetterQueue = new Queue(scope, 'DeadLetterQueue', { retentionPeriod: Duration.days(14), ...secure });
  const queue = new Queue(scope, 'Queue', {
    visibilityTimeout: Duration.seconds(props.visibilityTimeoutSeconds),
    retentionPeriod: props.retention,
    ...secure,
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
  });
  return { queue, deadLetterQueue };
}
