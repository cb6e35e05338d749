/**
 * Bounces and complaints (issue 20, docs/decisions/051-bounces-and-complaints.md):
 *
 * - an SES **configuration set** that every send names (AppFunction `email` sets SES_CONFIGURATION_SET
 *   and grants `ses:SendEmail` on it too: SES v2 checks the configuration set's ARN as well as the
 *   identity's). Reputation metrics on; SES's suppression list for bounces and complaints, stated at
 *   the configuration set (the account-level default, written down where it can be read);
 * - an **event destination** publishing `BOUNCE` and `COMPLAINT` (nothing else: deliveries would be
 *   one event per e-mail for nothing) to an **SNS topic** encrypted with a key SES may use (SES cannot
 *   publish to a topic under the AWS-managed SNS key), TLS only, publishing allowed to SES for this
 *   configuration set only (the CDK construct adds that topic policy);
 * - the **handler** (functions/jobs/ses-events/handler.ts) subscribed to the topic. SNS invokes it
 *   asynchronously; an event it fails on (DynamoDB down) is retried twice by Lambda and then sent,
 *   with the error, to a **failure queue** (the function's on-failure destination), which is also
 *   the subscription's dead-letter queue (what SNS could not deliver to Lambda at all). An alarm
 *   fires on anything there;
 * - **alarms** on SES's own reputation metrics (bounce rate ≥ 5%, complaint rate ≥ 0.1%: AWS warns
 *   at those and reviews the account at 10% and 0.5%) and on the day's sends passing 80% of the
 *   sending quota (`-c sesMax24HourSend=…`, default 50,000: the usual first production quota).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { ConfigurationSet, EmailSendingEvent, EventDestination, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AppFunction } from './app-function';
import { JOB_ENTRIES } from './lambda-entries';
import { PERIOD, type Monitoring } from './monitoring';
import type { TableAccess } from './table-access';

/** The ses-events handler: finds the parent through the login record, marks the parent, turns the report off (family item too). */
export const SES_EVENTS_TABLE_ACCESS = {
  actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  protectedPartitions: ['parentLogins'],
} as const satisfies TableAccess;

/** AWS's thresholds on the account's reputation (SES developer guide, "reputation metrics"): we alarm at the warning level. */
export const SES_REPUTATION_ALARMS = {
  /** AWS reviews the account at 10%, warns at 5%. */
  bounceRate: 0.05,
  /** AWS reviews the account at 0.5%, warns at 0.1%. */
  complaintRate: 0.001,
} as const;

/** The usual sending quota of an account just moved out of the SES sandbox; set yours with `-c sesMax24HourSend=…`. */
export const DEFAULT_SES_MAX_24_HOUR_SEND = 50_000;
/** The share of the quota at which the day's sends alarm. */
export const SES_QUOTA_ALARM_SHARE = 0.8;

/** `-c sesMax24HourSend=<n>`: the account's Max24HourSend in the stack's Region (`aws sesv2 get-account`). */
export function sesMax24HourSend(scope: Construct): number {
  const raw: unknown = scope.node.tryGetContext('sesMax24HourSend');
  if (raw === undefined || raw === null || raw === '') return DEFAULT_SES_MAX_24_HOUR_SEND;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`Context value sesMax24HourSend must be a whole number of e-mails above 0, got ${JSON.stringify(raw)}`);
  return n;
}

