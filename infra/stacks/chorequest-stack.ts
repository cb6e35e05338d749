/**
 * ChoreQuest in AWS (ARCHITECTURE.md "The shape"): CloudFront in front of a private S3 bucket for
 * the web app and of an HTTP API for /api/*, one Lambda per domain of the route table, one
 * DynamoDB table, the Sunday job (hourly dispatcher → SQS → worker) and the alarms an on-call needs.
 */
import { CfnOutput, type CfnResource, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpMethod, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { ComparisonOperator, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/data/table-definition';
import { ROUTES, routeKey, type Domain, type RouteKey } from '../../shared/routes';
import { SCREEN_HEADER } from '../../shared/start-data';
import { AppFunction } from './app-function';
import { positiveIntContext } from './context';
import { emailSendingFromContext, type EmailSending } from './email';
import { Monitoring, PERIOD } from './monitoring';
import { SesEvents } from './ses-events';
import { FamilyDeletion } from './family-deletion';
import { httpEntry } from './lambda-entries';
import { Reminders } from './reminders';
import { WeeklyJob } from './weekly-job';
import { ReportMail } from './report-mail';
import { addNagSuppressions } from './nag-suppressions';
import { addWebsite } from './website';
import { HTTP_TABLE_ACCESS } from './table-access';

export { CONTENT_SECURITY_POLICY } from '../security-headers';

export interface ChoreQuestStackProps extends StackProps {
  /** The built web app. @default `<repo>/frontend/dist` (placeholder page when missing) */
  readonly siteDir?: string;
  /** The HTTP functions that send e-mail. @default EMAIL_SENDING_DOMAINS */
  readonly emailDomains?: readonly Domain[];
}

/**
 * The API domains whose function sends e-mail (AppFunction `email`): auth (welcome, reset and
 * confirm-first links, password and address notices), account (a new verification link, an address
 * change's link, password notices) and family (invitations). Beside them the report mailer sends
 * the weekly report and the deletion worker the "family deleted" notice. No other function may send.
 * Account e-mails are sent directly, never queued behind the weekly reports: the mailer keeps to a
 * share of SES's rate and leaves the rest to them (decision 050).
 */
export const EMAIL_SENDING_DOMAINS: readonly Domain[] = ['auth', 'account', 'family'];

/** The HTTP functions that read the link signing key: account verifies unsubscribe links (the report mailer signs them). */
export const LINK_SECRET_DOMAINS: readonly Domain[] = ['account'];

/**
 * Stage-wide request ceilings: the whole API, and stricter on the routes that run bcrypt for anyone.
 * The stage's default is sized for a million families (docs/capacity.md "The API at a million
 * families": ~2,300 requests/s on average, ~7,000 at the evening peak) and sits under API Gateway's
 * account quota (10,000 requests/s, burst 5,000 per Region, shared by every API of the account): a
 * stage limit above the account's does nothing, and 2,000/s stay for other APIs. Overridable with
 * `-c apiThrottleRate=… -c apiThrottleBurst=…`. Abuse is bounded elsewhere: the per-address and
 * per-account limits (functions/data/family/throttles.ts) and the sign-in routes' own ceiling below.
 */
export const API_THROTTLE = { rateLimit: 8_000, burstLimit: 5_000 } as const;
export const AUTH_ROUTE_THROTTLE = { rateLimit: 20, burstLimit: 40 } as const;
export const AUTH_THROTTLED_ROUTES: readonly RouteKey[] = ['POST /api/auth/parent-signup', 'POST /api/auth/parent-login', 'POST /api/auth/child-login'];

/**
 * The viewer headers the API reads (SCREEN_HEADER: a dashboard's first call asking for the whole
 * screen, shared/start-data.ts), plus the viewer's address, which CloudFront adds itself (a client
 * cannot set it). Host stays API Gateway's own; the edge function passes the viewer's on.
 */
export const API_ORIGIN_HEADERS = ['Content-Type', 'Origin', 'Referer', 'Sec-Fetch-Site', 'X-Forwarded-Host', 'CloudFront-Viewer-Address', SCREEN_HEADER] as const;

export class ChoreQuestStack extends Stack {
  readonly table: Table;
  readonly api: HttpApi;
  readonly distribution: Distribution;
  /** One function per domain that has at least one route; keyed by domain. */
  readonly httpFunctions: ReadonlyMap<Domain, AppFunction>;
  readonly weeklyJob: WeeklyJob;
  /** The weekly reports' queue and their mailer, at SES's pace (decision 050). */
  readonly reportMail: ReportMail;
  readonly familyDeletion: FamilyDeletion;
  readonly monitoring: Monitoring;
  /** Signs links that carry no stored token (the weekly report's unsubscribe link). */
  readonly linkSecret: Secret;
  readonly vapidSecret: Secret;
  readonly reminders: Reminders;
  private emailSettings: EmailSending | undefined;
  /** SES's configuration set, its bounce and complaint events and their handler (decision 051); made with the first function that sends. */
  sesEvents: SesEvents | undefined;
  /** The app's public origin; set once the distribution exists. */
  private appOrigin: string | undefined;
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ChoreQuestStackProps = {}) {
    super(scope, id, props);

    // ---- Data ----------------------------------------------------------------------------------
    const keyAttr = (name: string) => ({ name, type: AttributeType.STRING });
    // Pre-warming for the Sunday peak (docs/capacity.md, docs/deploy.md "Pre-warming"): the table
    // and GSI1, for writes (the worker's assignments) and reads (its Queries and the evening's
    // dashboards). Off by default; `-c tableWarmWriteUnitsPerSecond=40000 -c tableWarmReadUnitsPerSecond=45000`.
    const warmWrites = positiveIntContext(this, 'tableWarmWriteUnitsPerSecond');
    const warmReads = positiveIntContext(this, 'tableWarmReadUnitsPerSecond');
    const warmThroughput =
      warmWrites || warmReads ? { ...(warmWrites ? { writeUnitsPerSecond: warmWrites } : {}), ...(warmReads ? { readUnitsPerSecond: warmReads } : {}) } : undefined;
    this.table = new Table(this, 'Table', {
      warmThroughput,
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
        ...(gsi.indexName === 'GSI1' ? { warmThroughput } : {}),
      });
    }

    // HS256 key for session cookies (functions/lib/session.ts requires >= 32 characters).
    const sessionSecret = new Secret(this, 'SessionSecret', {
      description: 'ChoreQuest session cookie signing key (HS256). Replacing it signs everyone out.',
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
    });
    // What CloudFront adds to every API request: the API answers nothing else (functions/lib/edge-headers.ts),
    // so neither the per-address limits nor the security headers can be bypassed through execute-api.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'ChoreQuest: the header CloudFront adds to API requests; the API refuses requests without it.',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });

    this.linkSecret = new Secret(this, 'LinkSecret', {
      description: 'ChoreQuest: signs the weekly report\'s unsubscribe links. Replacing it makes the links in mails already sent stop working.',
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
    });

    // Issue 32: the VAPID key pair of Web Push is derived from this (functions/lib/web-push.ts).
    this.vapidSecret = new Secret(this, 'VapidSecret', {
      description: 'ChoreQuest: the Web Push (VAPID) key pair is derived from it. Replacing it makes every device subscribe again.',
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
    });

    // ---- Alarms, and the family deletion job (the family function queues deletions) ------------
    this.monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: this.node.tryGetContext('alarmEmail') as string | undefined });
    this.familyDeletion = new FamilyDeletion(this, 'FamilyDeletion', { table: this.table, monitoring: this.monitoring, email: this.emailSending() });

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
    const stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: {
        rateLimit: positiveIntContext(this, 'apiThrottleRate') ?? API_THROTTLE.rateLimit,
        burstLimit: positiveIntContext(this, 'apiThrottleBurst') ?? API_THROTTLE.burstLimit,
      },
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
    const emailDomains = new Set(props.emailDomains ?? EMAIL_SENDING_DOMAINS);
    const authRoutes: HttpRoute[] = [];
    for (const route of ROUTES) {
      const domain: Domain = route.domain;
      let integration = integrations.get(domain);
      if (!integration) {
        const fn = new AppFunction(this, `Http-${domain}`, {
          entry: httpEntry(domain),
          description: `ChoreQuest API: ${domain}`,
          table: this.table,
          tableActions: HTTP_TABLE_ACCESS[domain].actions,
          protectedPartitions: HTTP_TABLE_ACCESS[domain].protectedPartitions,
          // Every HTTP function verifies session cookies (auth also signs them) and the origin header.
          sessionSecret,
          ...(emailDomains.has(domain) ? { email: this.emailSending() } : {}),
          ...(LINK_SECRET_DOMAINS.includes(domain) ? { linkSecret: this.linkSecret } : {}),
          ...(domain === 'family' ? { environment: { FAMILY_DELETION_QUEUE_URL: this.familyDeletion.queue.queueUrl } } : {}),
          // The reminder routes send a test push, and answer the public key.
          ...(domain === 'push' ? { environment: { VAPID_SECRET_ARN: this.vapidSecret.secretArn } } : {}),
          originSecret: this.originSecret,
        });
        // The owner's request queues the family's deletion.
        if (domain === 'family') this.familyDeletion.queue.grantSendMessages(fn.function);
        if (domain === 'push') this.vapidSecret.grantRead(fn.function);
        functions.set(domain, fn);
        integration = new HttpLambdaIntegration(`${domain}-integration`, fn.function);
        integrations.set(domain, integration);
      }
      const created = this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
      if (AUTH_THROTTLED_ROUTES.includes(routeKey(route))) authRoutes.push(...created);
    }
    this.httpFunctions = functions;
    // A parent whose address bounced may ask for a new confirmation link: SES must not suppress it (decision 051).
    if (functions.has('account') && emailDomains.has('account')) this.sesEvents?.allowUnsuppress(functions.get('account')!);
    // Sign-up and sign-in hash or check a password for anyone who asks: a stricter stage-wide
    // ceiling there, beside the per-address and per-account limits in DynamoDB.
    const cfnStage = stage.node.defaultChild as CfnStage;
    // A JSON property: CloudFormation reads the keys as written (PascalCase).
    cfnStage.routeSettings = Object.fromEntries(
      AUTH_THROTTLED_ROUTES.map((key) => [key, { ThrottlingRateLimit: AUTH_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: AUTH_ROUTE_THROTTLE.burstLimit }]),
    );
    // Route settings name routes that must exist before the stage refers to them.
    for (const r of authRoutes) cfnStage.addDependency(r.node.defaultChild as CfnResource);

    // ---- The Sunday job (dispatcher → queue → worker, which queues the weekly reports) -----------
    // The worker queues the weekly reports; the report mailer sends them at a share of SES's rate.
    this.weeklyJob = new WeeklyJob(this, 'WeeklyJob', { table: this.table, monitoring: this.monitoring });
    this.reportMail = new ReportMail(this, 'ReportMail', {
      table: this.table,
      monitoring: this.monitoring,
      email: this.emailSending(),
      linkSecret: this.linkSecret,
      producers: [this.weeklyJob.worker],
    });
    // ---- Reminders by Web Push (issue 32): every 15 minutes → queue → worker ----------------------
    this.reminders = new Reminders(this, 'Reminders', { table: this.table, monitoring: this.monitoring, vapidSecret: this.vapidSecret });
    this.addServiceAlarms();

    // ---- Web: private bucket + CloudFront, and the app's upload (infra/stacks/website.ts) ---------
    this.distribution = addWebsite(this, { api: this.api, originSecret: this.originSecret, siteDir: props.siteDir, originHeaders: API_ORIGIN_HEADERS });

    // ---- Outputs -------------------------------------------------------------------------------
    this.appOrigin = `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'AppUrl', { value: this.appOrigin });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.apiEndpoint,
      description: 'Direct API Gateway endpoint (the app itself calls /api/* through AppUrl)',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });

    addNagSuppressions(this);
  }

  /**
   * What a function that sends e-mail gets (AppFunction `email`), read once from the context
   * values of infra/stacks/email.ts. Throws when `mailFrom` is missing: a ChoreQuest that cannot
   * send password resets must not be deployed (decision 030).
   */
  emailSending(): EmailSending {
    if (this.emailSettings) return this.emailSettings;
    const settings = emailSendingFromContext(
      this,
      // Links point at CloudFront, which is created after the functions; resolved at synth.
      Lazy.string({
        produce: () => {
          if (!this.appOrigin) throw new Error('The app origin is not known yet');
          return this.appOrigin;
        },
      }),
    );
    // Every send names the configuration set whose events report bounces and complaints (decision 051).
    this.sesEvents = new SesEvents(this, 'SesEvents', { table: this.table, monitoring: this.monitoring });
    this.emailSettings = { ...settings, configurationSet: this.sesEvents.sendingConfiguration };
    return this.emailSettings;
  }

  /** The API's and the table's alarms: 5xx rate, every function's errors and throttles, DynamoDB throttling. */
  private addServiceAlarms(): void {
    const m = this.monitoring;
    m.alarm('Api5xxRate', {
      metric: new MathExpression({
        label: 'HTTP API 5xx (% of requests)',
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { errors: this.api.metricServerError({ statistic: 'Sum' }), requests: this.api.metricCount({ statistic: 'Sum' }) },
        period: PERIOD.errors,
      }),
      threshold: 1,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      description: 'More than 1% of API requests answered 5xx for 10 minutes: families see "Something went wrong".',
    });
    const ours = this.node.findAll().filter((c): c is AppFunction => c instanceof AppFunction);
    for (const fn of ours) {
      const name = fn.node.path.replace(/^ChoreQuest\//, '').replace(/[^A-Za-z0-9]/g, '');
      // The job functions have error alarms of their own, with what a failure means for families.
      const jobs: AppFunction[] = [this.weeklyJob.worker, this.weeklyJob.dispatcher, this.familyDeletion.worker, this.familyDeletion.sweeper, this.reportMail.mailer, ...(this.sesEvents ? [this.sesEvents.handler] : [])];
      if (!jobs.includes(fn)) {
        m.alarm(`${name}Errors`, {
          metric: fn.function.metricErrors({ period: PERIOD.errors, statistic: 'Sum' }),
          threshold: 1,
          description: `${fn.node.path}: the function crashed or timed out (an unhandled error reaches the client as 5xx).`,
        });
      }
      m.alarm(`${name}Throttles`, {
        metric: fn.function.metricThrottles({ period: PERIOD.errors, statistic: 'Sum' }),
        threshold: 1,
        description: `${fn.node.path}: invocations were throttled (account or reserved concurrency reached).`,
      });
    }
    // Throttle *events*, not ThrottledRequests: a BatchWriteItem counts as a throttled request only
    // when every item in it was throttled, so the Sunday worker's partly throttled batches (retried
    // in UnprocessedItems) never showed there. Events count each throttled item, on the table and on
    // each index (an index that falls behind throttles the table writes that feed it).
    const indexes = [undefined, ...TABLE_DEFINITION.globalSecondaryIndexes.map((g) => g.indexName)];
    const events = (metricName: string, index?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: this.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        statistic: 'Sum',
        period: PERIOD.errors,
      });
    const sumOf = (label: string, metricNames: readonly string[], onIndexes: readonly (string | undefined)[]) => {
      const usingMetrics: Record<string, Metric> = {};
      for (const name of metricNames) onIndexes.forEach((index, i) => (usingMetrics[`${name.replace(/[^A-Za-z]/g, '').replace(/^./, (c) => c.toLowerCase())}${i}`] = events(name, index)));
      if (Object.keys(usingMetrics).length > 10) throw new Error(`${label}: an alarm expression may use at most 10 metrics`);
      return new MathExpression({ label, expression: `FILL(${Object.keys(usingMetrics).join(', 0) + FILL(')}, 0)`, usingMetrics, period: PERIOD.errors });
    };
    m.alarm('DynamoWriteThrottleEvents', {
      metric: sumOf('DynamoDB write throttle events (table and indexes)', ['WriteThrottleEvents'], indexes),
      threshold: 1,
      description:
        'DynamoDB throttled writes (items, also inside a partly throttled BatchWriteItem) on the table or an index: on-demand throughput not yet warm (docs/deploy.md "Pre-warming"), the table quota, or a hot key. The SDK and the Sunday worker retry; sustained, families wait.',
    });
    m.alarm('DynamoReadThrottleEvents', {
      metric: sumOf('DynamoDB read throttle events (table and indexes)', ['ReadThrottleEvents'], indexes),
      threshold: 1,
      description: 'DynamoDB throttled reads on the table or an index (dashboards, the worker\'s Queries, the dispatcher): throughput not yet warm, the table quota, or a hot key.',
    });
    m.alarm('DynamoKeyRangeThrottleEvents', {
      metric: sumOf('DynamoDB key-range (partition) throttle events', ['WriteKeyRangeThroughputThrottleEvents', 'ReadKeyRangeThroughputThrottleEvents'], indexes),
      threshold: 1,
      description:
        'A single partition passed 1,000 write or 3,000 read units/s (a hot key: one family, one child, or a due-family index shard). Capacity does not fix this; the key design does (docs/capacity.md §5).',
    });
    m.alarm('DynamoAccountLimitThrottleEvents', {
      metric: sumOf('DynamoDB account-limit throttle events', ['WriteAccountLimitThrottleEvents', 'ReadAccountLimitThrottleEvents'], indexes),
      threshold: 1,
      description: 'DynamoDB throttled requests at the account\'s per-table throughput quota (40,000 units/s by default): ask for more in Service Quotas (docs/capacity.md).',
    });
  }
}
