/**
 * The CDK stack against its sources of truth: the route table, the table definition, and the
 * security settings we promised (ARCHITECTURE.md). Synthesized once, in this process (the
 * assertions need the construct objects for logical ids), without bundling the functions: every
 * assertion here is about the template, the construct tree and the staged site files, none about a
 * bundle's contents, and CDK stages the site assets and writes the same template either way (only
 * the functions' asset hashes differ). The bundles themselves are built and run by
 * deployed-bundles.test.ts, from the real `cdk synth` a deploy runs.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, TABLE_DEFINITION } from '../../functions/data/table-definition';
import { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } from '../../functions/lib/edge-header-names';
import { AppFunction } from '../../infra/stacks/app-function';
import { LAMBDA_ENTRIES } from '../../infra/stacks/lambda-entries';
import { sesMax24HourSend } from '../../infra/stacks/ses-events';
import { REPO_ROOT } from '../../infra/stacks/paths';
import { API_ORIGIN_HEADERS, API_THROTTLE, AUTH_ROUTE_THROTTLE, AUTH_THROTTLED_ROUTES, ChoreQuestStack } from '../../infra/stacks/chorequest-stack';
import { DELETION_TABLE_ACCESS, HTTP_TABLE_ACCESS, PROTECTED_PARTITIONS, TABLE_DATA_ACTIONS, type ProtectedPartition } from '../../infra/stacks/table-access';
import { FAMILY_DELETION_SETTINGS } from '../../functions/jobs/family-deletion/settings';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, SECURITY_HEADERS } from '../../infra/security-headers';
import { edgeHandler, FORWARD_HOST_CODE, SPA_REWRITE_CODE } from '../../infra/stacks/edge-functions';
import { HASHED_ASSET_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../../infra/stacks/site-caching';
import { DOMAINS, ROUTES, routeKey, type Domain } from '../../shared/routes';
import { WEEKLY_JOB_SETTINGS } from '../../functions/jobs/weekly/settings';
import { REPORT_MAIL_SETTINGS } from '../../functions/jobs/report-mail/settings';
import { JOB_TABLE_ACCESS } from '../../infra/stacks/table-access';

type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  Properties: Json;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** Managed CachingOptimized: honours the origin's Cache-Control (1 s to 1 year), gzip and brotli in the cache key. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];
const domainsWithRoutes = DOMAINS.filter((d) => ROUTES.some((r) => r.domain === d));

let stack: ChoreQuestStack;
let template: Template;
let annotations: Annotations;
let resources: Record<string, Resource>;
let cdkOut: string;
const tempDirs: string[] = [];

/** Every logical id a CloudFormation value points at through Ref or Fn::GetAtt. */
function referencedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (value && typeof value === 'object') {
    const obj = value as Json;
    if (typeof obj.Ref === 'string') return [obj.Ref];
    const getAtt = obj['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return [getAtt[0]];
    return Object.values(obj).flatMap(referencedIds);
  }
  return [];
}

const ofType = (type: string): [string, Resource][] => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The roles allowed sqs:SendMessage on a queue. */
const sendersTo = (queue: IConstruct): string[] =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) =>
      ((p.Properties.PolicyDocument as Json).Statement as Json[]).some(
        (st) => ([st.Action].flat() as string[]).includes('sqs:SendMessage') && referencedIds(st.Resource).includes(logicalId(queue)),
      ),
    )
    .flatMap(([, p]) => referencedIds(p.Properties.Roles))
    .sort();
/** The logical id of an L2 construct's CloudFormation resource. */
const logicalId = (construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const logicalIdOf = (fnDomain: Domain): string =>
  logicalId(stack.httpFunctions.get(fnDomain)!.function);
const jobFunctions = () => [stack.weeklyJob.dispatcher, stack.weeklyJob.worker, stack.familyDeletion.worker, stack.familyDeletion.sweeper, stack.reportMail.mailer];
const jobLogicalIds = (): string[] => jobFunctions().map((fn) => logicalId(fn.function));
/** Every function that sends e-mail needs a sender: an example one here (decision 030). */
const MAIL_CONTEXT = { mailFrom: 'hello@chorequest.example' } as const;
/** Bundling skipped for every stack (the header says why); the site assets are still staged. */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] as string[] };