export class SesEvents extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly topic: Topic;
  readonly handler: AppFunction;
  /** Events the handler failed on after Lambda's retries, and what SNS could not deliver. */
  readonly failureQueue: Queue;

  constructor(scope: Construct, id: string, props: { table: ITable; monitoring: Monitoring }) {
    super(scope, id);
    const stack = Stack.of(this);

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      sendingEnabled: true,
    });

    const key = new Key(this, 'TopicKey', {
      description: 'ChoreQuest SES events topic encryption (SES publishes bounces and complaints through it)',
      enableKeyRotation: true,
    });
    // SES encrypts what it publishes with this key: only for this account's configuration sets.
    key.grant(
      new ServicePrincipal('ses.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    this.topic = new Topic(this, 'Topic', { displayName: 'ChoreQuest SES bounces and complaints', masterKey: key, enforceSSL: true });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    this.failureQueue = new Queue(this, 'FailureQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    this.handler = new AppFunction(this, 'Handler', {
      entry: JOB_ENTRIES['ses-events'],
      description: 'ChoreQuest SES events: a permanent bounce marks the address undeliverable, a complaint turns the weekly report off',
      table: props.table,
      timeout: Duration.seconds(30),
      memorySize: 256,
      tableActions: SES_EVENTS_TABLE_ACCESS.actions,
      protectedPartitions: SES_EVENTS_TABLE_ACCESS.protectedPartitions,
    });
    this.handler.function.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.failureQueue),
    });
    this.topic.addSubscription(new LambdaSubscription(this.handler.function, { deadLetterQueue: this.failureQueue }));

    const m = props.monitoring;
    m.alarm('SesEventFailures', {
      metric: this.failureQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD.queue, statistic: 'Maximum' }),
      threshold: 1,
      description:
        'An SES bounce or complaint was not recorded (the handler failed three times, or SNS could not reach it): a bounced address may still get reports, a complaint may not have unsubscribed. The message in the failure queue holds the event; fix the cause and run the handler on it (docs/decisions/051).',
    });
    m.alarm('SesEventHandlerErrors', {
      metric: this.handler.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
      threshold: 1,
      description: 'The SES events handler failed on a bounce or complaint (Lambda retries it twice, then it goes to the failure queue).',
    });
    // SES's account-level reputation metrics (no dimensions): what AWS's review looks at.
    const ses = (metricName: string, statistic: string, period: Duration) => new Metric({ namespace: 'AWS/SES', metricName, statistic, period });
    m.alarm('SesBounceRate', {
      metric: ses('Reputation.BounceRate', 'Maximum', Duration.hours(1)),
      threshold: SES_REPUTATION_ALARMS.bounceRate,
      description: `The account's SES bounce rate is at least ${SES_REPUTATION_ALARMS.bounceRate * 100}% (AWS reviews the account at 10% and may pause sending: no resets, confirmations or reports). Look at which addresses bounce and why (docs/decisions/051).`,
    });
    m.alarm('SesComplaintRate', {
      metric: ses('Reputation.ComplaintRate', 'Maximum', Duration.hours(1)),
      threshold: SES_REPUTATION_ALARMS.complaintRate,
      description: `The account's SES complaint rate is at least ${SES_REPUTATION_ALARMS.complaintRate * 100}% (AWS reviews the account at 0.5% and may pause sending). Complaints unsubscribe from the weekly report; look at what is being marked as spam (docs/decisions/051).`,
    });
    const quota = sesMax24HourSend(this);
    m.alarm('SesDailySendsNearQuota', {
      // One datapoint a day: CloudWatch evaluates it over the last 24 hours, as SES counts its quota.
      metric: ses('Send', 'Sum', Duration.days(1)),
      threshold: Math.floor(quota * SES_QUOTA_ALARM_SHARE),
      description: `More than ${SES_QUOTA_ALARM_SHARE * 100}% of the SES sending quota (${quota} e-mails in 24 hours, -c sesMax24HourSend) was used in a day: past it SES refuses every send (resets, confirmations, reports). Ask AWS for a higher quota and set the new value (docs/deploy.md).`,
    });
  }

  /**
   * Lets `fn` take an address off SES's account-level suppression list (the account function, when a
   * parent whose address bounced asks for a new confirmation link). The action has no resource type:
   * it can only name "*".
   */
  allowUnsuppress(fn: AppFunction): void {
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:DeleteSuppressedDestination'], resources: ['*'] }));
  }

  /** What AppFunction `email` needs: the name every send gives, and the ARN SES checks. */
  get sendingConfiguration(): { name: string; arn: string } {
    const stack = Stack.of(this);
    const name = this.configurationSet.configurationSetName;
    return { name, arn: stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: name }) };
  }
}
