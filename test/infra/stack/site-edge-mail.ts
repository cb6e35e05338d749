/**
 * The stack's site (CloudFront, the site bucket, security headers, caching, outputs), its edge functions,
 * bounces and complaints (SES), and cdk-nag's AwsSolutions checks.
 * Checks of stack.test.ts, on its one synth (support/stack-synth.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } from '../../../functions/lib/edge-header-names';
import { LAMBDA_ENTRIES } from '../../../infra/stacks/lambda-entries';
import { sesMax24HourSend } from '../../../infra/stacks/ses-events';
import { API_ORIGIN_HEADERS } from '../../../infra/stacks/chorequest-stack';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, SECURITY_HEADERS } from '../../../infra/security-headers';
import { edgeHandler, FORWARD_HOST_CODE, SPA_REWRITE_CODE } from '../../../infra/stacks/edge-functions';
import { HASHED_ASSET_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../../../infra/stacks/site-caching';
import { type Json, type Resource, CACHING_DISABLED, CACHING_OPTIMIZED, ALL_METHODS, referencedIds, ofType, logicalId, stack, template, annotations, resources, cdkOut } from '../support/stack-synth';

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
