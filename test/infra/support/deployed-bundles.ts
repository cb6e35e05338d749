/**
 * The deployment deployed-bundles.test.ts runs: `cdk synth` as a deploy would and the local services
 * beside it (`setUpDeployment`, the file's beforeAll; `tearDownDeployment`, its afterAll), the
 * functions of the template, their environment resolved to the local stand-ins, and `invoke`, which
 * runs a bundle under Node in a child process of its own. The state the set-up fills is read through
 * live bindings. The file's header says what is checked and how.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { ensureTable, startDynamoLocal, type DynamoLocal } from '../../../infra/local/dynamo';
import { startLocalMail, type LocalMail } from '../../../infra/local/mail';
import { createSqsEndpoint, LocalQueue } from '../../../infra/local/queue';
import { ENTRY_METADATA_KEY } from '../../../infra/stacks/app-function';
import { LAMBDA_ENTRIES } from '../../../infra/stacks/lambda-entries';
import { REPO_ROOT } from '../../../infra/stacks/paths';
import { Mailbox } from '../../support/mailbox';

export type Json = Record<string, unknown>;
export interface CfnResource {
  Type: string;
  Properties?: Json;
  Metadata?: Json;
}

/** One app function of the template, as Lambda would run it. */
export interface DeployedFunction {
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
export const MAIL_FROM = 'hello@chorequest.test';
/** The distribution's domain locally (APP_URL is built from it). */
export const LOCAL_APP_DOMAIN = 'app.chorequest.test';
export const LOCAL_TABLE_NAME = 'chorequest-deployed-bundles';
/**
 * The synth bundles every function with esbuild: 40 s on an idle 2-core machine, 100 s while the
 * other infra tests synthesize beside it. More than the project's 180 s hook timeout allows for.
 * A hang guard, not a speed requirement: run M passed 300 s with the browser tests and a developer's
 * own test runs on the same 2 cores.
 */
export const SET_UP_TIMEOUT_MS = 600_000;
export const REGION = 'us-east-1';
/** The template's Secrets Manager ARN variables and the file variable each one's code reads locally instead. */
export const SECRET_FILE_VARIABLES: Record<string, string> = {
  SESSION_SECRET_ARN: 'SESSION_SECRET_FILE',
  ORIGIN_SECRET_ARN: 'ORIGIN_SECRET_FILE',
  LINK_SECRET_ARN: 'LINK_SECRET_FILE',
  VAPID_SECRET_ARN: 'VAPID_SECRET_FILE',
};

export const work = mkdtempSync(join(tmpdir(), 'chorequest-deployed-'));
export const cdkOut = join(work, 'cdk.out');
export const secretsDir = join(work, 'secrets');
export const invocationsDir = join(work, 'invocations');
mkdirSync(secretsDir);
mkdirSync(invocationsDir);

export let template: { Resources: Record<string, CfnResource> };
export const functions: DeployedFunction[] = [];
export let dynamo: DynamoLocal | undefined;
export let doc: DynamoDBDocumentClient;
export let mail: LocalMail | undefined;
export let mailbox: Mailbox;
export let sqsStop: (() => Promise<void>) | undefined;
export let sqsEndpoint = '';
/** One local queue per AWS::SQS::Queue of the template, by logical id. */
export const queues = new Map<string, LocalQueue>();
/** What was sent to each queue (records as the SQS event source would deliver them), by logical id. */
export const received = new Map<string, SQSRecord[]>();
/** One random secret file per AWS::SecretsManager::Secret a function names, by logical id. */
export const secretFiles = new Map<string, string>();
export const timings: string[] = [];

/** This process's environment without vitest's own variables, for the CDK CLI. */
export const shellEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));

/** Runs a command to its end; rejects with everything it printed when it fails. */
export function run(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<string> {
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
export const isRef = (v: unknown): v is { Ref: string } => typeof v === 'object' && v !== null && typeof (v as Json).Ref === 'string';

/**
 * The local value of a template value, or an error naming what has no local stand-in. Resolved by
 * the type of the resource a reference names, never by its name.
 */
export function resolveValue(value: unknown): string {
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
export function lambdaRuntimeVariables(fn: DeployedFunction): Record<string, string> {
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
export function localEnvironment(fn: DeployedFunction): Record<string, string> {
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
export const RUNNER = `
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

export let invocationCount = 0;
/** Children still running (afterAll ends them when a test gave up on one). */
export const running = new Set<ReturnType<typeof spawn>>();

/** Invokes a deployed function's bundle once in a child Node process; returns what its handler returned. */
export async function invoke<T = unknown>(name: string, event: unknown): Promise<T> {
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

/** The file's beforeAll: the synth and the local services, side by side; then the functions, queues and secrets of the template. */
export async function setUpDeployment(): Promise<void> {
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
}

/** The file's afterAll. */
export async function tearDownDeployment(): Promise<void> {
  for (const child of running) child.kill('SIGKILL');
  for (const q of queues.values()) q.detach();
  await sqsStop?.();
  await Promise.all([dynamo?.stop(), mail?.stop()]);
  rmSync(work, { recursive: true, force: true });
  console.log(`deployed bundles:\n  ${timings.join('\n  ')}`);
}
