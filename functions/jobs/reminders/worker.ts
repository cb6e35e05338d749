/**
 * The reminder worker (SQS event source, partial batch responses; issue 32): one person's reminder
 * per record, the records of a batch in parallel, through Powertools' BatchProcessor. A record that
 * throws (a push service busy, a database error) is delivered again after the visibility timeout and,
 * after REMINDER_SETTINGS.maxReceiveCount receives, moves to the dead-letter queue (alarmed). Metrics
 * count pushes sent, devices removed and pushes to retry: the delivery rate's alarm reads them.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { requestCounter } from '../../lib/db';
import { errorForLog, logger } from '../../lib/logger';
import { metrics } from '../../lib/metrics';
import { decodeReminderMessage } from './message';
import { PushRetryLater, sendReminder, type ReminderResult } from './send-reminder';

async function processRecord(record: SQSRecord): Promise<ReminderResult> {
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
  const message = decodeReminderMessage(record.body);
  const log = logger.createChild({ persistentKeys: { messageId: record.messageId, receiveCount, familyId: message.familyId, kind: message.kind, slot: message.slot } });
  const counter = { count: 0 };
  try {
    const result = await requestCounter.run(counter, () => sendReminder(message, new Date()));
    metrics.addMetric('PushesSent', MetricUnit.Count, result.sent);
    metrics.addMetric('PushDevicesRemoved', MetricUnit.Count, result.removed);
    metrics.addMetric('DynamoDBRequestsPerReminder', MetricUnit.Count, counter.count);
    log.info('reminder handled', { ...result, dynamoRequests: counter.count });
    return result;
  } catch (err) {
    if (err instanceof PushRetryLater) metrics.addMetric('PushesToRetry', MetricUnit.Count, err.devices);
    else metrics.addMetric('RemindersFailed', MetricUnit.Count, 1);
    log.warn('reminder not done; the queue delivers it again', { error: errorForLog(err), dynamoRequests: counter.count });
    throw err;
  }
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  try {
    return await processPartialResponse(event, processRecord, processor, context ? { context } : {});
  } finally {
    metrics.publishStoredMetrics();
  }
}
