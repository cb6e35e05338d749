/**
 * Starts the whole local stack (DynamoDB Local in memory, the local SES, the gateway) once for the integration run.
 *
 * Two vitest projects use this file: `integration` (files run in parallel) and `integration-serial`
 * (files that must run alone, after the parallel ones; vitest.config.ts says which and why). They
 * share one stack. Vitest imports a project's globalSetup through that project's own module runner,
 * so this module is loaded once per project and a module-level variable would not be shared: the
 * stack lives on `globalThis` (the vitest main process, where both projects' setups run) under a
 * Symbol.for key. The first setup starts it, every setup provides its addresses to its project,
 * and the last teardown stops it. Two stacks in one process would not work anyway: starting one
 * points this process's environment (TABLE_NAME, SES_ENDPOINT, …) and the data layer at it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import type { LocalStack } from '../../infra/local/stack';

type Provided = Pick<
  ProvidedContext,
  'baseUrl' | 'dynamoEndpoint' | 'tableName' | 'sessionSecretFile' | 'mailboxUrl' | 'sesEndpoint' | 'mailFrom' | 'originSecretFile' | 'linkSecretFile' | 'vapidSecretFile' | 'pushUrl'
>;

interface SharedStack {
  /** Resolves once the stack listens; rejects if it could not start. */
  ready: Promise<{ stack: LocalStack; site: string; provided: Provided }>;
  /** Projects whose setup ran and whose teardown has not yet. */
  users: number;
}

const KEY = Symbol.for('chorequest.integration-stack');
const holder = globalThis as typeof globalThis & { [KEY]?: SharedStack };

async function start(): Promise<{ stack: LocalStack; site: string; provided: Provided }> {
  // Lets tests count the DynamoDB requests behind each API call (x-dynamodb-requests).
  process.env.EXPOSE_DYNAMO_REQUEST_COUNT = '1';
  // A stand-in web build, so page requests take the static path `npm start` serves.
  const site = mkdtempSync(join(tmpdir(), 'chorequest-site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>ChoreQuest</title>');
  writeFileSync(join(site, 'assets', 'app-abc123.js'), 'console.log(1)');
  let stack: LocalStack;
  try {
    // Imported here, not above: only the setup that starts the stack loads the app's modules.
    const { startLocalStack } = await import('../../infra/local/stack');
    stack = await startLocalStack({ dataDir: null, staticDir: site });
  } catch (err) {
    rmSync(site, { recursive: true, force: true });
    throw err;
  }
  return {
    stack,
    site,
    provided: {
      baseUrl: stack.url,
      dynamoEndpoint: stack.dynamo.endpoint,
      tableName: stack.tableName,
      sessionSecretFile: process.env.SESSION_SECRET_FILE!,
      mailboxUrl: stack.mail.mailboxUrl,
      sesEndpoint: stack.mail.endpoint,
      mailFrom: process.env.MAIL_FROM!,
      originSecretFile: process.env.ORIGIN_SECRET_FILE!,
      linkSecretFile: process.env.LINK_SECRET_FILE!,
      vapidSecretFile: process.env.VAPID_SECRET_FILE!,
      pushUrl: stack.push.url,
    },
  };
}

export async function setup(project: TestProject): Promise<void> {
  const shared = (holder[KEY] ??= { ready: start(), users: 0 });
  // Counted before waiting: vitest calls teardown for every project whose setup it called, even a failed one.
  shared.users++;
  const { provided } = await shared.ready;
  for (const [key, value] of Object.entries(provided) as [keyof Provided, string][]) project.provide(key, value);
}

export async function teardown(): Promise<void> {
  const shared = holder[KEY];
  if (!shared || --shared.users > 0) return;
  delete holder[KEY];
  const started = await shared.ready.catch(() => undefined);
  if (!started) return;
  await started.stack.stop();
  rmSync(started.site, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    sessionSecretFile: string;
    /** The local SES's mailbox page; test/support/mailbox.ts reads its /store. */
    mailboxUrl: string;
    /** The local SES endpoint, for tests that send through the mailer in their own process. */
    sesEndpoint: string;
    mailFrom: string;
    originSecretFile: string;
    /** Signs unsubscribe links; tests that run the Sunday worker in their own process need it. */
    linkSecretFile: string;
    /** Issue 32: the Web Push key pair's secret (tests that run the reminder worker in their own process). */
    vapidSecretFile: string;
    /** Issue 32: the local push service (infra/local/push-service.ts): subscriptions and what it received. */
    pushUrl: string;
  }
}
