/**
 * The stack's API (routes from shared/routes.ts, throttling), its table (as functions/data/table-definition.ts
 * defines it), its Lambda functions and least privilege on the table.
 * Checks of stack.test.ts, on its one synth (support/stack-synth.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createTableInput, TABLE_DEFINITION } from '../../../functions/data/table-definition';
import { AppFunction } from '../../../infra/stacks/app-function';
import { LAMBDA_ENTRIES } from '../../../infra/stacks/lambda-entries';
import { REPO_ROOT } from '../../../infra/stacks/paths';
import { API_THROTTLE, AUTH_ROUTE_THROTTLE, AUTH_THROTTLED_ROUTES } from '../../../infra/stacks/chorequest-stack';
import { HTTP_TABLE_ACCESS, PROTECTED_PARTITIONS, TABLE_DATA_ACTIONS, type ProtectedPartition } from '../../../infra/stacks/table-access';
import { ROUTES, routeKey, type Domain } from '../../../shared/routes';
import { type Json, domainsWithRoutes, referencedIds, ofType, logicalId, logicalIdOf, jobLogicalIds, stack, template, resources } from '../support/stack-synth';

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
