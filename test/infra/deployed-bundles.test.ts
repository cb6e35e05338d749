/**
 * What is deployed, run (issue 20): `cdk synth` as a deploy would (offline, esbuild bundling
 * locally), then every Lambda asset of the template is loaded under Node in a child process of its
 * own (the bundle's own module graph, no vitest transforms, no node_modules anywhere above it) and
 * invoked with the environment the template gives it, against DynamoDB Local, the local SES and a
 * local SQS endpoint. A bundling mistake (a module left external, a dynamic require, an ESM/CJS
 * interop error) that only AWS would show fails here.
 *
 * - Which functions: every AWS::Lambda::Function whose resource carries AppFunction's entry
 *   metadata (ENTRY_METADATA_KEY); each entry of LAMBDA_ENTRIES exactly once. Every other function
 *   must be one aws-cdk-lib brings (a prebuilt, not bundled, asset: BucketDeployment's handler,
 *   custom-resource providers) or have no asset at all (inline code): a function of ours that
 *   bypassed AppFunction fails the first test. CloudFront functions are not Lambda functions.
 * - Environment: a literal value as the template has it; a reference (Ref, Fn::GetAtt, Fn::Join)
 *   resolved to its local stand-in by the referenced resource's type (the table, a queue of the
 *   local SQS endpoint, the distribution's domain); a Secrets Manager ARN becomes the file variable
 *   the code reads locally (SECRET_FILE_VARIABLES). Anything else fails the environment test: a new
 *   variable needs a local stand-in here. Beside them only what the code reads to find the local
 *   services (DYNAMODB_ENDPOINT, SQS_ENDPOINT, SES_ENDPOINT), dummy credentials, and what the Lambda
 *   runtime itself sets (LAMBDA_RUNTIME_VARIABLES). Nothing of this process's environment leaks in.
 * - Invocations: CASES, one per function name, run in its order; a function of LAMBDA_ENTRIES without
 *   a case fails (`no case`). HTTP functions get API Gateway HTTP API v2 events through the edge
 *   (the origin secret, the viewer address), jobs the events their triggers send.
 *
 * Nothing is cached between runs: each run synthesizes into a fresh temporary directory.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeklyRunIndexKeys } from '../../functions/data/weekly-run-index';
import { runForWeek } from '../../functions/domain/weekly-run';
import { FAMILY_DELETION_SETTINGS } from '../../functions/jobs/family-deletion/settings';
import { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } from '../../functions/lib/edge-header-names';
import { ensureTable, startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamo';
import { startLocalMail, type LocalMail } from '../../infra/local/mail';
import { createSqsEndpoint, LocalQueue } from '../../infra/local/queue';
import { sesEvent, snsEventFor } from '../../infra/local/ses-events';
import { ENTRY_METADATA_KEY } from '../../infra/stacks/app-function';
import { HTTP_FUNCTION_DOMAINS, LAMBDA_ENTRIES } from '../../infra/stacks/lambda-entries';
import { REPO_ROOT } from '../../infra/stacks/paths';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { compilePath, ROUTES, routeKey, type Domain, type RouteKey } from '../../shared/routes';
import { linkTo, Mailbox } from '../support/mailbox';

type Json = Record<string, unknown>;
interface CfnResource {
  Type: string;
  Properties?: Json;
  Metadata?: Json;
}

/** One app function of the template, as Lambda would run it. */
interface DeployedFunction {
  name: string;
  entry: string;
  logicalId: string;
  assetDir: string;
  handler: string;
  timeoutSeconds: number;
  memorySize: number;
  variables: Record<string, unknown>;
}

/** The sender a deploy is synthesized with (`-c mailFrom=…`); .test is reserved, nothing delivers to it. */
const MAIL_FROM = 'hello@chorequest.test';
/** The distribution's domain locally (APP_URL is built from it). */
const LOCAL_APP_DOMAIN = 'app.chorequest.test';
const LOCAL_TABLE_NAME = 'chorequest-deployed-bundles';
/**
 * The synth bundles every function with esbuild: 40 s on an idle 2-core machine, 100 s while the
 * other infra tests synthesize beside it. More than the project's 180 s hook timeout allows for.
 */
