/**
 * Web Push from the application server (issue 32, RFC 8030 / 8291 / 8292): the `web-push` library
 * encrypts each payload for its subscription (aes128gcm) and signs the VAPID JWT; the request goes
 * out with fetch, so the push service may be any URL a browser gave (and, locally, the local push
 * service over plain http: infra/local/push-service.ts).
 *
 * The VAPID key pair is derived from one secret (Secrets Manager in AWS, a generated file locally):
 * HKDF-SHA-256 of the secret gives the P-256 private key, and the public key follows from it. So the
 * secret is an ordinary random string Secrets Manager can generate and rotate, and every function
 * that derives the pair gets the same one (docs/decisions/063-web-push-reminders.md).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createECDH, hkdfSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import webpush from 'web-push';
import type { PushPayload } from '../../shared/api-types';
import { appEnv } from './env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The order of P-256's group: a private key is a number from 1 to n − 1. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** The key pair a secret stands for (the same secret, the same pair). */
export function vapidKeysFrom(secret: string): VapidKeys {
  for (let counter = 0; ; counter++) {
    const d = Buffer.from(hkdfSync('sha256', secret, 'chorequest-vapid', `p256-${counter}`, 32));
    const n = BigInt(`0x${d.toString('hex')}`);
    // All but a 2^-32 share of values are valid; the next counter for the rest.
    if (n === 0n || n >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: d.toString('base64url') };
  }
}

let keysPromise: Promise<VapidKeys> | undefined;

/** The application server's VAPID keys (read once per process). */
export function vapidKeys(): Promise<VapidKeys> {
  keysPromise ??= loadSecret()
    .then(vapidKeysFrom)
    .catch((err: unknown) => {
      keysPromise = undefined;
      throw err;
    });
  return keysPromise;
}

/** Tests and the local launcher change the environment between runs. */
export function resetVapidKeys(): void {
  keysPromise = undefined;
}

async function loadSecret(): Promise<string> {
  const env = appEnv();
  let secret: string | undefined;
  if (env.vapidSecretArn) secret = (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: env.vapidSecretArn }))).SecretString;
  else if (env.vapidSecretFile) secret = (await readFile(env.vapidSecretFile, 'utf8')).trim();
  if (!secret || secret.length < 32) throw new Error('The Web Push secret is missing or shorter than 32 characters (VAPID_SECRET_ARN / VAPID_SECRET_FILE)');
  return secret;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What a push service answered: `sent` (201/202), `gone` (404/410: the subscription is no more, delete
 * it at once), `rejected` (this message can never be delivered: 400/403/413), or `retry` (429, 5xx,
 * no answer: later, with backoff).
 */
export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'rejected'; status: number } | { outcome: 'retry'; status?: number; retryAfterMs?: number };

export interface PushOptions {
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 topic: a newer message of the same topic replaces one not yet delivered. */
  topic?: string;
}

/** The subject of the VAPID claim: who runs this server, for a push service that needs to reach us. */
const vapidSubject = (): string => {
  const env = appEnv();
  return env.mailFrom ? `mailto:${env.mailFrom}` : (env.appUrl ?? 'mailto:hello@chorequest.app');
};

/** Encrypts and sends one push. Never throws for what the push service answers; `fetchImpl` for tests. */
export async function sendPush(target: PushTarget, payload: PushPayload, options: PushOptions, fetchImpl: typeof fetch = fetch): Promise<PushOutcome> {
  const keys = await vapidKeys();
  const request = webpush.generateRequestDetails(target, JSON.stringify(payload), {
    vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: options.ttlSeconds,
    urgency: options.urgency,
    ...(options.topic ? { topic: options.topic } : {}),
    contentEncoding: 'aes128gcm',
  });
  let res: Response;
  try {
    res = await fetchImpl(request.endpoint, { method: 'POST', headers: request.headers as Record<string, string>, body: new Uint8Array(request.body as Buffer), signal: AbortSignal.timeout(10_000) });
  } catch {
    return { outcome: 'retry' };
  }
  await res.arrayBuffer().catch(() => undefined);
  if (res.status >= 200 && res.status < 300) return { outcome: 'sent' };
  if (res.status === 404 || res.status === 410) return { outcome: 'gone', status: res.status };
  if (res.status === 429 || res.status >= 500) {
    const after = Number(res.headers.get('retry-after'));
    return { outcome: 'retry', status: res.status, ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}) };
  }
  return { outcome: 'rejected', status: res.status };
}
