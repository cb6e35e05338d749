/**
 * The family deletion job's worker (SQS event source, partial batch responses, one family a
 * message) through Powertools' BatchProcessor. A step that runs out of time queues the rest as a new
 * message (and succeeds); one that must wait for a generator queues itself with a delay; one that
 * throws is reported in `batchItemFailures`, delivered again after the visibility timeout, and after
 * FAMILY_DELETION_SETTINGS.maxReceiveCount receives moved to the dead-letter queue (alarm; the
 * hourly sweeper queues unfinished deletions again). Metrics count items deleted and families done.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { requestCounter } from '../../lib/db';
import { errorForLog, logger } from '../../lib/logger';
import { metrics } from '../../lib/metrics';
import { runDeletionStep, type DeletionStepResult } from './delete-family';
import { decodeFamilyDeletionMessage, queueFamilyDeletion } from '../../lib/family-deletion-queue';
import { FAMILY_DELETION_SETTINGS } from './settings';

/** How long a step may run: the function's remaining time less a margin, or the timeout's locally. */
function stepDeadline(context: Context | undefined): number {
  const margin = FAMILY_DELETION_SETTINGS.stepMarginSeconds * 1000;
  const remaining = context?.getRemainingTimeInMillis?.() ?? FAMILY_DELETION_SETTINGS.workerTimeoutSeconds * 1000;
  return Date.now() + Math.max(1_000, remaining - margin);
}

async function processRecord(record: SQSRecord, context: Context | undefined): Promise<DeletionStepResult> {
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
  const base = { messageId: record.messageId, receiveCount };
  let familyId: string;
  try {
    familyId = decodeFamilyDeletionMessage(record.body).familyId;
  } catch (err) {
    logger.error('unreadable family deletion message', { ...base, error: errorForLog(err) });
    throw err;
  }
  const log = logger.createChild({ persistentKeys: { ...base, familyId } });
  const counter = { count: 0 };
  const started = performance.now();
  try {
    const result = await requestCounter.run(counter, () => runDeletionStep(familyId, { deadline: stepDeadline(context) }));
    if (result.outcome === 'continue') await queueFamilyDeletion(familyId);
    if (result.outcome === 'wait') await queueFamilyDeletion(familyId, result.waitSeconds);
    if ('deleted' in result) metrics.addMetric('FamilyItemsDeleted', MetricUnit.Count, result.deleted);
    if (result.outcome === 'deleted') metrics.addMetric('FamiliesDeleted', MetricUnit.Count, 1);
    log.info('family deletion step done', { ...result, ms: Math.round(performance.now() - started), dynamoRequests: counter.count });
    return result;
  } catch (err) {
    metrics.addMetric('FamilyDeletionStepsFailed', MetricUnit.Count, 1);
    log.error('family deletion step failed; the queue delivers it again', { error: errorForLog(err), dynamoRequests: counter.count });
    throw err;
  }
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  try {
    return await processPartialResponse(event, (record: SQSRecord) => processRecord(record, context), processor, context ? { context } : {});
  } finally {
    metrics.publishStoredMetrics();
  }
}