const SET_UP_TIMEOUT_MS = 300_000;
const REGION = 'us-east-1';
/** The template's Secrets Manager ARN variables and the file variable each one's code reads locally instead. */
const SECRET_FILE_VARIABLES: Record<string, string> = {
  SESSION_SECRET_ARN: 'SESSION_SECRET_FILE',
  ORIGIN_SECRET_ARN: 'ORIGIN_SECRET_FILE',
  LINK_SECRET_ARN: 'LINK_SECRET_FILE',
};

const work = mkdtempSync(join(tmpdir(), 'chorequest-deployed-'));
const cdkOut = join(work, 'cdk.out');
const secretsDir = join(work, 'secrets');
const invocationsDir = join(work, 'invocations');
mkdirSync(secretsDir);
mkdirSync(invocationsDir);

let template: { Resources: Record<string, CfnResource> };
const functions: DeployedFunction[] = [];
let dynamo: DynamoLocal | undefined;
let doc: DynamoDBDocumentClient;
let mail: LocalMail | undefined;
let mailbox: Mailbox;
let sqsStop: (() => Promise<void>) | undefined;
let sqsEndpoint = '';
/** One local queue per AWS::SQS::Queue of the template, by logical id. */
const queues = new Map<string, LocalQueue>();
/** What was sent to each queue (records as the SQS event source would deliver them), by logical id. */
const received = new Map<string, SQSRecord[]>();
/** One random secret file per AWS::SecretsManager::Secret a function names, by logical id. */
const secretFiles = new Map<string, string>();
const timings: string[] = [];

/** This process's environment without vitest's own variables, for the CDK CLI. */
const shellEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));

/** Runs a command to its end; rejects with everything it printed when it fails. */
function run(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')}: exit ${code} (${signal ?? 'no signal'})\n${output}`));
    });
  });
}

/** The logical ids a CloudFormation value refers to (Ref, Fn::GetAtt), for the exclusion rule's messages. */
const isRef = (v: unknown): v is { Ref: string } => typeof v === 'object' && v !== null && typeof (v as Json).Ref === 'string';

/**
 * The local value of a template value, or an error naming what has no local stand-in. Resolved by
 * the type of the resource a reference names, never by its name.
 */
function resolveValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const obj = (value ?? {}) as Json;
  const resource = (id: string) => {
    const r = template.Resources[id];
    if (!r) throw new Error(`refers to ${id}, which is not a resource of the template (a parameter or pseudo parameter has no local value here)`);
    return r;
  };
  if (isRef(obj)) {
    const r = resource(obj.Ref);
    if (r.Type === 'AWS::DynamoDB::Table') return LOCAL_TABLE_NAME;
    if (r.Type === 'AWS::SQS::Queue') return queues.get(obj.Ref)!.url;
    // aws-ses-v2-local takes a configuration set's name on a send (and publishes no events).
    if (r.Type === 'AWS::SES::ConfigurationSet') return typeof r.Properties?.Name === 'string' ? r.Properties.Name : obj.Ref;
    throw new Error(`Ref to ${obj.Ref} (${r.Type}) has no local stand-in`);
  }
  const getAtt = obj['Fn::GetAtt'];
  if (Array.isArray(getAtt)) {
    const [id, attr] = getAtt as [string, string];
    const r = resource(id);
    if (r.Type === 'AWS::CloudFront::Distribution' && attr === 'DomainName') return LOCAL_APP_DOMAIN;
    if (r.Type === 'AWS::SQS::Queue' && attr === 'QueueUrl') return queues.get(id)!.url;
    if (r.Type === 'AWS::SQS::Queue' && attr === 'Arn') return queues.get(id)!.arn;
    throw new Error(`Fn::GetAtt ${id}.${attr} (${r.Type}) has no local stand-in`);
  }
  const join = obj['Fn::Join'];
  if (Array.isArray(join)) {
    const [sep, parts] = join as [string, unknown[]];
    return parts.map(resolveValue).join(sep);
  }
  throw new Error(`${JSON.stringify(value)} cannot be resolved locally`);
}

/** What the Lambda runtime sets in every function's environment (the ones the code or its libraries may read). */
function lambdaRuntimeVariables(fn: DeployedFunction): Record<string, string> {
  return {
    AWS_LAMBDA_FUNCTION_NAME: `ChoreQuest-${fn.logicalId}`,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    LAMBDA_TASK_ROOT: fn.assetDir,
    _HANDLER: fn.handler,
    TZ: ':UTC',
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
  };
}

