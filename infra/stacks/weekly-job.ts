/**
 * The Sunday job in AWS: an hourly EventBridge rule → the dispatcher → an SQS queue (with a
 * dead-letter queue after WEEKLY_JOB_SETTINGS.maxReceiveCount receives) → the worker, through an
 * SQS event source with partial batch responses and a maximum concurrency. The tunables come from
 * functions/jobs/weekly/settings.ts and can be overridden with context values (docs/deploy.md).
 */
import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WEEKLY_JOB_SETTINGS, type WeeklyJobSettings } from '../../functions/jobs/weekly/settings';
import { AppFunction } from './app-function';
import { jobQueues } from './job-queue';
import { JOB_ENTRIES } from './lambda-entries';
import { positiveIntContext } from './context';
import { JOB_TABLE_ACCESS } from './table-access';
import { PERIOD, type Monitoring } from './monitoring';

/** The dispatcher's DispatchTime metric (functions/lib/metrics.ts: Powertools adds the `service` dimension). */
export const DISPATCH_TIME_METRIC = { namespace: 'ChoreQuest', metricName: 'DispatchTime', service: 'chorequest' } as const;

/** Reads the settings, each overridable with a context value of the same name (e.g. `-c workerMaxConcurrency=50`). */
export function weeklyJobSettings(scope: Construct): WeeklyJobSettings {
  const out = { ...WEEKLY_JOB_SETTINGS } as WeeklyJobSettings;
  for (const key of Object.keys(out) as (keyof WeeklyJobSettings)[]) out[key] = positiveIntContext(scope, key) ?? out[key];
  if (out.visibilityTimeoutSeconds < out.workerTimeoutSeconds) {
    throw new Error('visibilityTimeoutSeconds must be at least workerTimeoutSeconds (AWS advises six times)');
  }
  return out;
}

export class WeeklyJob extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly dispatcher: AppFunction;
  readonly worker: AppFunction;
  readonly settings: WeeklyJobSettings;

  /** The worker sends no e-mail: it queues the weekly reports for the report mailer (infra/stacks/report-mail.ts), which grants it the queue. */
  constructor(scope: Construct, id: string, props: { table: ITable; monitoring: Monitoring }) {
    super(scope, id);
    const s = (this.settings = weeklyJobSettings(this));

    // A family not generated within a day is sent again by the dispatcher anyway.
    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = jobQueues(this, { visibilityTimeoutSeconds: s.visibilityTimeoutSeconds, retention: Duration.days(1), maxReceiveCount: s.maxReceiveCount }));

    this.dispatcher = new AppFunction(this, 'Dispatcher', {
      entry: JOB_ENTRIES['weekly-dispatcher'],
      description: 'ChoreQuest Sunday job, hourly: sends every family whose local Sunday 00:00 has come to the queue',
      table: props.table,
      timeout: Duration.seconds(s.dispatcherTimeoutSeconds),
      environment: { WEEKLY_QUEUE_URL: this.queue.queueUrl },
      tableActions: JOB_TABLE_ACCESS.dispatcher.actions,
    });
    this.queue.grantSendMessages(this.dispatcher.function);
    new Rule(this, 'Schedule', {
      description: 'Hourly tick of the ChoreQuest Sunday job',
      schedule: Schedule.cron({ minute: '0' }),
      // A tick that fails is retried; a missed one is caught up by the next (families stay due).
      targets: [new LambdaFunction(this.dispatcher.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
    });

    this.worker = new AppFunction(this, 'Worker', {
      entry: JOB_ENTRIES['weekly-worker'],
      description: 'ChoreQuest Sunday job: generates the new week of each family it receives, then queues its weekly reports',
      table: props.table,
      timeout: Duration.seconds(s.workerTimeoutSeconds),
      tableActions: JOB_TABLE_ACCESS.worker.actions,
    });
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: s.workerBatchSize,
        maxConcurrency: s.workerMaxConcurrency,
        reportBatchItemFailures: true,
      }),
    );

    const m = props.monitoring;
    m.alarm('DeadLetters', {
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 1,
      description: `A family's Sunday run failed ${s.maxReceiveCount} times and is in the dead-letter queue: its children have no chores this week (or, when its week was generated, its parents got no weekly report) until it is fixed and redriven.`,
    });
    m.alarm('QueueBacklog', {
      metric: this.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 30 * 60,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: 'A family has waited more than 30 minutes for its new week: the worker is not keeping up (concurrency, throttling) or keeps failing.',
    });
    m.alarm('WorkerErrors', {
      metric: this.worker.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The Sunday worker failed whole batches (crash, timeout, or every family of a batch failed).',
    });
    // The dispatcher reports how long a tick took (functions/jobs/weekly/dispatch.ts, Powertools
    // metric DispatchTime in ms). Past half its timeout there is one doubling of the busiest hour
    // left before ticks time out: time to shard the dispatch or raise the timeout (docs/capacity.md).
    m.alarm('DispatchTimeHigh', {
      metric: new Metric({
        namespace: DISPATCH_TIME_METRIC.namespace,
        metricName: DISPATCH_TIME_METRIC.metricName,
        dimensionsMap: { service: DISPATCH_TIME_METRIC.service },
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      threshold: 0.5 * s.dispatcherTimeoutSeconds * 1000,
      description: `A Sunday dispatch took more than half of its ${s.dispatcherTimeoutSeconds} s timeout: a busier hour could time out before every due family is queued. Raise dispatcherTimeoutSeconds (Lambda allows 900) or dispatch per shard (docs/capacity.md, 10 million families).`,
    });
    m.alarm('DispatcherErrors', {
      metric: this.dispatcher.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The Sunday dispatcher failed: families due this hour may not have been queued (the next tick sends them again).',
    });
  }
}
