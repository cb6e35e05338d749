/**
 * Links that must work without a stored token and for a long time: the weekly report's one-click
 * unsubscribe (RFC 8058). The link names the parent and carries an HMAC-SHA256 over what it names,
 * made with a key of its own (never the session key: a function that sends the report has no
 * business being able to mint sessions). Secrets Manager in AWS, a generated file locally.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { appEnv } from './env';

const VERSION = 'u1';
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

/** `u1.<familyId>.<parentId>.<mac>`: goes in the unsubscribe link's query. */
export async function signUnsubscribe(target: UnsubscribeTarget): Promise<string> {
  if (!ID.test(target.familyId) || !ID.test(target.parentId)) throw new Error('Unsubscribe links name ids of letters, digits and dashes');
  const payload = `${VERSION}.${target.familyId}.${target.parentId}`;
  return `${payload}.${mac(await linkKey(), payload)}`;
}

/** The parent an unsubscribe token names, or null when it was not signed by us (or is malformed). */
export async function verifyUnsubscribe(token: string | undefined): Promise<UnsubscribeTarget | null> {
  const parts = (token ?? '').split('.');
  if (parts.length !== 4) return null;
  const [version, familyId, parentId, sent] = parts as [string, string, string, string];
  if (version !== VERSION || !ID.test(familyId) || !ID.test(parentId) || !/^[A-Za-z0-9_-]{43}$/.test(sent)) return null;
  const expected = mac(await linkKey(), `${version}.${familyId}.${parentId}`);
  return timingSafeEqual(Buffer.from(sent), Buffer.from(expected)) ? { familyId, parentId } : null;
}
