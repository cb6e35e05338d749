/**
 * The background jobs locally: the Sunday job (dispatcher → queue → worker → report queue → report
 * mailer) and the family deletion job (queue → worker, and its sweeper), the same handlers as in
 * AWS, joined by local queues
 * (./queue.ts) on one SQS endpoint, with the stack's settings (batch size, maximum concurrency,
 * visibility timeout, receives before the dead-letter store). `npm start` and the integration tests
 * run both; tests and the bench may start either alone with their own settings and consumer.
 */
import type { Context } from 'aws-lambda';
import { resetAppEnv } from '../../functions/lib/env';
import { resetSqsClient } from '../../functions/lib/sqs';
import { FAMILY_DELETION_SETTINGS } from '../../functions/jobs/family-deletion/settings';
import { REPORT_MAIL_SETTINGS } from '../../functions/jobs/report-mail/settings';
import { WEEKLY_JOB_SETTINGS } from '../../functions/jobs/weekly/settings';
import { REMINDER_SETTINGS } from '../../functions/jobs/reminders/settings';
import { createSqsEndpoint, LocalQueue, type QueueConsumer, type QueuedMessage } from './queue';

export interface LocalJobOptions {
  visibilityTimeoutMs?: number;
  maxReceiveCount?: number;
  batchSize?: number;
  maxConcurrency?: number;
  /** The worker; defaults to the real worker handler (tests wrap it). */
  consumer?: QueueConsumer;
  onDeadLetter?: (m: QueuedMessage) => void;
}

/** The report queue and its mailer (docs/decisions/050-email-at-ses-pace.md). */
export interface LocalReportMail {
  queue: LocalQueue;
  queueUrl: string;
}

export interface LocalWeeklyJob {
  queue: LocalQueue;
  /** Where the worker queues the weekly e-mail reports; the report mailer sends them. */
  reportMail: LocalReportMail;
  /** The queue's URL, printed by `npm start`. */
  queueUrl: string;
  /** One dispatcher tick (the EventBridge rule's event), as the Lambda would get it. */
  dispatch: (tick: Date) => Promise<{ dispatched: number; fromLegacyIndex: number; notSent: number; ms: number }>;
  stop: () => Promise<void>;
}

export interface LocalFamilyDeletion {
  queue: LocalQueue;
  queueUrl: string;
  /** One sweeper run (the hourly EventBridge rule's event). */
  sweep: (at: Date) => Promise<{ queued: number }>;
  stop: () => Promise<void>;
}

/** Issue 32: the reminders (dispatcher every 15 minutes → queue → worker, which pushes). */
export interface LocalReminders {
  queue: LocalQueue;
  queueUrl: string;
  /** One dispatcher run (the EventBridge rule's event), as the Lambda would get it. */
  dispatch: (tick: Date) => Promise<{ dispatched: number; notSent: number; ms: number }>;
}

export interface LocalJobs {
  weekly: LocalWeeklyJob;
  reminders: LocalReminders;
  familyDeletion: LocalFamilyDeletion;
  reportMail: LocalReportMail;
  sqsEndpoint: string;
  stop: () => Promise<void>;
}

function queueFor(name: string, defaults: { visibilityTimeoutSeconds: number; maxReceiveCount: number; workerBatchSize: number; workerMaxConcurrency: number }, opts: LocalJobOptions): LocalQueue {
  return new LocalQueue({
    name,
    visibilityTimeoutMs: opts.visibilityTimeoutMs ?? defaults.visibilityTimeoutSeconds * 1000,
    maxReceiveCount: opts.maxReceiveCount ?? defaults.maxReceiveCount,
    batchSize: opts.batchSize ?? defaults.workerBatchSize,
    maxConcurrency: opts.maxConcurrency ?? defaults.workerMaxConcurrency,
  });
}

const REPORT_MAIL_QUEUE_DEFAULTS = {
  visibilityTimeoutSeconds: REPORT_MAIL_SETTINGS.visibilityTimeoutSeconds,
  maxReceiveCount: REPORT_MAIL_SETTINGS.maxReceiveCount,
  workerBatchSize: REPORT_MAIL_SETTINGS.mailerBatchSize,
  workerMaxConcurrency: REPORT_MAIL_SETTINGS.mailerMaxConcurrency,
};

