/**
 * The Sunday job locally: the same dispatcher and worker handlers as in AWS, joined by the local
 * queue (./queue.ts) with the stack's settings (batch size, maximum concurrency, visibility timeout,
 * receives before the dead-letter store). `npm start` ticks it hourly; `npm run weekly-job` runs one
 * tick and waits for the queue to drain; the integration tests and the bench drive it directly.
 */
import type { Context } from 'aws-lambda';
import { resetAppEnv } from '../../functions/lib/env';
import { resetSqsClient } from '../../functions/lib/sqs';
import { WEEKLY_JOB_SETTINGS } from '../../functions/jobs/weekly/settings';
import { createSqsEndpoint, LocalQueue, type QueueConsumer, type QueuedMessage } from './queue';

export interface LocalWeeklyJob {
  queue: LocalQueue;
  /** The queue's URL, printed by `npm start`. */
  queueUrl: string;
  /** One dispatcher tick (the EventBridge rule's event), as the Lambda would get it. */
  dispatch: (tick: Date) => Promise<{ dispatched: number; fromLegacyIndex: number; notSent: number; ms: number }>;
  stop: () => Promise<void>;
}

export interface LocalWeeklyJobOptions {
  visibilityTimeoutMs?: number;
  maxReceiveCount?: number;
  batchSize?: number;
  maxConcurrency?: number;
  /** The worker; defaults to the real worker handler (tests wrap it). */
  consumer?: QueueConsumer;
  onDeadLetter?: (m: QueuedMessage) => void;
}

export async function startLocalWeeklyJob(opts: LocalWeeklyJobOptions = {}): Promise<LocalWeeklyJob> {
  const queue = new LocalQueue({
    name: 'chorequest-weekly',
    visibilityTimeoutMs: opts.visibilityTimeoutMs ?? WEEKLY_JOB_SETTINGS.visibilityTimeoutSeconds * 1000,
    maxReceiveCount: opts.maxReceiveCount ?? WEEKLY_JOB_SETTINGS.maxReceiveCount,
    batchSize: opts.batchSize ?? WEEKLY_JOB_SETTINGS.workerBatchSize,
    maxConcurrency: opts.maxConcurrency ?? WEEKLY_JOB_SETTINGS.workerMaxConcurrency,
  });
  const sqs = await createSqsEndpoint([queue]);
  Object.assign(process.env, { WEEKLY_QUEUE_URL: queue.url, SQS_ENDPOINT: sqs.endpoint });
  resetAppEnv();
  resetSqsClient();
  // Imported after the environment is set, like a Lambda reading its configuration at start.
  const [{ handler: dispatcher }, { handler: worker }] = await Promise.all([
    import('../../functions/jobs/weekly/dispatch'),
    import('../../functions/jobs/weekly/worker'),
  ]);
  let invocation = 0;
  queue.attach(opts.consumer ?? ((event) => worker(event, { awsRequestId: `local-worker-${++invocation}`, functionName: 'local-weekly-worker' } as Context)));
  if (opts.onDeadLetter) queue.onDeadLetter(opts.onDeadLetter);
  return {
    queue,
    queueUrl: queue.url,
    dispatch: (tick) => dispatcher({ time: tick.toISOString() }),
    stop: async () => {
      queue.detach();
      await sqs.stop();
      resetSqsClient();
    },
  };
}
