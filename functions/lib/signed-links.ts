/**
 * Links that must work without a stored token and for a long time: the weekly report's one-click
 * unsubscribe (RFC 8058). The link names the parent and the moment it stops working, and carries
 * an HMAC-SHA256 over both, made with a key of its own (never the session key: a function that
 * sends the report has no business being able to mint sessions). Secrets Manager in AWS, a
 * generated file locally. It is the one token that travels in a URL's query (a mail client's
 * one-click POST has no page to read a fragment), so it is bounded in time and can do one thing:
 * turn the weekly report off (docs/privacy.md).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { appEnv } from './env';

/** u1 links (before issue 17) had no end; they are no longer accepted. */
const VERSION = 'u2';
const ID = /^[A-Za-z0-9-]{1,64}$/;

let keyPromise: Promise<Buffer> | undefined;

function linkKey(): Promise<Buffer> {
  keyPromise ??= loadKey().catch((err: unknown) => {
    keyPromise = undefined;
    throw err;
  });
  return keyPromise;
}

/** Tests and the local launcher change the environment between runs. */
export function resetLinkKey(): void {
  keyPromise = undefined;
}

async function loadKey(): Promise<Buffer> {
  const env = appEnv();
  let secret: string | undefined;
  if (env.linkSecretArn) {
    secret = (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: env.linkSecretArn }))).SecretString;
  } else if (env.linkSecretFile) {
    secret = (await readFile(env.linkSecretFile, 'utf8')).trim();
  }
  if (!secret || secret.length < 32) throw new Error('Link signing key is missing or shorter than 32 characters (LINK_SECRET_ARN / LINK_SECRET_FILE)');
  return Buffer.from(secret, 'utf8');
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload, 'utf8').digest('base64url');

export interface UnsubscribeTarget {
  familyId: string;
  parentId: string;
}

/** `u2.<familyId>.<parentId>.<expires, epoch seconds>.<mac>`: goes in the unsubscribe link's query. */
export async function signUnsubscribe(target: UnsubscribeTarget, expiresAt: number): Promise<string> {
  if (!ID.test(target.familyId) || !ID.test(target.parentId)) throw new Error('Unsubscribe links name ids of letters, digits and dashes');
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= 0) throw new Error('Unsubscribe links end at a whole number of epoch seconds');
  const payload = `${VERSION}.${target.familyId}.${target.parentId}.${expiresAt}`;
  return `${payload}.${mac(await linkKey(), payload)}`;
}

/** The parent an unsubscribe token names, or null when it was not signed by us, is malformed or has expired. */
export async function verifyUnsubscribe(token: string | undefined, now: Date): Promise<UnsubscribeTarget | null> {
  const parts = (token ?? '').split('.');
  if (parts.length !== 5) return null;
  const [version, familyId, parentId, expires, sent] = parts as [string, string, string, string, string];
  if (version !== VERSION || !ID.test(familyId) || !ID.test(parentId) || !/^[1-9][0-9]{0,11}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sent)) return null;
  const expected = mac(await linkKey(), `${version}.${familyId}.${parentId}.${expires}`);
  if (!timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) return null;
  return Number(expires) > Math.floor(now.getTime() / 1000) ? { familyId, parentId } : null;
}
