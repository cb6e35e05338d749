/**
 * ChoreQuest in AWS (ARCHITECTURE.md "The shape"): CloudFront in front of a private S3 bucket for
 * the web app and of an HTTP API for /api/*, one Lambda per domain of the route table, one
 * DynamoDB table, and an hourly EventBridge rule for the weekly job.
 */
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/data/table-definition';
import { ROUTES, type Domain } from '../../shared/routes';
import { AppFunction } from './app-function';
import { FORWARD_HOST_CODE, SPA_REWRITE_CODE } from './edge-functions';
import { addNagSuppressions } from './nag-suppressions';
import { fromRoot } from './paths';
import { HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR, PRECOMPRESSED_EXTENSIONS, REVALIDATE_CACHE_CONTROL } from './site-caching';
import { resolveSiteSource } from './site-source';

export interface ChoreQuestStackProps extends StackProps {
  /** The built web app. @default `<repo>/frontend/dist` (placeholder page when missing) */
  readonly siteDir?: string;
}

/** Content-Security-Policy for pages and API answers alike (the weekly report is HTML from /api). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' https: data:",
  // MUI/emotion inject <style> elements at runtime.
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export class ChoreQuestStack extends Stack {
  readonly table: Table;
  readonly api: HttpApi;
  readonly distribution: Distribution;
  /** One function per domain that has at least one route; keyed by domain. */
  readonly httpFunctions: ReadonlyMap<Domain, AppFunction>;
  readonly weeklyJob: AppFunction;

  constructor(scope: Construct, id: string, props: ChoreQuestStackProps = {}) {
    super(scope, id, props);

    // ---- Data ----------------------------------------------------------------------------------
    const keyAttr = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: keyAttr(TABLE_DEFINITION.partitionKey),
      sortKey: keyAttr(TABLE_DEFINITION.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
    });
    for (const gsi of TABLE_DEFINITION.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: keyAttr(gsi.partitionKey),
        sortKey: keyAttr(gsi.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    // HS256 key for session cookies (functions/lib/session.ts requires >= 32 characters).
    const sessionSecret = new Secret(this, 'SessionSecret', {
      description: 'ChoreQuest session cookie signing key (HS256). Replacing it signs everyone out.',
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
    });

    // ---- API: one route per row of shared/routes.ts, one function per domain ------------------
    const apiLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.api = new HttpApi(this, 'Api', {
      apiName: 'chorequest',
      description: 'ChoreQuest API; reached through CloudFront at /api/*',
      createDefaultStage: false,
    });
    this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(apiLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const functions = new Map<Domain, AppFunction>();
    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      const domain: Domain = route.domain;
      let integration = integrations.get(domain);
      if (!integration) {
        const fn = new AppFunction(this, `Http-${domain}`, {
          entry: `functions/http/${domain}.ts`,
          description: `ChoreQuest API: ${domain}`,
          table: this.table,
          // Every HTTP function verifies session cookies; auth also signs them.
          sessionSecret,
        });
        functions.set(domain, fn);
        integration = new HttpLambdaIntegration(`${domain}-integration`, fn.function);
        integrations.set(domain, integration);
      }
      this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
    this.httpFunctions = functions;

    // ---- Weekly job: every hour on the hour (families are due at their local Sunday 00:00) ------
    this.weeklyJob = new AppFunction(this, 'WeeklyJob', {
      entry: 'functions/jobs/weekly.ts',
      description: 'ChoreQuest hourly job: new week for families whose local Sunday 00:00 has come',
      table: this.table,
      // A run cut short leaves the rest due: the next tick continues where it stopped.
      timeout: Duration.minutes(15),
    });
    new Rule(this, 'WeeklyJobSchedule', {
      description: 'Hourly tick for the ChoreQuest weekly job',
      schedule: Schedule.cron({ minute: '0' }),
      // The job is idempotent and the next tick catches up; no need for a day of retries.
      targets: [new LambdaFunction(this.weeklyJob.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
    });

    // ---- Web: private bucket + CloudFront ------------------------------------------------------
    const logsBucket = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
      autoDeleteObjects: false,
    });
    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3-site/',
      removalPolicy: RemovalPolicy.RETAIN,
      autoDeleteObjects: false,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'ChoreQuest security headers (HSTS, CSP, framing, sniffing, referrer)',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Extension-less paths are client routes: serve /index.html',
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });
    const forwardHost = new CloudFrontFunction(this, 'ForwardHost', {
      comment: 'Pass the viewer Host on as x-forwarded-host for the API origin check',
      code: FunctionCode.fromInline(FORWARD_HOST_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    // https://<id>.execute-api.<region>.amazonaws.com -> <id>.execute-api.<region>.amazonaws.com
    const apiDomain = Fn.select(2, Fn.split('/', this.api.apiEndpoint));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'ChoreQuest',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      // No errorResponses: a 403/404 -> index.html rule would also rewrite the API's JSON errors.
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Cookies, query strings and headers reach the API; Host must stay API Gateway's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    // ---- Web app upload ------------------------------------------------------------------------
    const site = resolveSiteSource(props.siteDir ?? fromRoot('frontend', 'dist'));
    if (site.placeholder) {
      const message = `frontend/dist not found: deploying a placeholder page from ${site.dir}. Run "npm run build:web" (npm run deploy does) for the real app.`;
      Annotations.of(this).addWarningV2('chorequest:placeholder-site', message);
    }
    const deploymentLogs = new LogGroup(this, 'SiteDeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Vite's hashed files never change under one name: cache them for a year, and keep old ones
    // (no prune) so tabs still running the previous build can load their chunks. Cache-Control
    // comes from site-caching.ts, which the local gateway uses too.
    // The build's precompressed copies (*.br, *.gz) are for the local server: CloudFront compresses.
    const precompressed = PRECOMPRESSED_EXTENSIONS.map((ext) => `*${ext}`);
    const hashedAssets = new BucketDeployment(this, 'DeployHashedAssets', {
      sources: [Source.asset(site.dir, { exclude: precompressed })],
      destinationBucket: siteBucket,
      exclude: ['*'],
      include: [`${HASHED_ASSETS_DIR}/*`],
      prune: false,
      cacheControl: [CacheControl.fromString(HASHED_ASSET_CACHE_CONTROL)],
      logGroup: deploymentLogs,
    });
    // Everything else (index.html above all) is revalidated on every load, then CloudFront is
    // invalidated once the new index.html is in place.
    const pages = new BucketDeployment(this, 'DeploySite', {
      sources: [Source.asset(site.dir, { exclude: precompressed })],
      destinationBucket: siteBucket,
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      prune: true,
      cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      logGroup: deploymentLogs,
    });
    pages.node.addDependency(hashedAssets);

    // ---- Outputs -------------------------------------------------------------------------------
    new CfnOutput(this, 'AppUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.apiEndpoint,
      description: 'Direct API Gateway endpoint (the app itself calls /api/* through AppUrl)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });

    addNagSuppressions(this);
  }
}