beforeAll(() => {
  // Prepare: a fake web build, so the test does not depend on frontend/dist being built.
  const site = mkdtempSync(join(tmpdir(), 'chorequest-site-'));
  const outdir = mkdtempSync(join(tmpdir(), 'chorequest-cdk-out-'));
  tempDirs.push(site, outdir);
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(join(site, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's precompressed copies, which only the local server uses.
  writeFileSync(join(site, 'assets', 'app-abc123.js.br'), 'br');
  writeFileSync(join(site, 'index.html.gz'), 'gz');
  cdkOut = outdir;

  const app = new App({ outdir, context: { ...MAIL_CONTEXT, ...NO_BUNDLING } });
  stack = new ChoreQuestStack(app, 'ChoreQuest', { siteDir: site });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));

  // Act: Annotations forces a synth; Template then reuses that assembly (one synth).
  annotations = Annotations.fromStack(stack);
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
});

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('API routes come from shared/routes.ts', () => {
  it('creates exactly one HttpApi route per route-table row', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
  });

  it('uses the route table keys verbatim', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(new Set(keys)).toEqual(new Set(ROUTES.map(routeKey)));
    expect(keys).toHaveLength(new Set(keys).size);
  });

  it('sends each route to the Lambda function of its domain', () => {
    const lambdaIds = new Set(ofType('AWS::Lambda::Function').map(([id]) => id));
    const byKey = new Map(ROUTES.map((r) => [routeKey(r), r.domain]));
    for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
      const integrationIds = referencedIds(route.Properties.Target);
      expect(integrationIds).toHaveLength(1);
      const integration = resources[integrationIds[0]!]!;
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      const targets = referencedIds(integration.Properties.IntegrationUri).filter((id) => lambdaIds.has(id));
      const domain = byKey.get(route.Properties.RouteKey as ReturnType<typeof routeKey>)!;
      expect(targets, `${String(route.Properties.RouteKey)}`).toEqual([logicalIdOf(domain)]);
    }
  });

  it('has one function per domain that has routes, each invokable by this API only', () => {
    expect([...stack.httpFunctions.keys()].sort()).toEqual([...domainsWithRoutes].sort());
    const apiId = logicalId(stack.api);
    for (const domain of domainsWithRoutes) {
      const permissions = ofType('AWS::Lambda::Permission').filter(([, p]) =>
        referencedIds(p.Properties.FunctionName).includes(logicalIdOf(domain)),
      );
      expect(permissions.length, domain).toBeGreaterThan(0);
      for (const [, p] of permissions) {
        expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
        expect(referencedIds(p.Properties.SourceArn)).toContain(apiId);
      }
    }
  });

  it('throttles the default stage and writes access logs to a log group with retention', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const [logGroupId] = referencedIds((stage.Properties.AccessLogSettings as Json).DestinationArn);
    expect(resources[logGroupId!]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
  });
});

describe('API Gateway throttling', () => {
  it('is stricter on sign-up and sign-in than on the rest of the API', () => {
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const settings = stage.Properties.RouteSettings as Record<string, Json>;
    expect(Object.keys(settings).sort()).toEqual([...AUTH_THROTTLED_ROUTES].sort());
    for (const key of AUTH_THROTTLED_ROUTES) {
      expect(settings[key]).toEqual({ ThrottlingRateLimit: AUTH_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: AUTH_ROUTE_THROTTLE.burstLimit });
    }
    expect(AUTH_ROUTE_THROTTLE.rateLimit).toBeLessThan(API_THROTTLE.rateLimit);
    expect(AUTH_ROUTE_THROTTLE.burstLimit).toBeLessThan(API_THROTTLE.burstLimit);
  });

  it('defaults the stage to a million families, within the account quota (10,000 requests/s, burst 5,000)', () => {
    // docs/capacity.md: ~7,000 requests/s at a million families' evening peak.
    expect(API_THROTTLE).toEqual({ rateLimit: 8000, burstLimit: 5000 });
    expect(API_THROTTLE.rateLimit).toBeGreaterThanOrEqual(7000);
    expect(API_THROTTLE.rateLimit).toBeLessThanOrEqual(10_000);
    expect(API_THROTTLE.burstLimit).toBeLessThanOrEqual(5000);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: '$default', DefaultRouteSettings: { ThrottlingRateLimit: 8000, ThrottlingBurstLimit: 5000 } });
  });
});

