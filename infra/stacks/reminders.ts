/**
 * Reminders in AWS (issue 32): an EventBridge rule every 15 minutes → the dispatcher → an SQS queue
 * (dead-letter queue after REMINDER_SETTINGS.maxReceiveCount receives) → the worker, which sends by
 * Web Push (the VAPID key pair derived from a Secrets Manager secret: functions/lib/web-push.ts).
 * Alarms: dead letters, a backlog older than the late limit, and a falling delivery rate.
 */
import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { REMINDER_SETTINGS } from '../../functions/jobs/reminders/settings';
import { AppFunction } from './app-function';
import { jobQueues } from './job-queue';
import { JOB_ENTRIES } from './lambda-entries';
import { PERIOD, type Monitoring } from './monitoring';
import { REMINDER_TABLE_ACCESS } from './table-access';

const pushMetric = (metricName: string) =>
  new Metric({ namespace: 'ChoreQuest', metricName, dimensionsMap: { service: 'chorequest' }, statistic: 'Sum', period: Duration.minutes(15) });

export class Reminders extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly dispatcher: AppFunction;
  readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: { table: ITable; monitoring: Monitoring; vapidSecret: ISecret }) {
    super(scope, id);
    const s = REMINDER_SETTINGS;
    // A reminder is worth nothing the next day: the queue keeps messages for a few hours.
    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = jobQueues(this, { visibilityTimeoutSeconds: s.visibilityTimeoutSeconds, retention: Duration.hours(6), maxReceiveCount: s.maxReceiveCount }));

    this.dispatcher = new AppFunction(this, 'Dispatcher', {
      entry: JOB_ENTRIES['reminder-dispatcher'],
      description: 'ChoreQuest reminders, every 15 minutes: sends every person whose reminder falls in the slot to the queue',
      table: props.table,
      timeout: Duration.seconds(s.dispatcherTimeoutSeconds),
      environment: { REMINDER_QUEUE_URL: this.queue.queueUrl },
      tableActions: REMINDER_TABLE_ACCESS.dispatcher.actions,
    });
    this.queue.grantSendMessages(this.dispatcher.function);
    new Rule(this, 'Schedule', {
      description: 'The ChoreQuest reminder slots, every 15 minutes',
      schedule: Schedule.cron({ minute: '0/15' }),
      // A failed run is retried; a missed one is caught up by the next (reminders stay in their slot).
      targets: [new LambdaFunction(this.dispatcher.function, { retryAttempts: 2, maxEventAge: Duration.minutes(15) })],
    });

    this.worker = new AppFunction(this, 'Worker', {
      entry: JOB_ENTRIES['reminder-worker'],
      description: 'ChoreQuest reminders: decides and sends each queued person\'s reminder by Web Push',
      table: props.table,
      timeout: Duration.seconds(s.workerTimeoutSeconds),
      environment: { VAPID_SECRET_ARN: props.vapidSecret.secretArn },
      tableActions: REMINDER_TABLE_ACCESS.worker.actions,
    });
    props.vapidSecret.grantRead(this.worker.function);
    this.worker.function.addEventSource(new SqsEventSource(this.queue, { batchSize: s.workerBatchSize, maxConcurrency: s.workerMaxConcurrency, reportBatchItemFailures: true }));

    const m = props.monitoring;
    m.alarm('ReminderDeadLetters', {
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 1,
      description: `A reminder failed ${s.maxReceiveCount} times (a push service busy for half an hour, or a bug) and is in the dead-letter queue; that person's reminders stopped until it is redriven or their settings are saved again.`,
    });
    m.alarm('ReminderBacklog', {
      metric: this.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: s.lateLimitMinutes * 60,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `A reminder has waited more than ${s.lateLimitMinutes} minutes: it will not be sent any more. The worker is not keeping up (raise workerMaxConcurrency) or keeps failing.`,
    });
    // Delivery rate: pushes sent against pushes the push services turned away for now (429/5xx).
    m.alarm('PushDeliveryRateLow', {
      metric: new MathExpression({
        label: 'Pushes delivered (% of attempts)',
        expression: 'IF(sent + retry >= 50, 100 * sent / (sent + retry), 100)',
        usingMetrics: { sent: pushMetric('PushesSent'), retry: pushMetric('PushesToRetry') },
        period: Duration.minutes(15),
      }),
      threshold: 90,
      comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: 2,
      description: 'Fewer than 90% of reminder pushes were accepted by the push services for half an hour: a push service is throttling us or down, or our VAPID key is refused.',
    });
    m.alarm('ReminderWorkerErrors', {
      metric: this.worker.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The reminder worker failed whole batches (crash or timeout).',
    });
    m.alarm('ReminderDispatcherErrors', {
      metric: this.dispatcher.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The reminder dispatcher failed: reminders of this slot may not have been queued (the next run sends them).',
    });
  }
}
