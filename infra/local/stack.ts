/**
 * The whole app locally: DynamoDB Local + the table + the session key + the local SES with its
 * mailbox + the gateway. Used by `npm start`, the end-to-end server and the integration tests
 * (with `dataDir: null`, everything in memory).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resetAppEnv } from '../../functions/lib/env';
import { setDbClient } from '../../functions/lib/db';
import { logger } from '../../functions/lib/logger';
import { resetSesClient } from '../../functions/lib/mailer';
import { resetLinkKey } from '../../functions/lib/signed-links';
import { resetSessionKey } from '../../functions/lib/session';
import { resetOriginSecret } from '../../functions/lib/edge-headers';
import { ensureTable, startDynamoLocal, type DynamoLocal } from './dynamo';
import { createGateway, type GatewayOptions } from './gateway';
import { startLocalMail, type LocalMail, type LocalMailOptions } from './mail';
import { deliverLocalSesEvent } from './ses-events';
import { startLocalJobs, type LocalFamilyDeletion, type LocalJobOptions, type LocalJobs, type LocalReminders, type LocalWeeklyJob } from './jobs';
import { startLocalPushService, type LocalPushService } from './push-service';
import { resetVapidKeys } from '../../functions/lib/web-push';

export const LOCAL_TABLE_NAME = 'chorequest-local';
/** The sender of local e-mails (.test is reserved for testing: nothing could ever deliver to it). */
export const LOCAL_MAIL_FROM = 'hello@chorequest.test';

export interface LocalStack {
  url: string;
  port: number;
  dynamo: DynamoLocal;
  tableName: string;
  server: Server;
  /** The Sunday job: dispatcher → local queue → worker. */
  weekly: LocalWeeklyJob;
  /** The family deletion job: local queue → worker, and its sweeper. */
  familyDeletion: LocalFamilyDeletion;
  /** The local SES; `mail.mailboxUrl` is the mailbox page. */
  mail: LocalMail;
  /** Issue 32: the reminders (dispatcher → local queue → worker) and the local push service they push to. */
  reminders: LocalReminders;
  push: LocalPushService;
  stop: () => Promise<void>;
}

/** The session signing key file, generated once per data directory (never a constant in code). */
export const ensureSessionSecret = (dir: string): string => ensureSecretFile(dir, 'session-secret');

/** A random secret in a file of the data directory, made on first use. */
function ensureSecretFile(dir: string, name: string): string {
  const file = join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  if (readFileSync(file, 'utf8').trim().length < 32) throw new Error(`${file} holds a key that is too short`);
  return file;
}

