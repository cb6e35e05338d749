/**
 * What a service on call needs to hear about: one SNS topic (encrypted with a key CloudWatch may
 * use; an e-mail subscriber when the `alarmEmail` context value is given, docs/deploy.md) that every
 * alarm of the stack notifies, on alarm and when it is OK again.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmSpec {
  metric: IMetric;
  /** What the alarm means for families, shown in the notification. */
  description: string;
  threshold: number;
  comparison?: ComparisonOperator;
  evaluationPeriods?: number;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: { alarmEmail?: string }) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', {
      description: 'ChoreQuest alarm topic encryption (CloudWatch alarms publish through it)',
      enableKeyRotation: true,
    });
    // CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed SNS key.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'ChoreQuest alarms', masterKey: key, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
  }

  alarm(id: string, spec: AlarmSpec): Alarm {
    const alarm = new Alarm(this, id, {
      metric: spec.metric,
      alarmDescription: spec.description,
      threshold: spec.threshold,
      comparisonOperator: spec.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      // No data means nothing happened (no errors, an empty queue).
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}

/** Alarm periods: one minute for the queue, five for error counts. */
export const PERIOD = { queue: Duration.minutes(1), errors: Duration.minutes(5) } as const;