/** The environment a function runs with here: the template's, resolved (throws naming every variable it cannot give a local value). */
function localEnvironment(fn: DeployedFunction): Record<string, string> {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(fn.variables)) {
    try {
      const fileVariable = SECRET_FILE_VARIABLES[name];
      if (fileVariable) {
        if (!isRef(value) || template.Resources[value.Ref]?.Type !== 'AWS::SecretsManager::Secret') throw new Error('is not a Ref to a Secrets Manager secret');
        env[fileVariable] = secretFiles.get(value.Ref)!;
      } else {
        if (/_SECRET_ARN$/.test(name)) throw new Error('names a secret: add it to SECRET_FILE_VARIABLES with the file variable its code reads locally');
        env[name] = resolveValue(value);
      }
    } catch (err) {
      problems.push(`${fn.name}: ${name} ${(err as Error).message}`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    ...env,
    ...lambdaRuntimeVariables(fn),
    // Where the local services are (functions/lib/env.ts), and credentials they ignore.
    DYNAMODB_ENDPOINT: dynamo!.endpoint,
    SQS_ENDPOINT: sqsEndpoint,
    SES_ENDPOINT: mail!.endpoint,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    // Lambda runs Node 22; the SDK's notice about Node 20 (this machine) is noise here.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/**
 * The child process: imports the bundle as Lambda's Node runtime does (`<module>.<export>` of the
 * handler setting, .mjs then .js then .cjs), calls it once with the event and a context, and writes
 * the outcome to the result file (stdout is the function's own log).
 */
const RUNNER = `
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const [dir, handlerSetting, eventFile, resultFile, timeoutMs] = process.argv.slice(1);
const dot = handlerSetting.lastIndexOf('.');
const moduleName = handlerSetting.slice(0, dot);
const exportName = handlerSetting.slice(dot + 1);
const write = (outcome) => writeFileSync(resultFile, JSON.stringify(outcome));
let phase = 'loading the bundle';
try {
  const file = ['.mjs', '.js', '.cjs'].map((ext) => join(dir, moduleName + ext)).find((f) => existsSync(f));
  if (!file) throw new Error('no ' + moduleName + '.mjs/.js/.cjs in ' + dir);
  const mod = await import(pathToFileURL(file).href);
  const handler = mod[exportName];
  if (typeof handler !== 'function') throw new Error(file + ' exports no function ' + exportName);
  phase = 'the handler';
  const deadline = Date.now() + Number(timeoutMs);
  const context = {
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:${REGION}:000000000000:function:' + process.env.AWS_LAMBDA_FUNCTION_NAME,
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    awsRequestId: randomUUID(),
    logGroupName: '/aws/lambda/' + process.env.AWS_LAMBDA_FUNCTION_NAME,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done() {}, fail() {}, succeed() {},
  };
  const result = await handler(JSON.parse(readFileSync(eventFile, 'utf8')), context);
  write({ ok: true, result: result === undefined ? null : result });
} catch (err) {
  write({ ok: false, phase, error: { name: err?.name, message: err?.message, stack: err?.stack } });
}
process.exit(0);
`;

let invocationCount = 0;
/** Children still running (afterAll ends them when a test gave up on one). */
const running = new Set<ReturnType<typeof spawn>>();

/** Invokes a deployed function's bundle once in a child Node process; returns what its handler returned. */
async function invoke<T = unknown>(name: string, event: unknown): Promise<T> {
  const fn = functions.find((f) => f.name === name);
  if (!fn) throw new Error(`${name} is not a function of the synthesized template`);
  const n = ++invocationCount;
  const eventFile = join(invocationsDir, `${n}-${name}.event.json`);
  const resultFile = join(invocationsDir, `${n}-${name}.result.json`);
  writeFileSync(eventFile, JSON.stringify(event));
  const timeoutMs = fn.timeoutSeconds * 1000;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUNNER, fn.assetDir, fn.handler, eventFile, resultFile, String(timeoutMs)], {
    cwd: fn.assetDir,
    env: localEnvironment(fn),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // The function's own timeout, plus room for a cold start on a loaded test machine.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs + 20_000);
  const exit = await new Promise<string>((res) => child.on('close', (code, signal) => res(`exit ${code} (${signal ?? 'no signal'})`)));
  clearTimeout(timer);
  const ms = performance.now() - started;
  timings.push(`${name}: ${ms.toFixed(0)} ms`);
  const describeRun = () =>
    `${name} (${fn.entry}, ${fn.assetDir}): ${timedOut ? 'timed out, ' : ''}${exit}\n--- stderr ---\n${stderr.trim()}\n--- stdout (its log) ---\n${stdout.trim().slice(-4000)}`;
  if (!existsSync(resultFile)) throw new Error(`the bundle ended without an outcome: ${describeRun()}`);
  const outcome = JSON.parse(readFileSync(resultFile, 'utf8')) as { ok: true; result: T } | { ok: false; phase: string; error: { name: string; message: string; stack: string } };
  if (!outcome.ok) throw new Error(`${outcome.phase} threw ${outcome.error.stack ?? outcome.error.message}\n${describeRun()}`);
  return outcome.result;
}

// ---- HTTP: API Gateway HTTP API v2 events, through the edge ---------------------------------------

/** A browser session: cookies as the API set them. */
class Visitor {
  readonly cookies = new Map<string, string>();
  /** The viewer address CloudFront reports (one per visitor, so the per-address limits see visitors). */
  readonly address = `198.51.100.${Math.floor(Math.random() * 250) + 1}:${40_000 + Math.floor(Math.random() * 20_000)}`;

  /** Calls a route through its function; the answer's body parsed as JSON (`html: true`: as text, for the one page the API renders). */
  async call(key: RouteKey, opts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; html?: boolean } = {}): Promise<{ status: number; body: any; result: APIGatewayProxyStructuredResultV2 }> {
    const route = ROUTES.find((r) => routeKey(r) === key)!;
    const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(opts.params?.[p] ?? ''));
    expect(compilePath(route.path)(path), `${key}: ${path}`).not.toBeNull();
    const rawQueryString = new URLSearchParams(opts.query ?? {}).toString();
    const originSecret = readFileSync(originSecretFile(), 'utf8').trim();
    const headers: Record<string, string> = {
      host: 'abc123.execute-api.us-east-1.amazonaws.com',
      'x-forwarded-host': LOCAL_APP_DOMAIN,
      'sec-fetch-site': 'same-origin',
      origin: `https://${LOCAL_APP_DOMAIN}`,
      'user-agent': 'deployed-bundles-test',
      [CLIENT_ADDRESS_HEADER]: this.address,
      [ORIGIN_SECRET_HEADER]: originSecret,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    const now = Date.now();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: key,
      rawPath: path,
      rawQueryString,
      ...(this.cookies.size ? { cookies: [...this.cookies].map(([k, v]) => `${k}=${v}`) } : {}),
      headers,
      ...(opts.query ? { queryStringParameters: opts.query } : {}),
      ...(opts.params ? { pathParameters: opts.params } : {}),
      requestContext: {
        accountId: '000000000000',
        apiId: 'abc123',
        domainName: headers.host!,
        domainPrefix: 'abc123',
        http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.0.1', userAgent: headers['user-agent']! },
        requestId: randomUUID(),
        routeKey: key,
        stage: '$default',
        time: new Date(now).toUTCString(),
        timeEpoch: now,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      isBase64Encoded: false,
    };
    const result = await invoke<APIGatewayProxyStructuredResultV2>(`http-${route.domain}`, event);
    for (const cookie of result.cookies ?? []) {
      const pair = cookie.split(';')[0]!;
      const eq = pair.indexOf('=');
      const [k, v] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (v) this.cookies.set(k, v);
      else this.cookies.delete(k);
    }
    const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString('utf8') : (result.body ?? '');
    if (opts.html) return { status: result.statusCode ?? 200, body: text, result };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${key} answered ${result.statusCode} with a body that is not JSON: ${text.slice(0, 300)}`);
    }
    return { status: result.statusCode ?? 200, body, result };
  }
}

const originSecretFile = () => {
  const fn = functions.find((f) => f.name.startsWith('http-'))!;
  return localEnvironment(fn).ORIGIN_SECRET_FILE!;
};

/** The queue (logical id) a function's variable points at. */
function queueOf(functionName: string, variable: string): string {
  const fn = functions.find((f) => f.name === functionName)!;
  const value = fn.variables[variable];
  if (!isRef(value) || !queues.has(value.Ref)) throw new Error(`${functionName}: ${variable} is not a Ref to a queue of the template`);
  return value.Ref;
}

/** Waits until the queue has got `count` more records than `before`, and returns the new ones. */
async function newRecords(queueId: string, before: number, count = 1): Promise<SQSRecord[]> {
  const deadline = Date.now() + 10_000;
  while ((received.get(queueId)?.length ?? 0) < before + count) {
    if (Date.now() > deadline) throw new Error(`queue ${queueId}: ${(received.get(queueId)?.length ?? 0) - before} new messages, expected ${count}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return received.get(queueId)!.slice(before);
}
const sentCount = (queueId: string) => received.get(queueId)?.length ?? 0;

const scheduledEvent = (time: string, ruleName: string) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time,
  region: REGION,
  resources: [`arn:aws:events:${REGION}:000000000000:rule/${ruleName}`],
  detail: {},
});

/** SQS event as the event source mapping delivers it: the records as received, a first receive. */
const sqsEvent = (records: SQSRecord[]) => ({ Records: records.map((r) => ({ ...r, attributes: { ...r.attributes, ApproximateReceiveCount: '1' } })) });

async function familyItem(familyId: string): Promise<Json | undefined> {
  return (await doc.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: { PK: `FAMILY#${familyId}`, SK: 'PROFILE' }, ConsistentRead: true }))).Item;
}

