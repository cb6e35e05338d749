/**
 * The report mailer (SQS event source on the report queue, partial batch responses through
 * Powertools' BatchProcessor): one weekly report per record, sent at no more than the configured
 * share of SES's sending rate (docs/decisions/050-email-at-ses-pace.md). The event source runs at
 * most M invocations at once (REPORT_MAIL_MAX_CONCURRENCY) and each paces itself at
 * share × MaxSendRate / M sends per second, so together they stay under the share and the rest of
 * the quota is left to the account e-mails the HTTP functions send directly.
 *
 * A throttled send (or any passing failure) gives its claim back, puts its message back with
 * ChangeMessageVisibility (exponential backoff with full jitter on ApproximateReceiveCount) and is
 * reported in `batchItemFailures`; a lasting refusal is not retried; a message that keeps failing
 * moves to the dead-letter queue after REPORT_MAIL_SETTINGS.maxReceiveCount receives.
 */
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { appEnv } from '../../lib/env';
import { errorForLog, logger } from '../../lib/logger';
import { mailFailure } from '../../lib/mailer';
import { metrics } from '../../lib/metrics';
import { sqs } from '../../lib/sqs';
import { decodeReportMailMessage } from './message';
import { backoffSeconds, invocationRate, Pacer } from './pace';
import { sendQuota } from './quota';
import { ReportNotSent, sendReport } from './send-report';
import { REPORT_MAIL_SETTINGS, RETRY_BACKOFF } from './settings';

/** Time kept free at the end of an invocation: a slot later than this is not waited for. */
const DEADLINE_MARGIN_MS = 10_000;

/** M and the share, as the stack configured the event source (the settings' defaults otherwise). */
export function mailerPaceSettings(env: NodeJS.ProcessEnv = process.env): { concurrency: number; sharePercent: number } {
  const int = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  return {
    concurrency: int(env.REPORT_MAIL_MAX_CONCURRENCY, REPORT_MAIL_SETTINGS.mailerMaxConcurrency),
    sharePercent: Math.min(100, int(env.REPORT_MAIL_SEND_SHARE_PERCENT, REPORT_MAIL_SETTINGS.sendSharePercent)),
  };
}

/** Puts a message back on the queue, visible again after `seconds`. */
async function putBack(record: SQSRecord, seconds: number): Promise<void> {
  const queueUrl = appEnv().reportQueueUrl;
  if (!queueUrl) throw new Error('REPORT_QUEUE_URL is not set');
  try {
    await sqs().send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
  } catch (err) {
    // The message then comes back after the queue's visibility timeout instead.
    logger.warn('ChangeMessageVisibility failed', { messageId: record.messageId, error: errorForLog(err) });
  }
}

/** The failure a record reports to the batch processor (the message was put back already). */
class PutBack extends Error {
  constructor(readonly seconds: number) {
    super(`put back for ${seconds} s`);
  }
}

function recordProcessor(pacer: Pacer, deadline: number) {
  return async (record: SQSRecord) => {
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    const base = { messageId: record.messageId, receiveCount };
    let message;
    try {
      message = decodeReportMailMessage(record.body);
    } catch (err) {
      metrics.addMetric('ReportsFailed', MetricUnit.Count, 1);
      logger.error('unreadable report message', { ...base, error: errorForLog(err) });
      throw err;
    }
    const log = logger.createChild({ persistentKeys: { ...base, familyId: message.familyId, parentId: message.parentId, week: message.week } });
    const beforeSend = async () => {
      // Not enough time left in this invocation for this slot: back on the queue at once.
      if (pacer.peek() > deadline) throw new PutBack(0);
      await pacer.take();
    };
    try {
      const result = await sendReport(message, beforeSend);
      if (result.outcome === 'sent') metrics.addMetric('ReportsSent', MetricUnit.Count, 1);
      else if (result.outcome === 'refused') {
        metrics.addMetric('ReportsRefused', MetricUnit.Count, 1);
        log.warn('weekly report refused by SES; not sent', { error: result.error });
      } else metrics.addMetric('ReportsSkipped', MetricUnit.Count, 1);
      log.info('weekly report done', { ...result });
      return result;
    } catch (err) {
      if (err instanceof PutBack) {
        await putBack(record, err.seconds);
        throw err;
      }
      const seconds = backoffSeconds(receiveCount, Math.random(), RETRY_BACKOFF);
      if (err instanceof ReportNotSent && err.throttled) {
        metrics.addMetric('ReportsThrottled', MetricUnit.Count, 1);
        log.warn('SES throttled the weekly report; back on the queue', { backoffSeconds: seconds });
      } else {
        metrics.addMetric('ReportsFailed', MetricUnit.Count, 1);
        const cause = err instanceof ReportNotSent ? mailFailure(err.cause) : { error: errorForLog(err) };
        log.error('weekly report not sent; back on the queue', { ...cause, backoffSeconds: seconds });
      }
      await putBack(record, seconds);
      throw err;
    }
  };
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const { concurrency, sharePercent } = mailerPaceSettings();
  const quota = await sendQuota();
  const pacer = new Pacer(invocationRate(quota.maxSendRate, sharePercent, concurrency));
  const deadline = Date.now() + (context?.getRemainingTimeInMillis ? context.getRemainingTimeInMillis() : REPORT_MAIL_SETTINGS.mailerTimeoutSeconds * 1000) - DEADLINE_MARGIN_MS;
  // A processor per invocation: it keeps the batch's state, and locally batches run side by side.
  const processor = new BatchProcessor(EventType.SQS);
  try {
    // A batch that was throttled whole is not an error of the function: its messages are back on the queue.
    return await processPartialResponse(event, recordProcessor(pacer, deadline), processor, { ...(context ? { context } : {}), throwOnFullBatchFailure: false });
  } finally {
    // Hold this invocation's share of time: the next batch must not start with a burst on top.
    await pacer.finish();
    metrics.publishStoredMetrics();
  }
}