export async function startLocalStack(opts: {
  /** Directory for DynamoDB files and the session key; null keeps data in memory. */
  dataDir: string | null;
  port?: number;
  host?: string;
  staticDir?: string;
  onRequest?: GatewayOptions['onRequest'];
  /** Settings of the local weekly queue (defaults: the stack's). */
  weeklyJob?: LocalJobOptions;
  /** Settings of the local family deletion queue (defaults: the stack's). */
  familyDeletion?: LocalJobOptions;
  /** Settings of the local reminder queue (defaults: the stack's). */
  reminders?: LocalJobOptions;
  /** The local push service's port (default: a free one). */
  pushPort?: number;
  /** The local SES's port (default: a free one) and what to do when it had to be restarted. */
  mail?: LocalMailOptions;
  /**
   * Runs once the table and the environment are ready, before the gateway listens: the demo seed,
   * so that nobody (a browser, the e2e server's readiness check) meets a half-seeded family.
   */
  beforeListen?: () => Promise<void>;
}): Promise<LocalStack> {
  const scratch = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'chorequest-'));
  const secretDir = opts.dataDir ? resolve(opts.dataDir) : scratch!;
  const [dynamoStart, mailStart, pushStart] = await Promise.allSettled([startDynamoLocal({ dataDir: opts.dataDir }), startLocalMail(opts.mail), startLocalPushService({ port: opts.pushPort })]);
  if (dynamoStart.status === 'rejected' || mailStart.status === 'rejected' || pushStart.status === 'rejected') {
    if (dynamoStart.status === 'fulfilled') await dynamoStart.value.stop();
    if (mailStart.status === 'fulfilled') await mailStart.value.stop();
    if (pushStart.status === 'fulfilled') await pushStart.value.stop();
    throw [dynamoStart, mailStart, pushStart].map((p) => (p.status === 'rejected' ? p.reason : undefined)).find(Boolean);
  }
  const dynamo = dynamoStart.value;
  const mail = mailStart.value;
  const push = pushStart.value;
  let jobs: LocalJobs | undefined;
  try {
    await ensureTable(dynamo.client, LOCAL_TABLE_NAME);
    Object.assign(process.env, {
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SESSION_SECRET_FILE: ensureSessionSecret(secretDir),
      // The value the gateway adds to API requests as CloudFront does (functions/lib/edge-headers.ts).
      ORIGIN_SECRET_FILE: ensureSecretFile(secretDir, 'origin-secret'),
      // Signs the weekly report's unsubscribe links (functions/lib/signed-links.ts).
      LINK_SECRET_FILE: ensureSecretFile(secretDir, 'link-secret'),
      // Issue 32: the Web Push (VAPID) key pair is derived from it (functions/lib/web-push.ts).
      VAPID_SECRET_FILE: ensureSecretFile(secretDir, 'vapid-secret'),
      SECURE_COOKIES: 'false',
      SES_ENDPOINT: mail.endpoint,
      MAIL_FROM: process.env.MAIL_FROM ?? LOCAL_MAIL_FROM,
      AWS_REGION: process.env.AWS_REGION ?? 'local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      // Embedded-metric JSON is for CloudWatch; locally it would only fill the console.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    });
    resetAppEnv();
    resetSessionKey();
    resetSesClient();
    resetLinkKey();
    resetVapidKeys();
    // The logger may have been created (at INFO) before this environment was set.
    logger.setLogLevel(process.env.POWERTOOLS_LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);
    setDbClient(undefined);
    // Imported after the environment is set so that module-level state sees it.
    jobs = await startLocalJobs({ weeklyJob: opts.weeklyJob, familyDeletion: opts.familyDeletion, reminders: opts.reminders });
    const { domainHandlers } = await import('../../functions/http/index');
    resetOriginSecret();
    const originSecret = readFileSync(process.env.ORIGIN_SECRET_FILE!, 'utf8').trim();
    await opts.beforeListen?.();
    const server = createGateway({ handlers: domainHandlers, staticDir: opts.staticDir, onRequest: opts.onRequest, originSecret, sesEvents: deliverLocalSesEvent });
    const host = opts.host ?? '127.0.0.1';
    await new Promise<void>((res, rej) => {
      server.once('error', rej);
      server.listen(opts.port ?? 0, host, () => res());
    });
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? 0);
    const url = `http://${host === '0.0.0.0' ? 'localhost' : host === '127.0.0.1' ? 'localhost' : host}:${port}`;
    // Links in e-mails point at this app; known only now that the gateway listens.
    process.env.APP_URL = url;
    resetAppEnv();
    return {
      url,
      port,
      dynamo,
      tableName: LOCAL_TABLE_NAME,
      server,
      weekly: jobs.weekly,
      familyDeletion: jobs.familyDeletion,
      mail,
      reminders: jobs.reminders,
      push,
      stop: async () => {
        await jobs!.stop();
        await new Promise<void>((res) => {
          server.closeAllConnections?.();
          server.close(() => res());
        });
        setDbClient(undefined);
        resetSesClient();
        await Promise.all([dynamo.stop(), mail.stop(), push.stop()]);
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await jobs?.stop();
    await Promise.all([dynamo.stop(), mail.stop(), push.stop()]);
    throw err;
  }
}
