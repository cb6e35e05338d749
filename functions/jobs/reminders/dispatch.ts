/**
 * The reminder dispatcher (EventBridge, every 15 minutes on the quarter hour; issue 32): finds every
 * person whose next reminder falls in this slot, or in a slot of the last day not yet handled, in the
 * sparse, sharded reminder index (data/push/reminders.ts) and hands each to the queue as one message,
 * for the worker (./worker.ts) to send. Reads only: the worker moves each person to their next slot.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { ScheduledEvent } from 'aws-lambda';
import { reminderPartitions, remindersIn } from '../../data/push/reminders';
import { SLOT_MINUTES, slotKey, slotStart } from '../../domain/reminders';
import { appEnv } from '../../lib/env';
import { logger } from '../../lib/logger';
import { metrics } from '../../lib/metrics';
import { MessageSender } from '../message-sender';
import { encodeReminderMessage } from './message';
import { REMINDER_SETTINGS } from './settings';

const SEND = { batchSize: 10, sendConcurrency: 25, sendAttempts: 5 } as const;
/** Index partitions read at once. */
const QUERY_CONCURRENCY = 16;

export interface ReminderDispatchResult {
  slot: string;
  dispatched: number;
  notSent: string[];
  partitions: number;
  ms: number;
}

/** The slots a run at `tick` reads: its own and the lookback before it (a day at 00:00 UTC), newest first. */
export function slotsFor(tick: Date): string[] {
  const slot = slotKey(tick);
  const start = slotStart(slot).getTime();
  const back = slot.endsWith('T00:00') ? REMINDER_SETTINGS.dailyLookbackSlots : REMINDER_SETTINGS.lookbackSlots;
  return Array.from({ length: back + 1 }, (_, i) => slotKey(new Date(start - i * SLOT_MINUTES * 60_000)));
}

export async function dispatchReminders(tick: Date): Promise<ReminderDispatchResult> {
  const started = performance.now();
  const queueUrl = appEnv().reminderQueueUrl;
  if (!queueUrl) throw new Error('REMINDER_QUEUE_URL is not set');
  const partitions = slotsFor(tick).flatMap(reminderPartitions);
  const sender = new MessageSender(queueUrl, SEND);
  let next = 0;
  const reader = async () => {
    while (next < partitions.length) {
      for (const r of await remindersIn(partitions[next++]!)) await sender.add(`${r.familyId}#${r.personId}`, encodeReminderMessage(r));
    }
  };
  await Promise.all(Array.from({ length: QUERY_CONCURRENCY }, reader));
  await sender.close();
  return { slot: slotKey(tick), dispatched: sender.sent, notSent: sender.notSent, partitions: partitions.length, ms: performance.now() - started };
}

export async function handler(event: Partial<ScheduledEvent> = {}): Promise<Omit<ReminderDispatchResult, 'notSent'> & { notSent: number }> {
  const at = event.time ? new Date(event.time) : new Date();
  const tick = Number.isNaN(at.getTime()) ? new Date() : at;
  try {
    const result = await dispatchReminders(tick);
    metrics.addMetric('RemindersDispatched', MetricUnit.Count, result.dispatched);
    metrics.addMetric('ReminderDispatchTime', MetricUnit.Milliseconds, Math.round(result.ms));
    logger.info('reminder dispatch done', { ...result, notSent: result.notSent.length });
    // Not sent: still in the index at their slot, so the next run (within the lookback) sends them.
    if (result.notSent.length) throw new Error(`${result.notSent.length} reminders could not be queued; the next run sends them`);
    return { ...result, notSent: 0 };
  } finally {
    metrics.publishStoredMetrics();
  }
}
