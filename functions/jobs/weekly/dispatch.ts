/**
 * The Sunday job's dispatcher (EventBridge, every hour on the hour): finds every family whose local
 * Sunday 00:00 has come and is not yet advanced, and hands each to the queue as one message, for
 * the worker (./worker.ts) to generate. It reads every shard of the due-family index for today and
 * the days before (a family that failed stays due, and the next tick sends it again), 16 partitions
 * at a time, and sends each page as it arrives in SendMessageBatch calls of ten, 25 in flight; what
 * SQS refuses is sent again with backoff. 300,000 families go out in well under a minute (npm run
 * bench, docs/capacity.md). It only reads the index and sends: no family is written here.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { ScheduledEvent } from 'aws-lambda';
import { addDays } from '../../../shared/time';
import { dueFamilyPages, type DueFamily } from '../../data/planning/due-families';
import { weeklyRunPartitions } from '../../data/planning/weekly-run-index';
import { hourKey } from '../../domain/weekly-run';
import { appEnv } from '../../lib/env';
import { logger } from '../../lib/logger';
import { metrics } from '../../lib/metrics';
import { MessageSender } from '../message-sender';
import { encodeWeeklyRunMessage } from './message';
import { WEEKLY_JOB_SETTINGS } from './settings';

export const DISPATCH = {
  /** Index partitions read at once. */
  queryConcurrency: 16,
  /** SendMessageBatch calls in flight at once. */
  sendConcurrency: 25,
  /** SQS's limit per SendMessageBatch. */
  batchSize: 10,
  sendAttempts: 5,
} as const;

export interface DispatchResult {
  tick: string;
  /** Families handed to the queue. */
  dispatched: number;
  /** Of those, found under the index key from before sharding (moved at their next run). */
  fromLegacyIndex: number;
  /** Families the queue refused after every retry (still due: the next tick sends them again). */
  notSent: string[];
  partitions: number;
  ms: number;
}

/** Every family due at `tick` (its due hour at or before the tick's hour, within the lookback), onto the queue. */
export async function dispatchDueFamilies(tick: Date): Promise<DispatchResult> {
  const started = performance.now();
  const queueUrl = appEnv().weeklyQueueUrl;
  if (!queueUrl) throw new Error('WEEKLY_QUEUE_URL is not set');
  const hour = hourKey(tick);
  const days = Array.from({ length: WEEKLY_JOB_SETTINGS.lookbackDays + 1 }, (_, i) => addDays(hour.slice(0, 10), -i));
  const partitions = days.flatMap(weeklyRunPartitions);
  const legacy = new Set(days.flatMap((d) => weeklyRunPartitions(d).slice(-1)));
  const sender = new MessageSender(queueUrl, DISPATCH);
  let fromLegacyIndex = 0;

  let nextPartition = 0;
  const reader = async () => {
    while (nextPartition < partitions.length) {
      const partition = partitions[nextPartition++]!;
      for await (const page of dueFamilyPages(partition, hour)) {
        if (legacy.has(partition)) fromLegacyIndex += page.length;
        for (const family of page) await sender.add(family.familyId, messageFor(family, tick));
      }
    }
  };
  await Promise.all(Array.from({ length: DISPATCH.queryConcurrency }, reader));
  await sender.close();
  return { tick: tick.toISOString(), dispatched: sender.sent, fromLegacyIndex, notSent: sender.notSent, partitions: partitions.length, ms: performance.now() - started };
}

const messageFor = (family: DueFamily, tick: Date) =>
  encodeWeeklyRunMessage({ familyId: family.familyId, dueWeek: family.nextRunWeekStart, tick: tick.toISOString() });

export async function handler(event: Partial<ScheduledEvent> = {}): Promise<Omit<DispatchResult, 'notSent'> & { notSent: number }> {
  const at = event.time ? new Date(event.time) : new Date();
  const tick = Number.isNaN(at.getTime()) ? new Date() : at;
  try {
    const result = await dispatchDueFamilies(tick);
    metrics.addMetric('FamiliesDispatched', MetricUnit.Count, result.dispatched);
    metrics.addMetric('FamiliesFromLegacyIndex', MetricUnit.Count, result.fromLegacyIndex);
    metrics.addMetric('DispatchTime', MetricUnit.Milliseconds, Math.round(result.ms));
    logger.info('weekly dispatch done', { ...result, notSent: result.notSent.length });
    if (result.notSent.length) {
      for (const familyId of result.notSent) logger.error('family not sent to the queue; the next tick sends it again', { familyId });
      throw new Error(`${result.notSent.length} families could not be queued; they stay due for the next tick`);
    }
    return { ...result, notSent: 0 };
  } finally {
    metrics.publishStoredMetrics();
  }
}
