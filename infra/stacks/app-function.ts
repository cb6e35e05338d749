/**
 * Function defaults in one place (ARCHITECTURE.md "Function defaults"): Node 22 on arm64, one ESM
 * bundle per entry with the AWS SDK inside (tree-shaken, no reliance on the runtime's copy), JSON
 * logs into a log group we own (so retention is set and deleting the stack can take it along), and
 * a role that can write only to that log group plus what the caller grants.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, type CfnFunction, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { EmailSending } from './email';
import { fromRoot, REPO_ROOT } from './paths';
import { PROTECTED_PARTITIONS, TABLE_DATA_ACTIONS, type ProtectedPartition, type TableAction } from './table-access';

export { TABLE_DATA_ACTIONS } from './table-access';

export interface AppFunctionProps {
  /** Entry file relative to the repository root, from infra/stacks/lambda-entries.ts (the list `npm run build:functions` bundles). */
  readonly entry: string;
  readonly description: string;
  readonly table: ITable;
  /**
   * The DynamoDB actions this function's code uses (infra/stacks/table-access.ts); nothing else
   * is granted. State it for every function. @default every item-level data action
   */
  readonly tableActions?: readonly TableAction[];
  /**
   * The credential and counter partitions the function may touch; the others are denied
   * whatever the actions. @default none
   */
  readonly protectedPartitions?: readonly ProtectedPartition[];
  /** The session signing key; granted read and passed as SESSION_SECRET_ARN when present. */
  readonly sessionSecret?: ISecret;
  /** The value CloudFront adds to API requests; granted read and passed as ORIGIN_SECRET_ARN when present. */
  readonly originSecret?: ISecret;
  /** The key of signed e-mail links (the unsubscribe link); granted read and passed as LINK_SECRET_ARN when present. */
  readonly linkSecret?: ISecret;
  /** @default 10 seconds (HTTP handlers sit behind API Gateway's 30 s limit and CloudFront's) */
  readonly timeout?: Duration;
  /** @default 512 MB (more memory also means proportionally more CPU for bcrypt and cold starts) */
  readonly memorySize?: number;
  /** More environment variables for the handler. */
  readonly environment?: Record<string, string>;
  /**
   * The function sends e-mail (functions/lib/mailer.ts): it gets MAIL_FROM, MAIL_REPLY_TO and
   * APP_URL, and `ses:SendEmail` on the sender's SES identities only. Opt-in per function.
   */
  readonly email?: EmailSending;
}

/**
 * Keeps CommonJS dependencies working inside the ESM bundle: esbuild's `__require` shim looks for
 * a global `require`, which ESM lacks. No `$` or double quotes here: CDK passes the banner through
 * a shell when bundling locally.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __chorequestCreateRequire } from 'node:module'; const require = __chorequestCreateRequire(import.meta.url);";

/**
 * The esbuild settings of every function's bundle (beside ESM output, the Node platform and
 * bundling everything, the AWS SDK included). `npm run build:functions` builds with the same.
 */
export const BUNDLING = {
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  sourceMap: true,
  // Stack traces still map to file:line; the original sources would only double the asset.
  sourcesContent: false,
  // Lambda sets no NODE_ENV: without this, React (the reports' server rendering) and other
  // libraries would bundle, and run, their development builds.
  define: { 'process.env.NODE_ENV': '"production"' },
} as const;

/**
 * The resource metadata key under which every AppFunction's CloudFormation resource names its entry
 * (one of infra/stacks/lambda-entries.ts): test/infra/deployed-bundles.test.ts finds each function's
 * asset in the synthesized template by it. Metadata only: nothing in the deployed function changes.
 */
export const ENTRY_METADATA_KEY = 'chorequest:entry';

export class AppFunction extends Construct {
  /** The entry file, relative to the repository root (one of infra/stacks/lambda-entries.ts). */
  readonly entry: string;
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.entry = props.entry;

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      // Operational logs only (bodies are never logged); they should not outlive the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any
    // log group in the account; this one may write only to the function's own.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `ChoreQuest ${id}: own log group, table data${props.sessionSecret ? ', session key' : ''}${props.originSecret ? ', origin secret' : ''}${props.linkSecret ? ', link key' : ''}${props.email ? ', sending e-mail' : ''}`,
    });
    this.logGroup.grantWrite(this.role);

    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      POWERTOOLS_SERVICE_NAME: 'chorequest',
      POWERTOOLS_LOG_LEVEL: 'INFO',
      NODE_OPTIONS: '--enable-source-maps',
    };
    if (props.sessionSecret) environment.SESSION_SECRET_ARN = props.sessionSecret.secretArn;
    if (props.email) {
      environment.MAIL_FROM = props.email.from;
      if (props.email.replyTo) environment.MAIL_REPLY_TO = props.email.replyTo;
      environment.APP_URL = props.email.appUrl;
      if (props.email.configurationSet) environment.SES_CONFIGURATION_SET = props.email.configurationSet.name;
    }
    if (props.originSecret) environment.ORIGIN_SECRET_ARN = props.originSecret.secretArn;
    if (props.linkSecret) environment.LINK_SECRET_ARN = props.linkSecret.secretArn;
    Object.assign(environment, props.environment);

    this.function = new NodejsFunction(this, 'Function', {
      entry: fromRoot(props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: fromRoot('package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      // Same level as POWERTOOLS_LOG_LEVEL, so Powertools and Lambda's log filter agree.
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      environment,
      bundling: {
        format: OutputFormat.ESM,
        mainFields: [...BUNDLING.mainFields],
        banner: BUNDLING.banner,
        target: BUNDLING.target,
        minify: BUNDLING.minify,
        sourceMap: BUNDLING.sourceMap,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: BUNDLING.sourcesContent,
        define: { ...BUNDLING.define },
        // Bundle everything, the AWS SDK included: tree-shaken, and pinned to our lock file.
        externalModules: [],
        bundleAwsSDK: true,
        // No Docker on the build machines: esbuild from node_modules runs locally.
        forceDockerBundling: false,
      },
    });

    (this.function.node.defaultChild as CfnFunction).addMetadata(ENTRY_METADATA_KEY, props.entry);

    // Only the item actions the function uses, on the table and its indexes: no Scan (never on a
    // request path, ARCHITECTURE.md), no table management, no streams. Transactions need only these.
    props.table.grant(this.function, ...(props.tableActions ?? TABLE_DATA_ACTIONS));
    const allowed = new Set(props.protectedPartitions ?? []);
    const denied = (Object.keys(PROTECTED_PARTITIONS) as ProtectedPartition[]).filter((p) => !allowed.has(p));
    if (denied.length) {
      this.role.addToPolicy(
        new PolicyStatement({
          sid: 'DenyProtectedPartitions',
          effect: Effect.DENY,
          actions: [...TABLE_DATA_ACTIONS],
          resources: [props.table.tableArn, `${props.table.tableArn}/index/*`],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': denied.map((p) => `${PROTECTED_PARTITIONS[p]}*`) } },
        }),
      );
    }
    props.sessionSecret?.grantRead(this.function);
    props.originSecret?.grantRead(this.function);
    props.linkSecret?.grantRead(this.function);
    if (props.email) {
      // SendEmail only (no templates, no account actions), as the configured identities only.
      // SES v2 also checks the configuration set a send names (decision 051).
      const resources = [...props.email.identityArns, ...(props.email.configurationSet ? [props.email.configurationSet.arn] : [])];
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources }));
    }
  }
}