describe('DynamoDB table matches functions/data/table-definition.ts', () => {
  const table = () => ofType('AWS::DynamoDB::Table')[0]![1];

  it('has the same keys and indexes as the local table', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const expected = createTableInput('unused');
    const props = table().Properties;
    expect(props.KeySchema).toEqual(expected.KeySchema);
    expect(props.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
    expect(new Set(props.AttributeDefinitions as unknown[])).toEqual(new Set(expected.AttributeDefinitions));
    expect((props.GlobalSecondaryIndexes as Json[]).map((g) => g.IndexName)).toEqual(
      TABLE_DEFINITION.globalSecondaryIndexes.map((g) => g.indexName),
    );
  });

  it('is on-demand, encrypted, point-in-time recoverable, protected from deletion and retained', () => {
    expect(table().Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
    });
    expect(table().DeletionPolicy).toBe('Retain');
    expect(table().UpdateReplacePolicy).toBe('Retain');
  });

  it('grants item-level data actions only (never Scan or table management)', () => {
    const actions = ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      ((p.Properties.PolicyDocument as Json).Statement as Json[]).flatMap((s) => [s.Action].flat() as string[]),
    );
    const dynamo = actions.filter((a) => a.startsWith('dynamodb:'));
    expect(dynamo.length).toBeGreaterThan(0);
    expect(dynamo).not.toContain('dynamodb:Scan');
    expect(dynamo.filter((a) => a.includes('*') || /Table$|Tables$/.test(a))).toEqual([]);
  });
});

describe('Lambda functions', () => {
  it('are exactly those of infra/stacks/lambda-entries.ts, the list npm run build:functions bundles', () => {
    const deployed = stack.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
    expect(deployed.map((f) => f.entry).sort()).toEqual(Object.values(LAMBDA_ENTRIES).sort());
    for (const f of deployed) expect(existsSync(join(REPO_ROOT, f.entry)), f.entry).toBe(true);
    // No Node.js 22 function of ours outside them (CDK's own custom resources run other runtimes).
    const ours = ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Runtime === 'nodejs22.x');
    expect(ours).toHaveLength(Object.keys(LAMBDA_ENTRIES).length);
  });

  it('run Node.js 22 on arm64 with the ESM bundle and JSON logs', () => {
    for (const id of [...domainsWithRoutes.map(logicalIdOf), ...jobLogicalIds()]) {
      expect(resources[id]!.Properties, id).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        LoggingConfig: { LogFormat: 'JSON' },
      });
    }
    for (const domain of domainsWithRoutes) expect(resources[logicalIdOf(domain)]!.Properties.Timeout).toBe(10);
  });

  it('get the environment the handlers read', () => {
    const tableId = logicalId(stack.table);
    for (const domain of domainsWithRoutes) {
      const vars = ((resources[logicalIdOf(domain)]!.Properties.Environment as Json).Variables as Json);
      expect(vars).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'chorequest',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
      });
      expect(referencedIds(vars.TABLE_NAME)).toEqual([tableId]);
      expect(referencedIds(vars.SESSION_SECRET_ARN)).toHaveLength(1);
      expect(vars.SECURE_COOKIES).toBeUndefined();
    }
    for (const id of jobLogicalIds()) {
      const jobVars = (resources[id]!.Properties.Environment as Json).Variables as Json;
      expect(referencedIds(jobVars.TABLE_NAME)).toEqual([tableId]);
      expect(jobVars.SESSION_SECRET_ARN).toBeUndefined();
    }
    const dispatcherVars = (resources[logicalId(stack.weeklyJob.dispatcher.function)]!.Properties.Environment as Json).Variables as Json;
    expect(referencedIds(dispatcherVars.WEEKLY_QUEUE_URL)).toEqual([logicalId(stack.weeklyJob.queue)]);
  });

  it('every Lambda function logs to its own log group with a retention period', () => {
    const functions = ofType('AWS::Lambda::Function');
    const logGroups = functions.map(([id, fn]) => {
      const [logGroupId] = referencedIds((fn.Properties.LoggingConfig as Json | undefined)?.LogGroup);
      expect(logGroupId, id).toBeDefined();
      const logGroup = resources[logGroupId!]!;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties.RetentionInDays, id).toBe(30);
      return logGroupId;
    });
    // Our functions each own one; only the BucketDeployment handler may share its own.
    const ours = [...domainsWithRoutes.map(logicalIdOf), ...jobLogicalIds()];
    const oursLogGroups = functions.filter(([id]) => ours.includes(id)).map(([, fn]) => referencedIds((fn.Properties.LoggingConfig as Json).LogGroup)[0]);
    expect(new Set(oursLogGroups).size).toBe(ours.length);
    expect(logGroups.length).toBe(functions.length);
  });

  it.each([
    ['SessionSecret', 64, 'SESSION_SECRET_ARN'],
    ['OriginSecret', 48, 'ORIGIN_SECRET_ARN'],
  ])('the %s is a generated %i-character secret readable by the HTTP functions only', (id, length, variable) => {
    const secretId = logicalId(stack.node.findChild(id));
    expect(resources[secretId]!.Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: length });
    const readers = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue'))
      .filter(([, p]) => referencedIds(p.Properties.PolicyDocument).includes(secretId))
      .flatMap(([, p]) => referencedIds(p.Properties.Roles));
    const httpRoles = domainsWithRoutes.map((d) => logicalId(stack.httpFunctions.get(d)!.role));
    expect(new Set(readers)).toEqual(new Set(httpRoles));
    for (const domain of domainsWithRoutes) {
      const vars = (resources[logicalIdOf(domain)]!.Properties.Environment as Json).Variables as Json;
      expect(referencedIds(vars[variable]), domain).toEqual([secretId]);
    }
  });

  it('the LinkSecret (unsubscribe links) is readable only by the report mailer, which signs, and the account function, which checks', () => {
    const secretId = logicalId(stack.linkSecret);
    expect(resources[secretId]!.Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: 64 });
    const readers = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue'))
      .filter(([, p]) => referencedIds(p.Properties.PolicyDocument).includes(secretId))
      .flatMap(([, p]) => referencedIds(p.Properties.Roles));
    expect(new Set(readers)).toEqual(new Set([logicalId(stack.reportMail.mailer.role), logicalId(stack.httpFunctions.get('account')!.role)]));
    for (const fn of [stack.reportMail.mailer, stack.httpFunctions.get('account')!]) {
      expect(referencedIds(((resources[logicalId(fn.function)]!.Properties.Environment as Json).Variables as Json).LINK_SECRET_ARN)).toEqual([secretId]);
    }
  });
});

