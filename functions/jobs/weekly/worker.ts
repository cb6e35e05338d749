/**
 * The Sunday job's worker (SQS event source, partial batch responses): one due family per record,
 * the records of a batch in parallel, through Powertools' BatchProcessor. A record that throws is
 * reported in `batchItemFailures`; SQS makes it visible again after the visibility timeout and,
 * after WEEKLY_JOB_SETTINGS.maxReceiveCount receives, moves it to the dead-letter queue. Every log
 * line names its family; metrics count families generated, skipped and failed, and time each one.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { requestCounter } from '../../lib/db';
import { errorForLog, logger } from '../../lib/logger';
import { metrics } from '../../lib/metrics';
import { decodeWeeklyRunMessage } from './message';
import { runDueFamily, type FamilyRunResult } from './run-family';
import { WEEKLY_JOB_SETTINGS } from './settings';

async function processRecord(record: SQSRecord): Promise<FamilyRunResult> {
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
  const base = { messageId: record.messageId, receiveCount, lastReceive: receiveCount >= WEEKLY_JOB_SETTINGS.maxReceiveCount };
  let message;
  try {
    message = decodeWeeklyRunMessage(record.body);
  } catch (err) {
    metrics.addMetric('FamiliesFailed', MetricUnit.Count, 1);
    logger.error('unreadable weekly-run message', { ...base, familyId: 'unknown', error: errorForLog(err) });
    throw err;
  }
  const log = logger.createChild({ persistentKeys: { ...base, familyId: message.familyId, dueWeek: message.dueWeek } });
  const counter = { count: 0 };
  const started = performance.now();
  try {
    const result = await requestCounter.run(counter, () => runDueFamily(message));
    const ms = Math.round(performance.now() - started);
    metrics.addMetric(result.outcome === 'generated' ? 'FamiliesGenerated' : 'FamiliesSkipped', MetricUnit.Count, 1);
    metrics.addMetric('FamilyGenerationTime', MetricUnit.Milliseconds, ms);
    metrics.addMetric('DynamoDBRequestsPerFamily', MetricUnit.Count, counter.count);
    log.info('weekly run done', { ...result, ms, dynamoRequests: counter.count });
    return result;
  } catch (err) {
    metrics.addMetric('FamiliesFailed', MetricUnit.Count, 1);
    log.error('weekly run failed; the queue delivers it again', { error: errorForLog(err), ms: Math.round(performance.now() - started), dynamoRequests: counter.count });
    throw err;
  }
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  // A processor per invocation: it keeps the batch's state, and locally batches run side by side.
  const processor = new BatchProcessor(EventType.SQS);
  try {
    return await processPartialResponse(event, processRecord, processor, context ? { context } : {});
  } finally {
    metrics.publishStoredMetrics();
  }
}
