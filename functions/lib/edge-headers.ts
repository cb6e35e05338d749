/**
 * What only the edge may tell the API: that a request came through our CloudFront distribution
 * (a secret origin header), and the viewer's address (CloudFront-Viewer-Address). In AWS CloudFront
 * sets both (an origin custom header and an origin request policy); locally the gateway does, from
 * its own socket, dropping any copy the client sent. Neither is ever read from a header a client
 * can set on its own: without the secret, the request is refused before anything else.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { API_ERRORS } from '../../shared/messages';
import { appEnv } from './env';
import { Forbidden } from './errors';
import { logger } from './logger';

import { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } from './edge-header-names';

export { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER };

let secret: { value: Promise<string | undefined>; loadedAt: number } | undefined;
const RELOAD_AFTER_MS = 60_000;

async function loadSecret(): Promise<string | undefined> {
  const env = appEnv();
  let value: string | undefined;
  if (env.originSecretArn) {
    const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: env.originSecretArn }));
    value = out.SecretString;
  } else if (env.originSecretFile) {
    value = (await readFile(env.originSecretFile, 'utf8')).trim();
  } else {
    return undefined;
  }
  if (!value || value.length < 32) throw new Error('Origin secret is missing or shorter than 32 characters');
  return value;
}

function currentSecret(reload = false): Promise<string | undefined> {
  if (!secret || reload) {
    const value = loadSecret();
    secret = { value, loadedAt: Date.now() };
    value.catch(() => (secret = undefined));
  }
  return secret.value;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Refuses (403) a request that did not come through the distribution. No secret configured (unit
 * tests calling a handler directly) means no check; the stack always configures one. After a
 * rotation, a container holding the old value reloads it (at most once a minute) before refusing.
 */
export async function requireEdge(headers: APIGatewayProxyEventV2['headers']): Promise<void> {
  const sent = headers?.[ORIGIN_SECRET_HEADER];
  let expected = await currentSecret();
  if (expected === undefined) return;
  if (sent && same(sent, expected)) return;
  if (sent && Date.now() - (secret?.loadedAt ?? 0) > RELOAD_AFTER_MS) {
    expected = await currentSecret(true);
    if (expected && same(sent, expected)) return;
  }
  throw new Forbidden(API_ERRORS.notThroughApp);
}

export function resetOriginSecret(): void {
  secret = undefined;
}

export interface ClientAddress {
  /** The viewer's IP address. */
  ip: string;
  /**
   * What per-address limits count by: the IPv4 address, or the /64 prefix of an IPv6 one (a home
   * or a phone gets a whole /64, so counting single IPv6 addresses would let anyone rotate through them).
   */
  key: string;
}

/** `198.51.100.10:46532`, `2001:db8::1:46532` (unbracketed) or `[2001:db8::1]:46532` → the address. */
export function parseViewerAddress(value: string | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return null;
  let ip = text.slice(0, colon);
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  if (ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  return isIP(ip) ? ip : null;
}

/** The first four groups of an IPv6 address, expanded: `2001:db8:0:0::1` → `2001:db8:0:0::/64`. */
export function ipv6Prefix64(ip: string): string {
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The viewer's address as the edge reported it. */
export function clientAddress(event: APIGatewayProxyEventV2): ClientAddress {
  let ip = parseViewerAddress(event.headers?.[CLIENT_ADDRESS_HEADER]);
  if (!ip) {
    // Only reachable when the edge is misconfigured: every address would share one bucket.
    logger.error('no viewer address from the edge; falling back to the connection address');
    ip = parseViewerAddress(`${event.requestContext?.http?.sourceIp ?? '0.0.0.0'}:0`) ?? '0.0.0.0';
  }
  return { ip, key: isIP(ip) === 6 ? ipv6Prefix64(ip) : ip };
}