describe('least privilege on the table', () => {
  /** A role's statements about DynamoDB. */
  const dynamoStatements = (roleId: string): Json[] =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => referencedIds(p.Properties.Roles).includes(roleId))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as Json).Statement as Json[])
      .filter((st) => ([st.Action].flat() as string[]).some((a) => a.startsWith('dynamodb:')));
  const roleOf = (domain: Domain) => logicalId(stack.httpFunctions.get(domain)!.role);

  it.each(domainsWithRoutes)('%s gets exactly the actions its routes use', (domain) => {
    const allowed = dynamoStatements(roleOf(domain))
      .filter((st) => st.Effect === 'Allow')
      .flatMap((st) => [st.Action].flat() as string[]);
    expect(new Set(allowed)).toEqual(new Set(HTTP_TABLE_ACCESS[domain].actions));
  });

  it.each(domainsWithRoutes)('%s is denied every credential and counter partition it does not use', (domain) => {
    const deny = dynamoStatements(roleOf(domain)).filter((st) => st.Effect === 'Deny');
    const allowed = new Set<ProtectedPartition>(HTTP_TABLE_ACCESS[domain].protectedPartitions);
    const denied = (Object.keys(PROTECTED_PARTITIONS) as ProtectedPartition[]).filter((p) => !allowed.has(p)).map((p) => `${PROTECTED_PARTITIONS[p]}*`);
    if (denied.length === 0) {
      expect(deny).toEqual([]);
      return;
    }
    expect(deny).toHaveLength(1);
    expect(new Set([deny[0]!.Action].flat())).toEqual(new Set(TABLE_DATA_ACTIONS));
    expect(deny[0]!.Condition).toEqual({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': denied } });
  });

  it('lets the reports and dashboard functions only read, and only auth touch parent logins', () => {
    expect(HTTP_TABLE_ACCESS.reports.actions).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(HTTP_TABLE_ACCESS.dashboard.actions).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(domainsWithRoutes.filter((d) => HTTP_TABLE_ACCESS[d].protectedPartitions.includes('parentLogins')).sort()).toEqual(['account', 'auth', 'family']);
    expect(HTTP_TABLE_ACCESS.export.actions).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(domainsWithRoutes.filter((d) => HTTP_TABLE_ACCESS[d].protectedPartitions.includes('childLogins')).sort()).toEqual(['auth', 'children']);
    for (const d of domainsWithRoutes) expect(HTTP_TABLE_ACCESS[d].actions, d).not.toContain('dynamodb:BatchGetItem');
  });
});

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

