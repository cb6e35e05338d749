/**
 * The stack's jobs (the Sunday job, report mail, family deletion: schedules, queues, event sources,
 * who may send, table access, alarms) and its alarms.
 * Checks of stack.test.ts, on its one synth (support/stack-synth.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '../../../functions/data/table-definition';
import { ChoreQuestStack } from '../../../infra/stacks/chorequest-stack';
import { DELETION_TABLE_ACCESS, PROTECTED_PARTITIONS } from '../../../infra/stacks/table-access';
import { FAMILY_DELETION_SETTINGS } from '../../../functions/jobs/family-deletion/settings';
import { WEEKLY_JOB_SETTINGS } from '../../../functions/jobs/weekly/settings';
import { REPORT_MAIL_SETTINGS } from '../../../functions/jobs/report-mail/settings';
import { JOB_TABLE_ACCESS } from '../../../infra/stacks/table-access';
import { type Json, tempDirs, domainsWithRoutes, referencedIds, ofType, sendersTo, logicalId, jobFunctions, MAIL_CONTEXT, stack, template, resources } from '../support/stack-synth';

describe('weekly job', () => {
  const dispatcherId = () => logicalId(stack.weeklyJob.dispatcher.function);
  const workerId = () => logicalId(stack.weeklyJob.worker.function);
  const settings = () => stack.weeklyJob.settings;

  it('runs the dispatcher every hour on the hour through EventBridge', () => {
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => r.Properties.ScheduleExpression === 'cron(0 * * * ? *)');
    expect(rules).toHaveLength(1);
    const targets = (rules[0]![1].Properties.Targets as Json[]).flatMap((t) => referencedIds(t.Arn));
    expect(targets).toEqual([dispatcherId()]);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [dispatcherId(), 'Arn'] },
    });
    expect(resources[dispatcherId()]!.Properties.Timeout).toBe(WEEKLY_JOB_SETTINGS.dispatcherTimeoutSeconds);
  });

  it('queues families on an encrypted, TLS-only queue that moves a family to a dead-letter queue after a few receives', () => {
    const queue = resources[logicalId(stack.weeklyJob.queue)]!;
    const dlqId = logicalId(stack.weeklyJob.deadLetterQueue);
    expect(queue.Properties).toMatchObject({
      VisibilityTimeout: WEEKLY_JOB_SETTINGS.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: WEEKLY_JOB_SETTINGS.maxReceiveCount },
    });
    expect(resources[dlqId]!.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    // Six times the worker's timeout, as AWS advises for SQS event sources.
    expect(WEEKLY_JOB_SETTINGS.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * WEEKLY_JOB_SETTINGS.workerTimeoutSeconds);
    const policies = ofType('AWS::SQS::QueuePolicy');
    for (const q of [logicalId(stack.weeklyJob.queue), dlqId]) {
      const policy = policies.find(([, p]) => referencedIds(p.Properties.Queues).includes(q));
      expect(JSON.stringify(policy?.[1].Properties.PolicyDocument), q).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('feeds the worker through an SQS event source with partial batch responses, a batch size and a maximum concurrency', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId() },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.weeklyJob.queue), 'Arn'] },
      BatchSize: WEEKLY_JOB_SETTINGS.workerBatchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: WEEKLY_JOB_SETTINGS.workerMaxConcurrency },
    });
    expect(resources[workerId()]!.Properties.Timeout).toBe(WEEKLY_JOB_SETTINGS.workerTimeoutSeconds);
    expect(settings()).toEqual(WEEKLY_JOB_SETTINGS);
  });

  it('lets only the dispatcher send to the queue, and gives each job function only the table actions it uses', () => {
    const statementsOf = (fnRole: IConstruct) =>
      ofType('AWS::IAM::Policy')
        .filter(([, p]) => referencedIds(p.Properties.Roles).includes(logicalId(fnRole)))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as Json).Statement as Json[]);
    const actions = (fnRole: IConstruct, prefix: string) =>
      statementsOf(fnRole)
        .filter((st) => st.Effect === 'Allow')
        .flatMap((st) => [st.Action].flat() as string[])
        .filter((a) => a.startsWith(prefix));
    expect(actions(stack.weeklyJob.dispatcher.role, 'dynamodb:')).toEqual(['dynamodb:Query']);
    expect(actions(stack.weeklyJob.dispatcher.role, 'sqs:')).toEqual(expect.arrayContaining(['sqs:SendMessage']));
    expect(new Set(actions(stack.weeklyJob.worker.role, 'dynamodb:'))).toEqual(new Set(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem']));
    expect(sendersTo(stack.weeklyJob.queue)).toEqual([logicalId(stack.weeklyJob.dispatcher.role)]);
  });
});

describe('report mail (decision 050)', () => {
  const mailerId = () => logicalId(stack.reportMail.mailer.function);
  const statementsOf = (role: IConstruct) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => referencedIds(p.Properties.Roles).includes(logicalId(role)))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as Json).Statement as Json[]);
  const allowed = (role: IConstruct, prefix: string) =>
    statementsOf(role)
      .filter((st) => st.Effect === 'Allow')
      .flatMap((st) => [st.Action].flat() as string[])
      .filter((a) => a.startsWith(prefix));

  it('queues reports on an encrypted, TLS-only queue: 20 receives, 4 days, six times the mailer\'s timeout', () => {
    const queue = resources[logicalId(stack.reportMail.queue)]!;
    const dlqId = logicalId(stack.reportMail.deadLetterQueue);
    expect(queue.Properties).toMatchObject({
      VisibilityTimeout: REPORT_MAIL_SETTINGS.visibilityTimeoutSeconds,
      MessageRetentionPeriod: 4 * 24 * 3600,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 20 },
    });
    expect(REPORT_MAIL_SETTINGS.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * REPORT_MAIL_SETTINGS.mailerTimeoutSeconds);
    expect(resources[dlqId]!.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });

  it('feeds the mailer through an SQS event source with partial batch responses and a maximum concurrency M it paces by', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: mailerId() },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.reportMail.queue), 'Arn'] },
      BatchSize: REPORT_MAIL_SETTINGS.mailerBatchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: REPORT_MAIL_SETTINGS.mailerMaxConcurrency },
    });
    const fn = resources[mailerId()]!.Properties;
    expect(fn.Timeout).toBe(REPORT_MAIL_SETTINGS.mailerTimeoutSeconds);
    const vars = (fn.Environment as Json).Variables as Json;
    expect(vars).toMatchObject({ REPORT_MAIL_MAX_CONCURRENCY: String(REPORT_MAIL_SETTINGS.mailerMaxConcurrency), REPORT_MAIL_SEND_SHARE_PERCENT: '80' });
    expect(referencedIds(vars.REPORT_QUEUE_URL)).toEqual([logicalId(stack.reportMail.queue)]);
    expect(stack.reportMail.settings).toEqual(REPORT_MAIL_SETTINGS);
  });

  it('lets the mailer read the SES quota, send, put messages back, and use only its table actions', () => {
    expect(new Set(allowed(stack.reportMail.mailer.role, 'dynamodb:'))).toEqual(new Set(JOB_TABLE_ACCESS.reportMailer.actions));
    expect(JOB_TABLE_ACCESS.reportMailer.actions).not.toContain('dynamodb:UpdateItem');
    const getAccount = statementsOf(stack.reportMail.mailer.role).filter((st) => JSON.stringify(st.Action) === '"ses:GetAccount"');
    expect(getAccount).toEqual([expect.objectContaining({ Effect: 'Allow', Resource: '*' })]);
    expect(allowed(stack.reportMail.mailer.role, 'ses:')).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:GetAccount']));
    const sqsOnQueue = statementsOf(stack.reportMail.mailer.role).filter((st) => referencedIds(st.Resource).includes(logicalId(stack.reportMail.queue)));
    expect(sqsOnQueue.flatMap((st) => [st.Action].flat())).toEqual(expect.arrayContaining(['sqs:ChangeMessageVisibility', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']));
  });

  it('is filled by the Sunday worker only, which gets REPORT_QUEUE_URL and no longer sends e-mail', () => {
    expect(sendersTo(stack.reportMail.queue)).toEqual([logicalId(stack.weeklyJob.worker.role)]);
    const vars = (resources[logicalId(stack.weeklyJob.worker.function)]!.Properties.Environment as Json).Variables as Json;
    expect(referencedIds(vars.REPORT_QUEUE_URL)).toEqual([logicalId(stack.reportMail.queue)]);
    expect(vars.MAIL_FROM).toBeUndefined();
    expect(allowed(stack.weeklyJob.worker.role, 'ses:')).toEqual([]);
  });

  it('alarms on dead letters, a report older than 2 h, and mailer errors', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const on = (metric: string, id: string) => alarms.filter((a) => a.MetricName === metric && referencedIds(a.Dimensions).includes(id));
    expect(on('ApproximateNumberOfMessagesVisible', logicalId(stack.reportMail.deadLetterQueue))).toEqual([
      expect.objectContaining({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' }),
    ]);
    expect(on('ApproximateAgeOfOldestMessage', logicalId(stack.reportMail.queue))).toEqual([expect.objectContaining({ Threshold: 7200, ComparisonOperator: 'GreaterThanThreshold' })]);
    expect(on('Errors', mailerId())).toHaveLength(1);
  });
});

describe('family deletion job', () => {
  const workerId = () => logicalId(stack.familyDeletion.worker.function);
  const statementsOf = (role: IConstruct) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => referencedIds(p.Properties.Roles).includes(logicalId(role)))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as Json).Statement as Json[]);
  const dynamoActions = (role: IConstruct, effect: 'Allow' | 'Deny') =>
    statementsOf(role)
      .filter((st) => st.Effect === effect)
      .flatMap((st) => [st.Action].flat() as string[])
      .filter((a) => a.startsWith('dynamodb:'));

  it('has a queue of its own, encrypted, TLS-only, with a dead-letter queue after a few receives', () => {
    const queue = resources[logicalId(stack.familyDeletion.queue)]!;
    const dlqId = logicalId(stack.familyDeletion.deadLetterQueue);
    expect(queue.Properties).toMatchObject({
      VisibilityTimeout: FAMILY_DELETION_SETTINGS.visibilityTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: FAMILY_DELETION_SETTINGS.maxReceiveCount },
    });
    expect(FAMILY_DELETION_SETTINGS.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * FAMILY_DELETION_SETTINGS.workerTimeoutSeconds);
    expect(resources[dlqId]!.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });

  it('feeds its worker through an SQS event source with partial batch responses, and sweeps hourly', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId() },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.familyDeletion.queue), 'Arn'] },
      BatchSize: FAMILY_DELETION_SETTINGS.workerBatchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: FAMILY_DELETION_SETTINGS.workerMaxConcurrency },
    });
    expect(resources[workerId()]!.Properties.Timeout).toBe(FAMILY_DELETION_SETTINGS.workerTimeoutSeconds);
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => (r.Properties.Targets as Json[]).some((t) => referencedIds(t.Arn).includes(logicalId(stack.familyDeletion.sweeper.function))));
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['cron(30 * * * ? *)']);
  });

  it('is queued by the family function, the worker (the rest of a long deletion) and the sweeper only', () => {
    expect(sendersTo(stack.familyDeletion.queue)).toEqual(
      [stack.httpFunctions.get('family')!.role, stack.familyDeletion.worker.role, stack.familyDeletion.sweeper.role].map((r) => logicalId(r)).sort(),
    );
    for (const fn of [stack.httpFunctions.get('family')!, stack.familyDeletion.worker, stack.familyDeletion.sweeper]) {
      const vars = (resources[logicalId(fn.function)]!.Properties.Environment as Json).Variables as Json;
      expect(referencedIds(vars.FAMILY_DELETION_QUEUE_URL), fn.node.path).toEqual([logicalId(stack.familyDeletion.queue)]);
    }
  });

  it('gives the worker and the sweeper only the table actions and partitions they use', () => {
    expect(new Set(dynamoActions(stack.familyDeletion.worker.role, 'Allow'))).toEqual(new Set(DELETION_TABLE_ACCESS.worker.actions));
    expect(new Set(dynamoActions(stack.familyDeletion.sweeper.role, 'Allow'))).toEqual(new Set(DELETION_TABLE_ACCESS.sweeper.actions));
    const deny = statementsOf(stack.familyDeletion.worker.role).filter((st) => st.Effect === 'Deny');
    expect(deny.map((st) => st.Condition)).toEqual([{ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${PROTECTED_PARTITIONS.throttles}*`] } }]);
  });

  it('alarms on dead letters, a backlog, and worker and sweeper errors', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const on = (metric: string, id: string) => alarms.filter((a) => a.MetricName === metric && referencedIds(a.Dimensions).includes(id));
    expect(on('ApproximateNumberOfMessagesVisible', logicalId(stack.familyDeletion.deadLetterQueue))).toHaveLength(1);
    expect(on('ApproximateAgeOfOldestMessage', logicalId(stack.familyDeletion.queue))).toHaveLength(1);
    expect(on('Errors', workerId())).toHaveLength(1);
    expect(on('Errors', logicalId(stack.familyDeletion.sweeper.function))).toHaveLength(1);
  });
});

describe('alarms', () => {
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const topicId = () => logicalId(stack.monitoring.topic);
  const alarmOn = (metricName: string, dimensionRef?: string) =>
    alarms().filter((a) => a.MetricName === metricName && (!dimensionRef || referencedIds(a.Dimensions).includes(dimensionRef)));

  it('notify one encrypted, TLS-only SNS topic on alarm and when OK again', () => {
    expect(alarms().length).toBeGreaterThan(0);
    for (const a of alarms()) {
      expect(referencedIds(a.AlarmActions), String(a.AlarmDescription)).toEqual([topicId()]);
      expect(referencedIds(a.OKActions)).toEqual([topicId()]);
      expect(a.TreatMissingData).toBe('notBreaching');
    }
    const topic = resources[topicId()]!;
    const [keyId] = referencedIds(topic.Properties.KmsMasterKeyId);
    expect(resources[keyId!]!.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(JSON.stringify(resources[keyId!]!.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    const policy = ofType('AWS::SNS::TopicPolicy').find(([, p]) => referencedIds(p.Properties.Topics).includes(topicId()));
    expect(JSON.stringify(policy?.[1].Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    // No alarmEmail context here: no subscriber (the SES events topic has its handler: decision 051).
    expect(ofType('AWS::SNS::Subscription').filter(([, s]) => referencedIds(s.Properties.TopicArn).includes(topicId()))).toEqual([]);
  });

  it('watch the Sunday job: the dead-letter queue, the oldest message, worker and dispatcher errors', () => {
    expect(alarmOn('ApproximateNumberOfMessagesVisible', logicalId(stack.weeklyJob.deadLetterQueue))).toEqual([
      expect.objectContaining({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', Statistic: 'Maximum' }),
    ]);
    expect(alarmOn('ApproximateAgeOfOldestMessage', logicalId(stack.weeklyJob.queue))).toEqual([
      expect.objectContaining({ Threshold: 1800, ComparisonOperator: 'GreaterThanThreshold' }),
    ]);
    for (const fn of [stack.weeklyJob.worker, stack.weeklyJob.dispatcher]) {
      expect(alarmOn('Errors', logicalId(fn.function)), fn.node.path).toEqual([expect.objectContaining({ Threshold: 1, Statistic: 'Sum' })]);
    }
  });

  it('watch every function for errors and throttles, the API for its 5xx rate and DynamoDB for throttling', () => {
    const fns = [...domainsWithRoutes.map((d) => stack.httpFunctions.get(d)!), ...jobFunctions()];
    for (const fn of fns) {
      expect(alarmOn('Errors', logicalId(fn.function)), fn.node.path).toHaveLength(1);
      expect(alarmOn('Throttles', logicalId(fn.function)), fn.node.path).toHaveLength(1);
    }
    const metricsOf = (a: Json) => ((a.Metrics ?? []) as Json[]).map((m) => (m.MetricStat as Json | undefined)?.Metric as Json | undefined).filter(Boolean) as Json[];
    const rate = alarms().find((a) => metricsOf(a).some((m) => m.MetricName === '5xx'));
    expect(rate).toBeDefined();
    expect(metricsOf(rate!).map((m) => m.MetricName).sort()).toEqual(['5xx', 'Count']);
    expect(referencedIds(metricsOf(rate!).flatMap((m) => m.Dimensions as Json[]))).toContain(logicalId(stack.api));
    // Throttle events (each throttled item, also in a partly throttled batch), not ThrottledRequests.
    expect(alarms().filter((a) => a.MetricName === 'ThrottledRequests' || metricsOf(a).some((m) => m.MetricName === 'ThrottledRequests'))).toEqual([]);
    const tableId = logicalId(stack.table);
    const watched = (metricName: string) =>
      alarms()
        .filter((a) => metricsOf(a).some((m) => m.MetricName === metricName))
        .flatMap((a) => metricsOf(a).filter((m) => m.MetricName === metricName))
        .map((m) => {
          const dims = m.Dimensions as Json[];
          expect(referencedIds(dims.find((d) => d.Name === 'TableName')?.Value)).toEqual([tableId]);
          return (dims.find((d) => d.Name === 'GlobalSecondaryIndexName')?.Value as string | undefined) ?? 'table';
        })
        .sort();
    const everywhere = ['table', ...TABLE_DEFINITION.globalSecondaryIndexes.map((g) => g.indexName)].sort();
    for (const metricName of ['WriteThrottleEvents', 'ReadThrottleEvents', 'WriteKeyRangeThroughputThrottleEvents', 'ReadKeyRangeThroughputThrottleEvents', 'WriteAccountLimitThrottleEvents', 'ReadAccountLimitThrottleEvents']) {
      expect(watched(metricName), metricName).toEqual(everywhere);
    }
    for (const a of alarms().filter((x) => metricsOf(x).some((m) => String(m.MetricName).endsWith('ThrottleEvents')))) {
      expect(a).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      // Missing data points (no throttling) count as 0, and every metric is summed.
      const expression = ((a.Metrics as Json[]).find((m) => m.Expression)!.Expression as string);
      expect(expression.match(/FILL\(/g)).toHaveLength(metricsOf(a).length);
      expect(metricsOf(a).length).toBeLessThanOrEqual(10);
    }
  });

  it('watch the Sunday dispatcher\'s time against half its timeout', () => {
    const dispatch = alarms().filter((a) => a.MetricName === 'DispatchTime');
    expect(dispatch).toEqual([
      expect.objectContaining({
        Namespace: 'ChoreQuest',
        Statistic: 'Maximum',
        Threshold: 0.5 * WEEKLY_JOB_SETTINGS.dispatcherTimeoutSeconds * 1000,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Dimensions: [{ Name: 'service', Value: 'chorequest' }],
      }),
    ]);
  });

  it('take the e-mail subscriber, the job settings and the table warm-up from context values', () => {
    // A second app, without bundling (the assertions are about configuration only).
    const context = {
      ...MAIL_CONTEXT,
      alarmEmail: 'oncall@example.com',
      workerMaxConcurrency: '50',
      dispatcherTimeoutSeconds: '600',
      tableWarmWriteUnitsPerSecond: 35000,
      tableWarmReadUnitsPerSecond: '24000',
      apiThrottleRate: '9000',
      apiThrottleBurst: 4000,
      'aws:cdk:bundling-stacks': [],
    };
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'chorequest-cdk-out-')), context });
    const other = Template.fromStack(new ChoreQuestStack(app, 'Configured', { siteDir: tempDirs[0] }));
    expect(Object.keys(other.findResources('AWS::SNS::Subscription', { Properties: { Protocol: 'email' } }))).toHaveLength(1);
    other.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
    other.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 50 } });
    const [, t] = Object.entries(other.findResources('AWS::DynamoDB::Table'))[0]!;
    expect(t.Properties.WarmThroughput).toEqual({ WriteUnitsPerSecond: 35000, ReadUnitsPerSecond: 24000 });
    const gsis = t.Properties.GlobalSecondaryIndexes as Json[];
    expect(gsis.find((g) => g.IndexName === 'GSI1')!.WarmThroughput).toEqual({ WriteUnitsPerSecond: 35000, ReadUnitsPerSecond: 24000 });
    expect(gsis.find((g) => g.IndexName === 'GSI2')!.WarmThroughput).toBeUndefined();
    other.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: '$default', DefaultRouteSettings: { ThrottlingRateLimit: 9000, ThrottlingBurstLimit: 4000 } });
    other.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'DispatchTime', Threshold: 300_000 });
    // Without the context value, no warm-up is configured.
    expect(ofType('AWS::DynamoDB::Table')[0]![1].Properties.WarmThroughput).toBeUndefined();
  });

  it('refuses a context value that is not a positive whole number', () => {
    const app = new App({ context: { ...MAIL_CONTEXT, workerMaxConcurrency: 'lots', 'aws:cdk:bundling-stacks': [] } });
    expect(() => new ChoreQuestStack(app, 'Bad', { siteDir: tempDirs[0] })).toThrow(/workerMaxConcurrency must be a positive whole number/);
  });
});