// ---- The cases: one per function, in this order ---------------------------------------------------

const PARENT = { email: `deployed-${randomUUID().slice(0, 8)}@example.com`, password: 'secret-pass-1', timeZone: 'Europe/London' };
const DUE_WEEK = '2027-03-14';
const parent = () => state.parent!;
const state: { parent?: Visitor; familyId?: string; childId?: string; child?: { username: string; password: string }; weeklyRecords?: SQSRecord[]; reportRecords?: SQSRecord[]; deletionRecords?: SQSRecord[] } = {};

/** One real route per domain (the first case of each HTTP function), then whatever the jobs need. */
const HTTP_CASES: Record<Domain, () => Promise<void>> = {
  auth: async () => {
    state.parent = new Visitor();
    const signUp = await parent().call('POST /api/auth/parent-signup', { body: { email: PARENT.email, password: PARENT.password, firstName: 'Dee', lastName: 'Ployed', timeZone: PARENT.timeZone } });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    expect(parent().cookies.size).toBeGreaterThan(0);
    // The welcome e-mail through the local SES, and its link confirms the address (the deletion notice needs a confirmed owner).
    const welcome = await mailbox.waitFor(PARENT.email, { match: (m) => m.subject.startsWith('Welcome') });
    const token = new URLSearchParams(linkTo(welcome, ACCOUNT_PAGES.verifyEmail).hash.slice(1)).get('token');
    const verified = await new Visitor().call('POST /api/auth/verify-email', { body: { token } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const me = await parent().call('GET /api/auth/parent-user');
    expect(me.status).toBe(200);
    state.familyId = me.body.familyId;
    expect(state.familyId).toBeTruthy();
  },
  children: async () => {
    const created = await parent().call('POST /api/children', { body: { displayName: 'Kid One', age: 9, maxDifficultyLevel: 4 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    state.childId = created.body.id;
    state.child = { username: `kid${randomUUID().replace(/-/g, '').slice(0, 10)}`, password: 'pass123' };
    const cred = await parent().call('POST /api/children/{id}/credentials', { params: { id: state.childId! }, body: state.child });
    expect(cred.status, JSON.stringify(cred.body)).toBe(200);
  },
  chores: async () => {
    for (const chore of [
      { name: 'Make bed', category: 'daily', amount: '0.50', difficultyLevel: 1 },
      { name: 'Vacuum', category: 'weekly', amount: '3.25', difficultyLevel: 3 },
    ]) {
      const created = await parent().call('POST /api/chores', { body: chore });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const list = await parent().call('GET /api/chores');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Vacuum');
  },
  assignments: async () => {
    const generated = await parent().call('POST /api/assignments/generate', { body: {} });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  },
  dashboard: async () => {
    const dashboard = await parent().call('GET /api/dashboard');
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    expect(JSON.stringify(dashboard.body)).toContain('Kid One');
  },
  child: async () => {
    const kid = new Visitor();
    const login = await kid.call('POST /api/auth/child-login', { body: state.child });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const mine = await kid.call('GET /api/child/assignments');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  },
  reports: async () => {
    const activity = await parent().call('GET /api/family/activity');
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    // The printable weekly report is the API's one HTML page.
    const report = await parent().call('GET /api/reports/weekly', { html: true });
    expect(report.status, report.body).toBe(200);
    expect(report.result.headers?.['content-type']).toMatch(/text\/html/);
    expect(report.body).toContain('Kid One');
  },
  account: async () => {
    const account = await parent().call('GET /api/account');
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(JSON.stringify(account.body)).toContain(PARENT.email);
    // The weekly e-mail report on: the Sunday worker then queues one for the report mailer.
    const report = await parent().call('PUT /api/account/weekly-report', { body: { enabled: true } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
  },
  family: async () => {
    const members = await parent().call('GET /api/family/members');
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    expect(JSON.stringify(members.body)).toContain(PARENT.email);
  },
  export: async () => {
    const exported = await parent().call('GET /api/family/export');
    expect(exported.status, JSON.stringify(exported.body).slice(0, 500)).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('Kid One');
  },
};

const CASES: Record<string, () => Promise<void>> = {
  ...Object.fromEntries(Object.entries(HTTP_CASES).map(([domain, run]) => [`http-${domain}`, run])),

  'weekly-dispatcher': async () => {
    // Due at its local Sunday 00:00 (London, GMT in March: 00:00Z), as if last run the week before.
    const k = weeklyRunIndexKeys(state.familyId!, runForWeek(DUE_WEEK, PARENT.timeZone));
    await doc.send(
      new UpdateCommand({
        TableName: LOCAL_TABLE_NAME,
        Key: { PK: `FAMILY#${state.familyId}`, SK: 'PROFILE' },
        UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk, nextRunWeekStart = :w REMOVE genClaim',
        ExpressionAttributeValues: { ':pk': k.GSI2PK, ':sk': k.GSI2SK, ':w': k.nextRunWeekStart },
      }),
    );
    const weeklyQueue = queueOf('weekly-dispatcher', 'WEEKLY_QUEUE_URL');
    const before = sentCount(weeklyQueue);
    const result = await invoke<{ dispatched: number; notSent: number }>('weekly-dispatcher', scheduledEvent(`${DUE_WEEK}T00:00:00Z`, 'WeeklyJobSchedule'));
    expect(result).toMatchObject({ dispatched: 1, notSent: 0 });
    state.weeklyRecords = await newRecords(weeklyQueue, before);
    expect(state.weeklyRecords[0]!.body).toContain(state.familyId);
  },

  'weekly-worker': async () => {
    const reportQueue = queueOf('weekly-worker', 'REPORT_QUEUE_URL');
    const before = sentCount(reportQueue);
    const result = await invoke<{ batchItemFailures: unknown[] }>('weekly-worker', sqsEvent(state.weeklyRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await familyItem(state.familyId!)).toMatchObject({ lastRunWeekStart: DUE_WEEK });
    const week = await doc.send(
      new QueryCommand({
        TableName: LOCAL_TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `FAMILY#${state.familyId}`, ':p': `ASSIGN#${DUE_WEEK}#` },
        ConsistentRead: true,
      }),
    );
    expect(week.Items?.length ?? 0).toBeGreaterThan(0);
    // The confirmed parent's weekly report, queued for the report mailer.
    state.reportRecords = await newRecords(reportQueue, before);
    expect(state.reportRecords[0]!.body).toContain(state.familyId);
  },

  'report-mailer': async () => {
    expect(queueOf('report-mailer', 'REPORT_QUEUE_URL')).toBe(queueOf('weekly-worker', 'REPORT_QUEUE_URL'));
    const after = await mailbox.cursor(PARENT.email);
    const result = await invoke<{ batchItemFailures: unknown[] }>('report-mailer', sqsEvent(state.reportRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
    // The report through the local SES, from the configured sender, with its one-click unsubscribe.
    const report = await mailbox.waitFor(PARENT.email, { after });
    expect(report.from).toContain(MAIL_FROM);
    expect(report.headers.map((h) => h.name.toLowerCase())).toContain('list-unsubscribe');
  },

  'ses-events': async () => {
    // SES's event publishing → SNS → the function: a permanent bounce of the parent's address.
    const event = snsEventFor(JSON.stringify(sesEvent('bounce', PARENT.email, { kind: 'weekly-report' })));
    const result = await invoke<{ outcomes: string[] }>('ses-events', event);
    expect(result).toEqual({ outcomes: ['marked'] });
    const account = await parent().call('GET /api/account');
    expect(account.status).toBe(200);
    expect(JSON.stringify(account.body)).toContain('"emailUndeliverable":true');
  },

  'family-deletion-sweeper': async () => {
    // The owner asks (the family function queues the deletion) …
    const deletionQueue = queueOf('family-deletion-sweeper', 'FAMILY_DELETION_QUEUE_URL');
    expect(queueOf('http-family', 'FAMILY_DELETION_QUEUE_URL')).toBe(deletionQueue);
    let before = sentCount(deletionQueue);
    const asked = await parent().call('DELETE /api/family', { body: { password: PARENT.password } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect((await newRecords(deletionQueue, before))[0]!.body).toContain(state.familyId);
    // … and the hourly sweep, later than sweepAfterMinutes, queues the unfinished deletion again.
    before = sentCount(deletionQueue);
    const later = new Date(Date.now() + (FAMILY_DELETION_SETTINGS.sweepAfterMinutes + 5) * 60_000).toISOString();
    const result = await invoke<{ queued: number }>('family-deletion-sweeper', scheduledEvent(later, 'FamilyDeletionSweepSchedule'));
    expect(result).toEqual({ queued: 1 });
    state.deletionRecords = await newRecords(deletionQueue, before);
    expect(state.deletionRecords[0]!.body).toContain(state.familyId);
  },

  'family-deletion-worker': async () => {
    const result = await invoke<{ batchItemFailures: unknown[] }>('family-deletion-worker', sqsEvent(state.deletionRecords!));
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await familyItem(state.familyId!)).toBeUndefined();
    // The owner is told, through the local SES.
    const notice = await mailbox.waitFor(PARENT.email, { match: (m) => /deleted/i.test(m.subject) });
    expect(notice.from).toContain(MAIL_FROM);
  },
};

// ---- Set-up: synth, the local services ----------------------------------------------------------------

beforeAll(async () => {
  const started = performance.now();
  // The synth and the local services start side by side (the synth is most of the wait).
  const synth = run('npx', ['cdk', 'synth', '--quiet', '-c', `mailFrom=${MAIL_FROM}`, '-o', cdkOut], { cwd: REPO_ROOT, env: { ...shellEnv(), FORCE_COLOR: '0' }, timeoutMs: SET_UP_TIMEOUT_MS - 20_000 }).then(() => {
    timings.push(`cdk synth: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
  const services = (async () => {
    // Each kept as soon as it is up, so that afterAll stops it even when the other fails to start
    // (a DynamoDB Local that misses its 30 s on a busy machine used to leave the mail server running).
    const [d, m] = await Promise.all([startDynamoLocal({ dataDir: null }).then((x) => (dynamo = x)), startLocalMail().then((x) => (mail = x))]);
    await ensureTable(d.client, LOCAL_TABLE_NAME);
    doc = DynamoDBDocumentClient.from(d.client);
    mailbox = new Mailbox(m.mailboxUrl);
  })();
  const [s, l] = await Promise.allSettled([synth, services]);
  if (s.status === 'rejected') throw s.reason;
  if (l.status === 'rejected') throw l.reason;

  template = JSON.parse(readFileSync(join(cdkOut, 'ChoreQuest.template.json'), 'utf8')) as typeof template;
  const resources = Object.entries(template.Resources);
  for (const [id, r] of resources) {
    if (r.Type !== 'AWS::Lambda::Function') continue;
    const entry = r.Metadata?.[ENTRY_METADATA_KEY];
    if (typeof entry !== 'string') continue;
    const name = Object.entries(LAMBDA_ENTRIES).find(([, e]) => e === entry)?.[0] ?? `(not in LAMBDA_ENTRIES: ${entry})`;
    const assetPath = r.Metadata?.['aws:asset:path'];
    const props = r.Properties ?? {};
    functions.push({
      name,
      entry,
      logicalId: id,
      assetDir: typeof assetPath === 'string' ? join(cdkOut, assetPath) : '(no asset)',
      handler: String(props.Handler),
      timeoutSeconds: Number(props.Timeout ?? 3),
      memorySize: Number(props.MemorySize ?? 128),
      variables: ((props.Environment as Json | undefined)?.Variables ?? {}) as Record<string, unknown>,
    });
  }

  // A local queue per queue of the template, on one SQS endpoint, read by a consumer that only keeps what arrives.
  for (const [id, r] of resources) {
    if (r.Type !== 'AWS::SQS::Queue') continue;
    const q = new LocalQueue({ name: id, visibilityTimeoutMs: 60_000, maxReceiveCount: 1_000, batchSize: 10, maxConcurrency: 1 });
    queues.set(id, q);
    received.set(id, []);
  }
  const endpoint = await createSqsEndpoint([...queues.values()]);
  sqsEndpoint = endpoint.endpoint;
  sqsStop = endpoint.stop;
  for (const [id, q] of queues) q.attach(async (event) => void received.get(id)!.push(...event.Records));

  // A random secret per secret of the template (32+ characters, as the code requires).
  for (const [id, r] of resources) {
    if (r.Type !== 'AWS::SecretsManager::Secret') continue;
    const file = join(secretsDir, id);
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    secretFiles.set(id, file);
  }
  timings.push(`set-up: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, SET_UP_TIMEOUT_MS);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const q of queues.values()) q.detach();
  await sqsStop?.();
  await Promise.all([dynamo?.stop(), mail?.stop()]);
  rmSync(work, { recursive: true, force: true });
  console.log(`deployed bundles:\n  ${timings.join('\n  ')}`);
});

// ---- The tests --------------------------------------------------------------------------------------

describe('the synthesized stack', () => {
  it('has one bundled asset per function of lambda-entries.ts, and no other function of ours', () => {
    const names = functions.map((f) => f.name).sort();
    expect(names, 'functions carrying AppFunction entry metadata').toEqual(Object.keys(LAMBDA_ENTRIES).sort());
    for (const fn of functions) {
      expect(fn.handler, fn.name).toBe('index.handler');
      expect(existsSync(join(fn.assetDir, 'index.mjs')), `${fn.name}: ${fn.assetDir}/index.mjs`).toBe(true);
    }
    expect(new Set(functions.map((f) => f.assetDir)).size, 'each function its own asset').toBe(functions.length);
    // The exclusion rule: any other function must be aws-cdk-lib's (a prebuilt asset it ships, not
    // bundled from our code) or inline code; a NodejsFunction of ours outside AppFunction fails here.
    const others = Object.entries(template.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Metadata?.[ENTRY_METADATA_KEY] === undefined);
    for (const [id, r] of others) {
      const inline = typeof (r.Properties?.Code as Json | undefined)?.ZipFile === 'string';
      expect(inline || r.Metadata?.['aws:asset:is-bundled'] === false, `${id} (${String(r.Metadata?.['aws:cdk:path'])}) is a bundled function outside AppFunction`).toBe(true);
      expect(r.Properties?.Runtime, id).not.toBe('nodejs22.x');
    }
  });

  it('bundles production builds only (Lambda sets no NODE_ENV: a development build would run)', () => {
    for (const fn of functions) {
      const map = JSON.parse(readFileSync(join(fn.assetDir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(map.sources.filter((source) => /\.development\.js$/.test(source)), fn.name).toEqual([]);
    }
  });

  it('runs the bundles where no node_modules can stand in for a module left out', () => {
    for (let dir = cdkOut; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, 'node_modules')), join(dir, 'node_modules')).toBe(false);
  });

  it('gives every variable of every function a local value (a new variable needs a stand-in here)', () => {
    const problems: string[] = [];
    for (const fn of functions) {
      try {
        localEnvironment(fn);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a case below for every function of lambda-entries.ts and every API domain', () => {
    expect(Object.keys(LAMBDA_ENTRIES).filter((name) => !CASES[name]), 'functions without a case in CASES').toEqual([]);
    expect(HTTP_FUNCTION_DOMAINS.filter((d) => !HTTP_CASES[d])).toEqual([]);
  });
});

describe.sequential('each deployed bundle, invoked under Node', () => {
  const names = [...Object.keys(CASES), ...Object.keys(LAMBDA_ENTRIES).filter((n) => !CASES[n])];
  for (const name of names) {
    it(name, async () => {
      const run = CASES[name];
      if (!run) throw new Error(`${name} (${LAMBDA_ENTRIES[name]}) has no case in CASES of test/infra/deployed-bundles.test.ts: add one that invokes its bundle as its trigger would`);
      if (!functions.some((f) => f.name === name)) throw new Error(`${name} is in CASES but not a function of the synthesized stack`);
      await run();
    });
  }
});