describe('CloudFront and the site bucket', () => {
  const config = () => ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Json;

  it('routes /api/* to the HTTP API uncached, with every method, the headers it reads and the viewer address (never Host)', () => {
    const behaviors = config().CacheBehaviors as Json[];
    const api = behaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({ CachePolicyId: CACHING_DISABLED, ViewerProtocolPolicy: 'redirect-to-https' });
    const [policyId] = referencedIds(api!.OriginRequestPolicyId);
    const policy = (resources[policyId!]!.Properties.OriginRequestPolicyConfig as Json);
    expect(policy).toMatchObject({ CookiesConfig: { CookieBehavior: 'all' }, QueryStringsConfig: { QueryStringBehavior: 'all' } });
    const headers = policy.HeadersConfig as { HeaderBehavior: string; Headers: string[] };
    expect(headers.HeaderBehavior).toBe('whitelist');
    expect(new Set(headers.Headers)).toEqual(new Set(API_ORIGIN_HEADERS));
    expect(headers.Headers.map((h) => h.toLowerCase())).toContain(CLIENT_ADDRESS_HEADER);
    expect(headers.Headers.map((h) => h.toLowerCase())).not.toContain('host');
    expect([...(api!.AllowedMethods as string[])].sort()).toEqual(ALL_METHODS);
    const origin = (config().Origins as Json[]).find((o) => o.Id === api!.TargetOriginId)!;
    const apiLogicalId = logicalId(stack.api);
    expect(origin.DomainName).toEqual({ 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [apiLogicalId, 'ApiEndpoint'] }] }] });
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    // The origin secret reaches the API as a custom header, resolved from Secrets Manager at deploy time.
    const custom = origin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(custom.map((h) => h.HeaderName)).toEqual([ORIGIN_SECRET_HEADER]);
    expect(JSON.stringify(custom[0]!.HeaderValue)).toMatch(/resolve:secretsmanager/);
    expect(referencedIds(custom[0]!.HeaderValue)).toEqual([logicalId(stack.originSecret)]);
  });

  it('serves the site from a private bucket through origin access control, HTTPS only', () => {
    const def = config().DefaultCacheBehavior as Json;
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config().DefaultRootObject).toBe('index.html');
    const origin = (config().Origins as Json[]).find((o) => o.Id === def.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
  });

  it('keeps API errors as JSON: no custom error responses, the SPA fallback is a CloudFront Function', () => {
    expect(config().CustomErrorResponses).toBeUndefined();
    const def = config().DefaultCacheBehavior as Json;
    const [fnId] = referencedIds(def.FunctionAssociations);
    expect(resources[fnId!]!.Properties.FunctionCode).toBe(SPA_REWRITE_CODE);
    const api = (config().CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*')!;
    const [apiFnId] = referencedIds(api.FunctionAssociations);
    expect(resources[apiFnId!]!.Properties.FunctionCode).toBe(FORWARD_HOST_CODE);
  });

  it('sends the one set of security headers (infra/security-headers.ts) on pages and API answers', () => {
    const def = config().DefaultCacheBehavior as Json;
    const api = (config().CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*')!;
    const [policyId] = referencedIds(def.ResponseHeadersPolicyId);
    expect(referencedIds(api.ResponseHeadersPolicyId)).toEqual([policyId]);
    const policy = resources[policyId!]!;
    expect(policy.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
    const cfg = policy.Properties.ResponseHeadersPolicyConfig as Json;
    const sec = cfg.SecurityHeadersConfig as Record<string, Json>;
    expect(sec).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true, Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    const custom = (cfg.CustomHeadersConfig as { Items: { Header: string; Value: string; Override: boolean }[] }).Items;
    expect(custom).toEqual([{ Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true }]);
    // Each CloudFront setting is the shared definition, header by header.
    const sent: Record<string, string> = {
      'content-security-policy': sec.ContentSecurityPolicy!.ContentSecurityPolicy as string,
      'permissions-policy': custom[0]!.Value,
      'x-content-type-options': 'nosniff',
      'x-frame-options': String(sec.FrameOptions!.FrameOption),
      'referrer-policy': String(sec.ReferrerPolicy!.ReferrerPolicy),
      'strict-transport-security': `max-age=${String(sec.StrictTransportSecurity!.AccessControlMaxAgeSec)}; includeSubDomains; preload`,
    };
    expect(sent).toEqual(SECURITY_HEADERS);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "script-src 'self'"]) expect(CONTENT_SECURITY_POLICY).toContain(directive);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(PERMISSIONS_POLICY).toContain(feature);
  });

  it('blocks all public access and plain-HTTP requests on every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThan(0);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      const policies = ofType('AWS::S3::BucketPolicy').filter(([, p]) => referencedIds(p.Properties.Bucket).includes(id));
      expect(JSON.stringify(policies.map(([, p]) => p.Properties.PolicyDocument)), id).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('uploads the web build and invalidates the distribution', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    expect(deployments.length).toBeGreaterThan(0);
    const distId = logicalId(stack.distribution);
    expect(deployments.some(([, d]) => referencedIds(d.Properties.DistributionId).includes(distId))).toBe(true);
  });

  it('compresses (gzip and brotli) on every behaviour and caches the site by the files\' own Cache-Control', () => {
    const def = config().DefaultCacheBehavior as Json;
    const api = (config().CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*')!;
    expect(def).toMatchObject({ Compress: true, CachePolicyId: CACHING_OPTIMIZED });
    expect(api).toMatchObject({ Compress: true, CachePolicyId: CACHING_DISABLED });
  });

  it('uploads hashed assets as immutable for a year and everything else revalidated, without the precompressed copies', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    const hashed = deployments.find((d) => JSON.stringify(d.Include ?? []) === JSON.stringify(['assets/*']));
    const pages = deployments.find((d) => JSON.stringify(d.Exclude ?? []) === JSON.stringify(['assets/*']));
    expect(hashed).toMatchObject({ SystemMetadata: { 'cache-control': HASHED_ASSET_CACHE_CONTROL }, Prune: false });
    expect(pages).toMatchObject({ SystemMetadata: { 'cache-control': REVALIDATE_CACHE_CONTROL } });
    expect(pages!.Prune).not.toBe(false);
    // The staged site assets (the folders holding our index.html) carry no .br or .gz file.
    const staged = readdirSync(cdkOut).filter((d) => d.startsWith('asset.') && existsSync(join(cdkOut, d, 'index.html')));
    expect(staged.length).toBeGreaterThan(0);
    for (const dir of staged) {
      const files = readdirSync(join(cdkOut, dir), { recursive: true }).map(String);
      expect(files.filter((f) => f.endsWith('.br') || f.endsWith('.gz')), dir).toEqual([]);
      expect(files).toEqual(expect.arrayContaining(['index.html']));
    }
  });

  it('outputs the app URL, the API URL and the table name', () => {
    const outputs = template.toJSON().Outputs as Record<string, Json>;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['AppUrl', 'ApiUrl', 'TableName']));
  });
});

