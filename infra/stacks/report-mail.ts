/**
 * The weekly reports' e-mail path in AWS (docs/decisions/050-email-at-ses-pace.md): the report
 * queue (with a dead-letter queue after REPORT_MAIL_SETTINGS.maxReceiveCount receives), which the
 * Sunday worker fills with one message per recipient, and the report mailer on an SQS event source
 * with partial batch responses and a maximum concurrency M. The mailer reads SES's sending rate
 * (`ses:GetAccount`) and paces each invocation at share × MaxSendRate / M; it puts a throttled
 * message back with `sqs:ChangeMessageVisibility` (granted with the event source's consume rights).
 * The tunables come from functions/jobs/report-mail/settings.ts, each overridable with a context
 * value of the same name (docs/deploy.md).
 */
import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { REPORT_MAIL_SETTINGS, type ReportMailSettings } from '../../functions/jobs/report-mail/settings';
import { AppFunction } from './app-function';
import { positiveIntContext } from './context';
import type { EmailSending } from './email';
import { jobQueues } from './job-queue';
import { JOB_ENTRIES } from './lambda-entries';
import { PERIOD, type Monitoring } from './monitoring';
import { JOB_TABLE_ACCESS } from './table-access';

/** Reads the settings, each overridable with a context value of the same name (e.g. `-c mailerMaxConcurrency=4`). */
export function reportMailSettings(scope: Construct): ReportMailSettings {
  const out = { ...REPORT_MAIL_SETTINGS } as ReportMailSettings;
  for (const key of Object.keys(out) as (keyof ReportMailSettings)[]) out[key] = positiveIntContext(scope, key) ?? out[key];
  if (out.visibilityTimeoutSeconds < 6 * out.mailerTimeoutSeconds) throw new Error('visibilityTimeoutSeconds must be at least six times mailerTimeoutSeconds');
  if (out.mailerMaxConcurrency < 2 || out.mailerMaxConcurrency > 1000) throw new Error('mailerMaxConcurrency must be from 2 to 1000 (the SQS event source\'s limits)');
  if (out.sendSharePercent > 100) throw new Error('sendSharePercent must be at most 100');
  if (out.mailerBatchSize > 10) throw new Error('mailerBatchSize must be at most 10 (more needs a batching window)');
  return out;
}

export class ReportMail extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly mailer: AppFunction;
  readonly settings: ReportMailSettings;

  constructor(
    scope: Construct,
    id: string,
    props: {
      table: ITable;
      monitoring: Monitoring;
      email: EmailSending;
      /** Signs the unsubscribe link of each report. */
      linkSecret: ISecret;
      /** The functions that queue reports (the Sunday worker): REPORT_QUEUE_URL and sqs:SendMessage. */
      producers: readonly AppFunction[];
    },
  ) {
    super(scope, id);
    const s = (this.settings = reportMailSettings(this));

    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = jobQueues(this, {
      visibilityTimeoutSeconds: s.visibilityTimeoutSeconds,
      retention: Duration.days(s.retentionDays),
      maxReceiveCount: s.maxReceiveCount,
    }));

    this.mailer = new AppFunction(this, 'Mailer', {
      entry: JOB_ENTRIES['report-mailer'],
      description: 'ChoreQuest weekly reports: sends each queued report at a share of the SES sending rate',
      table: props.table,
      timeout: Duration.seconds(s.mailerTimeoutSeconds),
      tableActions: JOB_TABLE_ACCESS.reportMailer.actions,
      email: props.email,
      linkSecret: props.linkSecret,
      environment: {
        REPORT_QUEUE_URL: this.queue.queueUrl,
        // Each invocation paces itself at the share of SES's rate divided by this (the event source's maximum concurrency).
        REPORT_MAIL_MAX_CONCURRENCY: String(s.mailerMaxConcurrency),
        REPORT_MAIL_SEND_SHARE_PERCENT: String(s.sendSharePercent),
      },
    });
    // The account's sending quota; GetAccount has no resource to narrow it to.
    this.mailer.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
    // Consume rights (ReceiveMessage, DeleteMessage, ChangeMessageVisibility, GetQueueAttributes) come with the event source.
    this.mailer.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: s.mailerBatchSize,
        maxConcurrency: s.mailerMaxConcurrency,
        reportBatchItemFailures: true,
      }),
    );

    for (const producer of props.producers) {
      producer.function.addEnvironment('REPORT_QUEUE_URL', this.queue.queueUrl);
      this.queue.grantSendMessages(producer.function);
    }

    const m = props.monitoring;
    m.alarm('ReportDeadLetters', {
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 1,
      description: `A parent's weekly report failed or was throttled ${s.maxReceiveCount} times and is in the report dead-letter queue: it was not sent. Find the cause (SES errors, the mailer's logs), then redrive it (the per-parent claim keeps it from going out twice).`,
    });
    m.alarm('ReportQueueBacklog', {
      metric: this.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: s.backlogAlarmSeconds,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `A weekly report has waited more than ${Math.round(s.backlogAlarmSeconds / 3600)} h: the SES quota is too small for the Sunday's reports (docs/deploy.md "E-mail": ask for more), SES keeps throttling, or the mailer is failing.`,
    });
    m.alarm('ReportMailerErrors', {
      metric: this.mailer.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The report mailer crashed or timed out (its batch comes back after the visibility timeout).',
    });
  }
}
