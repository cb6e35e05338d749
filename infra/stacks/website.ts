/**
 * The web app in AWS: a private S3 bucket behind CloudFront, which also fronts the HTTP API for
 * /api/*, with the security headers, the SPA rewrite and the upload of the build. Made in the
 * stack's own scope, so the resources keep their logical ids.
 */
import { Annotations, Duration, Fn, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_SECRET_HEADER } from '../../functions/lib/edge-header-names';
import { CONTENT_SECURITY_POLICY, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from '../security-headers';
import { FORWARD_HOST_CODE, SPA_REWRITE_CODE } from './edge-functions';
import { fromRoot } from './paths';
import { HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR, PRECOMPRESSED_EXTENSIONS, REVALIDATE_CACHE_CONTROL } from './site-caching';
import { resolveSiteSource } from './site-source';

/** What CloudFront adds to API requests and which headers it passes on is in chorequest-stack.ts (API_ORIGIN_HEADERS). */
export function addWebsite(stack: Stack, props: { api: HttpApi; originSecret: Secret; siteDir?: string; originHeaders: readonly string[] }): Distribution {
  // ---- Web: private bucket + CloudFront ------------------------------------------------------
  const logsBucket = new Bucket(stack, 'AccessLogsBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    // CloudFront standard logging writes with ACLs.
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
    autoDeleteObjects: false,
  });
  const siteBucket = new Bucket(stack, 'SiteBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: logsBucket,
    serverAccessLogsPrefix: 's3-site/',
    removalPolicy: RemovalPolicy.RETAIN,
    autoDeleteObjects: false,
  });

  // One definition with the local gateway: infra/security-headers.ts.
  const securityHeaders = new ResponseHeadersPolicy(stack, 'SecurityHeaders', {
    comment: 'ChoreQuest security headers (HSTS, CSP, Permissions-Policy, framing, sniffing, referrer)',
    securityHeadersBehavior: {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
    },
  });
  const apiOriginRequests = new OriginRequestPolicy(stack, 'ApiOriginRequests', {
    comment: 'ChoreQuest API: cookies, query strings, the headers the API reads, and the viewer address',
    cookieBehavior: OriginRequestCookieBehavior.all(),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    headerBehavior: OriginRequestHeaderBehavior.allowList(...props.originHeaders),
  });

  const spaRewrite = new CloudFrontFunction(stack, 'SpaRewrite', {
    comment: 'Extension-less paths are client routes: serve /index.html',
    code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    runtime: FunctionRuntime.JS_2_0,
  });
  const forwardHost = new CloudFrontFunction(stack, 'ForwardHost', {
    comment: 'Pass the viewer Host on as x-forwarded-host for the API origin check',
    code: FunctionCode.fromInline(FORWARD_HOST_CODE),
    runtime: FunctionRuntime.JS_2_0,
  });

  // https://<id>.execute-api.<region>.amazonaws.com -> <id>.execute-api.<region>.amazonaws.com
  const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

  const distribution = new Distribution(stack, 'Distribution', {
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
        origin: new HttpOrigin(apiDomain, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          // Resolved by CloudFormation at deploy time from Secrets Manager; it never sits in the template.
          customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: apiOriginRequests,
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
    Annotations.of(stack).addWarningV2('chorequest:placeholder-site', message);
  }
  const deploymentLogs = new LogGroup(stack, 'SiteDeploymentLogs', {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // Vite's hashed files never change under one name: cache them for a year, and keep old ones
  // (no prune) so tabs still running the previous build can load their chunks. Cache-Control
  // comes from site-caching.ts, which the local gateway uses too.
  // The build's precompressed copies (*.br, *.gz) are for the local server: CloudFront compresses.
  const precompressed = PRECOMPRESSED_EXTENSIONS.map((ext) => `*${ext}`);
  const hashedAssets = new BucketDeployment(stack, 'DeployHashedAssets', {
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
  const pages = new BucketDeployment(stack, 'DeploySite', {
    sources: [Source.asset(site.dir, { exclude: precompressed })],
    destinationBucket: siteBucket,
    exclude: [`${HASHED_ASSETS_DIR}/*`],
    prune: true,
    cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
    distribution,
    distributionPaths: ['/*'],
    logGroup: deploymentLogs,
  });
  pages.node.addDependency(hashedAssets);
  return distribution;
}