export async function startLocalJobs(opts: { weeklyJob?: LocalJobOptions; familyDeletion?: LocalJobOptions; reportMail?: LocalJobOptions; reminders?: LocalJobOptions } = {}): Promise<LocalJobs> {
  const weeklyOpts = opts.weeklyJob ?? {};
  const deletionOpts = opts.familyDeletion ?? {};
  const reportOpts = opts.reportMail ?? {};
  const weeklyQueue = queueFor('chorequest-weekly', WEEKLY_JOB_SETTINGS, weeklyOpts);
  const deletionQueue = queueFor('chorequest-family-deletion', FAMILY_DELETION_SETTINGS, deletionOpts);
  const reportQueue = queueFor('chorequest-report-mail', REPORT_MAIL_QUEUE_DEFAULTS, reportOpts);
  const reminderOpts = opts.reminders ?? {};
  const reminderQueue = queueFor('chorequest-reminders', REMINDER_SETTINGS, reminderOpts);
  const sqs = await createSqsEndpoint([weeklyQueue, deletionQueue, reportQueue, reminderQueue]);
  Object.assign(process.env, {
    WEEKLY_QUEUE_URL: weeklyQueue.url,
    FAMILY_DELETION_QUEUE_URL: deletionQueue.url,
    REPORT_QUEUE_URL: reportQueue.url,
    REMINDER_QUEUE_URL: reminderQueue.url,
    // The mailer splits its share of SES's rate between this many concurrent batches, as in AWS.
    REPORT_MAIL_MAX_CONCURRENCY: String(reportQueue.options.maxConcurrency),
    SQS_ENDPOINT: sqs.endpoint,
  });
  resetAppEnv();
  resetSqsClient();
  // Imported after the environment is set, like a Lambda reading its configuration at start.
  const [{ handler: dispatcher }, { handler: weeklyWorker }, { handler: deletionWorker }, { handler: sweeper }, { handler: reportMailer }, { handler: reminderDispatcher }, { handler: reminderWorker }] = await Promise.all([
    import('../../functions/jobs/weekly/dispatch'),
    import('../../functions/jobs/weekly/worker'),
    import('../../functions/jobs/family-deletion/worker'),
    import('../../functions/jobs/family-deletion/sweep'),
    import('../../functions/jobs/report-mail/worker'),
    import('../../functions/jobs/reminders/dispatch'),
    import('../../functions/jobs/reminders/worker'),
  ]);
  let invocation = 0;
  const context = (functionName: string, timeoutSeconds?: number) => {
    const deadline = timeoutSeconds ? Date.now() + timeoutSeconds * 1000 : undefined;
    return { awsRequestId: `local-${++invocation}`, functionName, ...(deadline ? { getRemainingTimeInMillis: () => deadline - Date.now() } : {}) } as Context;
  };
  weeklyQueue.attach(weeklyOpts.consumer ?? ((event) => weeklyWorker(event, context('local-weekly-worker'))));
  deletionQueue.attach(deletionOpts.consumer ?? ((event) => deletionWorker(event, context('local-family-deletion-worker'))));
  reportQueue.attach(reportOpts.consumer ?? ((event) => reportMailer(event, context('local-report-mailer', REPORT_MAIL_SETTINGS.mailerTimeoutSeconds))));
  reminderQueue.attach(reminderOpts.consumer ?? ((event) => reminderWorker(event, context('local-reminder-worker', REMINDER_SETTINGS.workerTimeoutSeconds))));
  if (reminderOpts.onDeadLetter) reminderQueue.onDeadLetter(reminderOpts.onDeadLetter);
  if (weeklyOpts.onDeadLetter) weeklyQueue.onDeadLetter(weeklyOpts.onDeadLetter);
  if (reportOpts.onDeadLetter) reportQueue.onDeadLetter(reportOpts.onDeadLetter);
  if (deletionOpts.onDeadLetter) deletionQueue.onDeadLetter(deletionOpts.onDeadLetter);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    weeklyQueue.detach();
    deletionQueue.detach();
    reportQueue.detach();
    reminderQueue.detach();
    // Batches already delivered finish first (the database they write to is stopped next).
    await Promise.all([weeklyQueue.settled(), deletionQueue.settled(), reportQueue.settled(), reminderQueue.settled()]);
    await sqs.stop();
    resetSqsClient();
  };
  const reportMail = { queue: reportQueue, queueUrl: reportQueue.url };
  return {
    weekly: { queue: weeklyQueue, queueUrl: weeklyQueue.url, reportMail, dispatch: (tick) => dispatcher({ time: tick.toISOString() }), stop },
    familyDeletion: { queue: deletionQueue, queueUrl: deletionQueue.url, sweep: (at) => sweeper({ time: at.toISOString() }), stop },
    reportMail,
    reminders: { queue: reminderQueue, queueUrl: reminderQueue.url, dispatch: (tick) => reminderDispatcher({ time: tick.toISOString() }) },
    sqsEndpoint: sqs.endpoint,
    stop,
  };
}
