/**
 * The CDK stack against its sources of truth: the route table, the table definition, and the
 * security settings we promised (ARCHITECTURE.md). Synthesized once: bundling runs esbuild per
 * function.
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
import { CONTENT_SECURITY_POLICY, ChoreQuestStack } from '../../infra/stacks/chorequest-stack';
import { edgeHandler, FORWARD_HOST_CODE, SPA_REWRITE_CODE } from '../../infra/stacks/edge-functions';
import { HASHED_ASSET_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../../infra/stacks/site-caching';
import { DOMAINS, ROUTES, routeKey, type Domain } from '../../shared/routes';

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
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
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
/** The logical id of an L2 construct's CloudFormation resource. */
const logicalId = (construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const logicalIdOf = (fnDomain: Domain): string =>
  logicalId(stack.httpFunctions.get(fnDomain)!.function);
const weeklyLogicalId = (): string => logicalId(stack.weeklyJob.function);

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

  const app = new App({ outdir });
  stack = new ChoreQuestStack(app, 'ChoreQuest', { siteDir: site });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));

  // Act: Annotations forces a synth; Template then reuses that assembly (one bundling run).
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
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const [logGroupId] = referencedIds((stage.Properties.AccessLogSettings as Json).DestinationArn);
    expect(resources[logGroupId!]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
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
  it('run Node.js 22 on arm64 with the ESM bundle and JSON logs', () => {
    for (const id of [...domainsWithRoutes.map(logicalIdOf), weeklyLogicalId()]) {
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
    const weeklyVars = (resources[weeklyLogicalId()]!.Properties.Environment as Json).Variables as Json;
    expect(referencedIds(weeklyVars.TABLE_NAME)).toEqual([tableId]);
    expect(weeklyVars.SESSION_SECRET_ARN).toBeUndefined();
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
    const ours = [...domainsWithRoutes.map(logicalIdOf), weeklyLogicalId()];
    const oursLogGroups = functions.filter(([id]) => ours.includes(id)).map(([, fn]) => referencedIds((fn.Properties.LoggingConfig as Json).LogGroup)[0]);
    expect(new Set(oursLogGroups).size).toBe(ours.length);
    expect(logGroups.length).toBe(functions.length);
  });

  it('the session key is a generated 64-character secret readable by the HTTP functions only', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { ExcludePunctuation: true, PasswordLength: 64 },
    });
    const [secretId] = ofType('AWS::SecretsManager::Secret')[0]!;
    const readers = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue'))
      .filter(([, p]) => referencedIds(p.Properties.PolicyDocument).includes(secretId))
      .flatMap(([, p]) => referencedIds(p.Properties.Roles));
    const httpRoles = domainsWithRoutes.map((d) => logicalId(stack.httpFunctions.get(d)!.role));
    expect(new Set(readers)).toEqual(new Set(httpRoles));
  });
});

describe('weekly job', () => {
  it('runs every hour on the hour through EventBridge', () => {
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => r.Properties.ScheduleExpression === 'cron(0 * * * ? *)');
    expect(rules).toHaveLength(1);
    const targets = (rules[0]![1].Properties.Targets as Json[]).flatMap((t) => referencedIds(t.Arn));
    expect(targets).toEqual([weeklyLogicalId()]);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [weeklyLogicalId(), 'Arn'] },
    });
  });
});

describe('CloudFront and the site bucket', () => {
  const config = () => ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Json;

  it('routes /api/* to the HTTP API uncached, with every method and all viewer headers but Host', () => {
    const behaviors = config().CacheBehaviors as Json[];
    const api = behaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect([...(api!.AllowedMethods as string[])].sort()).toEqual(ALL_METHODS);
    const origin = (config().Origins as Json[]).find((o) => o.Id === api!.TargetOriginId)!;
    const apiLogicalId = logicalId(stack.api);
    expect(origin.DomainName).toEqual({ 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [apiLogicalId, 'ApiEndpoint'] }] }] });
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
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

  it('sends HSTS, CSP and the other security headers on pages and API answers', () => {
    const def = config().DefaultCacheBehavior as Json;
    const api = (config().CacheBehaviors as Json[]).find((b) => b.PathPattern === '/api/*')!;
    const [policyId] = referencedIds(def.ResponseHeadersPolicyId);
    expect(referencedIds(api.ResponseHeadersPolicyId)).toEqual([policyId]);
    const policy = resources[policyId!]!;
    expect(policy.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
    expect((policy.Properties.ResponseHeadersPolicyConfig as Json).SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true, Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
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

  it('serves the app shell for every other client route, and for / to a signed-in user', () => {
    expect(rewrite('/parent-login')).toBe('/app.html');
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
