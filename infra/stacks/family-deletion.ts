/**
 * The family deletion job in AWS (docs/decisions/043-family-deletion-job.md): a queue of its own
 * (with a dead-letter queue after FAMILY_DELETION_SETTINGS.maxReceiveCount receives) → the worker,
 * through an SQS event source with partial batch responses and a maximum concurrency; the worker
 * queues the rest of a deletion that outlasts one step on the same queue. An hourly sweeper queues
 * again any deletion not finished (a message lost, or dead-lettered and since fixed). The `family`
 * HTTP function queues a deletion when the owner asks for it.
 */
import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FAMILY_DELETION_SETTINGS } from '../../functions/jobs/family-deletion/settings';
import { AppFunction } from './app-function';
import { jobQueues } from './job-queue';
import { JOB_ENTRIES } from './lambda-entries';
import type { EmailSending } from './email';
import { PERIOD, type Monitoring } from './monitoring';
import { DELETION_TABLE_ACCESS } from './table-access';

export class FamilyDeletion extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;
  readonly sweeper: AppFunction;

  constructor(scope: Construct, id: string, props: { table: ITable; monitoring: Monitoring; email: EmailSending }) {
    super(scope, id);
    const s = FAMILY_DELETION_SETTINGS;

    // The sweeper queues unfinished deletions again anyway: four days outlast any outage worth waiting out.
    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = jobQueues(this, { visibilityTimeoutSeconds: s.visibilityTimeoutSeconds, retention: Duration.days(4), maxReceiveCount: s.maxReceiveCount }));

    this.worker = new AppFunction(this, 'Worker', {
      entry: JOB_ENTRIES['family-deletion-worker'],
      description: 'ChoreQuest family deletion: deletes a family marked for deletion, page by page, then mails its owner',
      table: props.table,
      timeout: Duration.seconds(s.workerTimeoutSeconds),
      environment: { FAMILY_DELETION_QUEUE_URL: this.queue.queueUrl },
      tableActions: DELETION_TABLE_ACCESS.worker.actions,
      protectedPartitions: DELETION_TABLE_ACCESS.worker.protectedPartitions,
      email: props.email,
    });
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: s.workerBatchSize,
        maxConcurrency: s.workerMaxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    // A step that runs out of time queues the rest of its deletion.
    this.queue.grantSendMessages(this.worker.function);

    this.sweeper = new AppFunction(this, 'Sweeper', {
      entry: JOB_ENTRIES['family-deletion-sweeper'],
      description: 'ChoreQuest family deletion, hourly: queues again every deletion not finished',
      table: props.table,
      timeout: Duration.seconds(60),
      environment: { FAMILY_DELETION_QUEUE_URL: this.queue.queueUrl },
      tableActions: DELETION_TABLE_ACCESS.sweeper.actions,
    });
    this.queue.grantSendMessages(this.sweeper.function);
    new Rule(this, 'SweepSchedule', {
      description: 'Hourly sweep of unfinished ChoreQuest family deletions',
      schedule: Schedule.cron({ minute: '30' }),
      targets: [new LambdaFunction(this.sweeper.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
    });

    const m = props.monitoring;
    m.alarm('DeletionDeadLetters', {
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 1,
      description: `A family's deletion failed ${s.maxReceiveCount} times: its data is still there (nobody can sign in to it). Fix the cause; the hourly sweeper queues it again.`,
    });
    m.alarm('DeletionQueueBacklog', {
      metric: this.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 60 * 60,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: 'A family deletion has waited more than an hour: the deletion worker is failing or throttled.',
    });
    m.alarm('DeletionWorkerErrors', {
      metric: this.worker.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The family deletion worker crashed or timed out.',
    });
    m.alarm('DeletionSweeperErrors', {
      metric: this.sweeper.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The family deletion sweeper failed: unfinished deletions may not have been queued again (the next hour tries again).',
    });
  }
}
