/**
 * The whole app locally: DynamoDB Local + the table + the session key + the gateway. Used by
 * `npm start` and by the integration tests (with `dataDir: null`, everything in memory).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resetAppEnv } from '../../functions/lib/env';
import { setDbClient } from '../../functions/lib/db';
import { resetSessionKey } from '../../functions/lib/session';
import { resetOriginSecret } from '../../functions/lib/edge-headers';
import { ensureTable, startDynamoLocal, type DynamoLocal } from './dynamo';
import { createGateway, type GatewayOptions } from './gateway';

export const LOCAL_TABLE_NAME = 'chorequest-local';

export interface LocalStack {
  url: string;
  port: number;
  dynamo: DynamoLocal;
  tableName: string;
  server: Server;
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
}): Promise<LocalStack> {
  const scratch = opts.dataDir ? null : mkdtempSync(join(tmpdir(), 'chorequest-'));
  const secretDir = opts.dataDir ? resolve(opts.dataDir) : scratch!;
  const dynamo = await startDynamoLocal({ dataDir: opts.dataDir });
  try {
    await ensureTable(dynamo.client, LOCAL_TABLE_NAME);
    Object.assign(process.env, {
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SESSION_SECRET_FILE: ensureSessionSecret(secretDir),
      // The value the gateway adds to API requests as CloudFront does (functions/lib/edge-headers.ts).
      ORIGIN_SECRET_FILE: ensureSecretFile(secretDir, 'origin-secret'),
      SECURE_COOKIES: 'false',
      AWS_REGION: process.env.AWS_REGION ?? 'local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    });
    resetAppEnv();
    resetSessionKey();
    setDbClient(undefined);
    // Imported after the environment is set so that module-level state sees it.
    const { domainHandlers } = await import('../../functions/http/index');
    resetOriginSecret();
    const originSecret = readFileSync(process.env.ORIGIN_SECRET_FILE!, 'utf8').trim();
    const server = createGateway({ handlers: domainHandlers, staticDir: opts.staticDir, onRequest: opts.onRequest, originSecret });
    const host = opts.host ?? '127.0.0.1';
    await new Promise<void>((res, rej) => {
      server.once('error', rej);
      server.listen(opts.port ?? 0, host, () => res());
    });
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? 0);
    return {
      url: `http://${host === '0.0.0.0' ? 'localhost' : host === '127.0.0.1' ? 'localhost' : host}:${port}`,
      port,
      dynamo,
      tableName: LOCAL_TABLE_NAME,
      server,
      stop: async () => {
        await new Promise<void>((res) => {
          server.closeAllConnections?.();
          server.close(() => res());
        });
        setDbClient(undefined);
        await dynamo.stop();
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
}