describe('edge functions', () => {
  const spa = edgeHandler<Json, { uri: string }>(SPA_REWRITE_CODE);
  const rewrite = (uri: string, cookies: Record<string, { value: string }> = {}) => spa({ request: { uri, headers: {}, cookies } }).uri;

  it('serves the prerendered landing page for / to visitors who are not signed in', () => {
    expect(rewrite('/')).toBe('/index.html');
  });

  it('serves each sign-in page its own prerendered document, signed in or not', () => {
    expect(rewrite('/parent-login')).toBe('/parent-login.html');
    expect(rewrite('/parent-signup')).toBe('/parent-signup.html');
    expect(rewrite('/child-login')).toBe('/child-login.html');
    expect(rewrite('/child-login', { '__Host-cq_role': { value: 'child' } })).toBe('/child-login.html');
    // Only the exact paths: anything else is a client route of the shell.
    expect(rewrite('/parent-login/')).toBe('/app.html');
    expect(rewrite('/x/parent-login')).toBe('/app.html');
  });

  it('serves the app shell for every other client route, and for / to a signed-in user', () => {
    expect(rewrite('/forgot-password')).toBe('/app.html');
    expect(rewrite('/children')).toBe('/app.html');
    expect(rewrite('/child/')).toBe('/app.html');
    expect(rewrite('/', { '__Host-cq_role': { value: 'parent' } })).toBe('/app.html');
    expect(rewrite('/', { cq_role: { value: 'child' } })).toBe('/app.html');
  });

  it('leaves real files alone so a missing asset is not answered with HTML', () => {
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('passes the viewer host on to the API, overwriting a client-sent x-forwarded-host', () => {
    const forward = edgeHandler<Json, Json>(FORWARD_HOST_CODE);
    const out = forward({
      request: { uri: '/api/chores', headers: { host: { value: 'd1.cloudfront.net' }, 'x-forwarded-host': { value: 'evil.example' } } },
    }) as { headers: Record<string, { value: string }> };
    expect(out.headers['x-forwarded-host']).toEqual({ value: 'd1.cloudfront.net' });
  });
});

describe('bounces and complaints (decision 051)', () => {
  const ses = () => stack.sesEvents!;

  it('a configuration set with reputation metrics and the suppression list for bounces and complaints', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  it('publishes bounces and complaints, nothing else, to an encrypted TLS-only topic that SES of this configuration set may publish to', () => {
    const [[, destination]] = ofType('AWS::SES::ConfigurationSetEventDestination') as [[string, Resource]];
    const topicId = logicalId(ses().topic);
    expect(referencedIds(destination.Properties.ConfigurationSetName)).toEqual([logicalId(ses().configurationSet)]);
    expect(destination.Properties.EventDestination).toMatchObject({ Enabled: true, MatchingEventTypes: ['bounce', 'complaint'] });
    expect(referencedIds(((destination.Properties.EventDestination as Json).SnsDestination as Json).TopicARN)).toEqual([topicId]);
    const topic = resources[topicId]!;
    const [keyId] = referencedIds(topic.Properties.KmsMasterKeyId);
    expect(resources[keyId!]!.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(JSON.stringify(resources[keyId!]!.Properties.KeyPolicy)).toContain('ses.amazonaws.com');
    const policy = JSON.stringify(ofType('AWS::SNS::TopicPolicy').find(([, p]) => referencedIds(p.Properties.Topics).includes(topicId))?.[1].Properties.PolicyDocument);
    expect(policy).toContain('"aws:SecureTransport":"false"');
    expect(policy).toContain('ses.amazonaws.com');
    expect(policy).toContain('configuration-set/');
  });

  it('invokes the handler from the topic, with a failure queue for what fails after retries and what SNS cannot deliver', () => {
    const handlerId = logicalId(ses().handler.function);
    const queueId = logicalId(ses().failureQueue);
    expect(LAMBDA_ENTRIES['ses-events']).toBe('functions/jobs/ses-events/handler.ts');
    const [[, sub]] = ofType('AWS::SNS::Subscription').filter(([, s]) => referencedIds(s.Properties.TopicArn).includes(logicalId(ses().topic))) as [[string, Resource]];
    expect(sub.Properties.Protocol).toBe('lambda');
    expect(referencedIds(sub.Properties.Endpoint)).toEqual([handlerId]);
    expect(referencedIds(sub.Properties.RedrivePolicy)).toEqual([queueId]);
    const [[, invokeConfig]] = ofType('AWS::Lambda::EventInvokeConfig').filter(([, c]) => referencedIds(c.Properties.FunctionName).includes(handlerId)) as [[string, Resource]];
    expect(invokeConfig.Properties.MaximumRetryAttempts).toBe(2);
    expect(referencedIds((invokeConfig.Properties.DestinationConfig as Json).OnFailure)).toEqual([queueId]);
    expect(resources[queueId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    expect(alarmOn('ApproximateNumberOfMessagesVisible', queueId)).toHaveLength(1);
  });

  it('lets the handler read login records and update items, nothing more', () => {
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) => referencedIds(p.Properties.Roles).includes(logicalId(ses().handler.role)));
    const statements = policies.flatMap(([, p]) => (p.Properties.PolicyDocument as Json).Statement as Json[]);
    const text = JSON.stringify(statements.filter((st) => st.Effect === 'Allow'));
    expect(text).toContain('dynamodb:GetItem');
    expect(text).toContain('dynamodb:UpdateItem');
    expect(text).not.toContain('dynamodb:Query');
    expect(text).not.toContain('ses:SendEmail');
    expect(JSON.stringify(statements.filter((st) => st.Effect === 'Deny'))).toContain('CHILDLOGIN#*');
  });

  it('names the configuration set in every function that sends, and lets them send through it', () => {
    const env = (f: Resource) => ((f.Properties.Environment as Json | undefined)?.Variables ?? {}) as Json;
    const senders = ofType('AWS::Lambda::Function').filter(([, f]) => env(f).MAIL_FROM);
    expect(senders.length).toBeGreaterThanOrEqual(4);
    const setId = logicalId(ses().configurationSet);
    for (const [id, f] of senders) {
      expect(referencedIds(env(f).SES_CONFIGURATION_SET), id).toEqual([setId]);
      const role = referencedIds(f.Properties.Role)[0]!;
      const grants = ofType('AWS::IAM::Policy').filter(([, p]) => referencedIds(p.Properties.Roles).includes(role));
      const send = JSON.stringify(grants.map(([, p]) => ((p.Properties.PolicyDocument as Json).Statement as Json[]).filter((st) => JSON.stringify(st.Action) === '"ses:SendEmail"')));
      expect(send, id).toContain(':configuration-set/');
    }
  });

  it('lets only the account function take an address off the suppression list (a bounced parent asking for a new link)', () => {
    const unsuppress = ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:DeleteSuppressedDestination'));
    expect(unsuppress.map(([, p]) => referencedIds(p.Properties.Roles)).flat()).toEqual([logicalId(stack.httpFunctions.get('account')!.role)]);
  });

  const sesAlarm = (metricName: string) => alarms().filter((a) => a.Namespace === 'AWS/SES' && a.MetricName === metricName);
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const alarmOn = (metricName: string, ref: string) => alarms().filter((a) => a.MetricName === metricName && referencedIds(a.Dimensions).includes(ref));

  it('alarms on SES reputation: bounce rate at 5%, complaint rate at 0.1% (the account-wide metrics)', () => {
    expect(sesAlarm('Reputation.BounceRate')).toEqual([expect.objectContaining({ Threshold: 0.05, ComparisonOperator: 'GreaterThanOrEqualToThreshold', Statistic: 'Maximum' })]);
    expect(sesAlarm('Reputation.ComplaintRate')).toEqual([expect.objectContaining({ Threshold: 0.001, ComparisonOperator: 'GreaterThanOrEqualToThreshold' })]);
    for (const a of [...sesAlarm('Reputation.BounceRate'), ...sesAlarm('Reputation.ComplaintRate')]) expect(a.Dimensions).toBeUndefined();
  });

  it('alarms when a day of sends passes 80% of the sending quota (sesMax24HourSend, default 50,000)', () => {
    expect(sesAlarm('Send')).toEqual([expect.objectContaining({ Threshold: 40_000, Statistic: 'Sum', Period: 86_400, EvaluationPeriods: 1 })]);
    expect(sesMax24HourSend(new App({ context: { sesMax24HourSend: '200000' } }))).toBe(200_000);
    expect(() => sesMax24HourSend(new App({ context: { sesMax24HourSend: 'lots' } }))).toThrow(/sesMax24HourSend/);
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unsuppressed errors', () => {
    const errors = annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(errors.map((e) => `${e.id}: ${String(e.entry.data)}`)).toEqual([]);
  });

  it('reports no unsuppressed warnings', () => {
    const warnings = annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(warnings.map((w) => `${w.id}: ${String(w.entry.data)}`)).toEqual([]);
  });
});
