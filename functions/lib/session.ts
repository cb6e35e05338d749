/**
 * Session tokens: a jose-signed JWT (HS256 only, issuer/audience/expiry checked) in an HttpOnly
 * cookie, naming the user, the family and the session (`sid`). The token proves who signed in; the
 * session record (functions/data/family/sessions.ts) says whether that session is still live, so logout
 * and credential changes end it on the server. The signing key never lives in code: Secrets
 * Manager in AWS, a generated file locally.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SignJWT, jwtVerify } from 'jose';
import * as z from 'zod';
import { appEnv } from './env';
import { roleHintCookieName, type SignedInRole } from '../../shared/role-hint';

export const SESSION_ALGORITHM = 'HS256';
const ISSUER = 'chorequest';
const AUDIENCE = 'chorequest-web';

const common = { sub: z.string().min(1), fam: z.string().min(1), sid: z.string().min(16).max(64), exp: z.number().int() };
const claimsSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('parent'), ...common }),
  z.object({ role: z.literal('child'), ...common }),
  // A family board (issue 32, decision 062): `sub` is the board's id, never a person's.
  z.object({ role: z.literal('board'), ...common }),
]);

interface SessionBase {
  userId: string;
  familyId: string;
  /** Names this sign-in among the user's live sessions. */
  sessionId: string;
  /** Epoch seconds. */
  expiresAt: number;
}
export type Session = ({ role: 'parent' } & SessionBase) | ({ role: 'child' } & SessionBase) | ({ role: 'board' } & SessionBase);

/** A fresh, unguessable session id (128 random bits). */
export const newSessionId = (): string => randomBytes(16).toString('base64url');

export async function signSession(session: Session, key: Uint8Array): Promise<string> {
  return new SignJWT({ role: session.role, fam: session.familyId, sid: session.sessionId })
    .setProtectedHeader({ alg: SESSION_ALGORITHM, typ: 'JWT' })
    .setSubject(session.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(session.expiresAt)
    .sign(key);
}

/** Returns the session, or null for anything tampered, expired, unsigned or signed otherwise. */
export async function verifySession(token: string, key: Uint8Array): Promise<Session | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [SESSION_ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const c = claims.data;
    return { role: c.role, userId: c.sub, familyId: c.fam, sessionId: c.sid, expiresAt: c.exp };
  } catch {
    return null;
  }
}

let keyPromise: Promise<Uint8Array> | undefined;

/** The signing key, loaded once per container. */
export function sessionKey(): Promise<Uint8Array> {
  keyPromise ??= loadKey().catch((err: unknown) => {
    keyPromise = undefined;
    throw err;
  });
  return keyPromise;
}

export function resetSessionKey(): void {
  keyPromise = undefined;
}

async function loadKey(): Promise<Uint8Array> {
  const env = appEnv();
  let secret: string | undefined;
  if (env.sessionSecretArn) {
    const sm = new SecretsManagerClient({});
    const out = await sm.send(new GetSecretValueCommand({ SecretId: env.sessionSecretArn }));
    secret = out.SecretString;
  } else if (env.sessionSecretFile) {
    secret = (await readFile(env.sessionSecretFile, 'utf8')).trim();
  }
  if (!secret || secret.length < 32) {
    throw new Error('Session signing key is missing or shorter than 32 characters');
  }
  return new TextEncoder().encode(secret);
}

/** Cookie name: `__Host-` where the browser allows it (https); a plain name on local http. */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-cq_session' : 'cq_session');

export function sessionCookie(token: string, maxAgeSeconds: number): string {
  const { secureCookies } = appEnv();
  return [
    `${sessionCookieName(secureCookies)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(secureCookies ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(): string {
  const { secureCookies } = appEnv();
  return [
    `${sessionCookieName(secureCookies)}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(secureCookies ? ['Secure'] : []),
  ].join('; ');
}

/** The role hint beside the session cookie (shared/role-hint.ts): same lifetime, readable by the page. */
export function roleHintCookie(role: SignedInRole, maxAgeSeconds: number): string {
  const { secureCookies } = appEnv();
  return [`${roleHintCookieName(secureCookies)}=${role}`, 'Path=/', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(secureCookies ? ['Secure'] : [])].join('; ');
}

export function clearedRoleHintCookie(): string {
  const { secureCookies } = appEnv();
  return [`${roleHintCookieName(secureCookies)}=`, 'Path=/', 'SameSite=Lax', 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...(secureCookies ? ['Secure'] : [])].join('; ');
}

/** What a response that signs this browser out sets: both cookies cleared (sign-out, reset, leaving, deleting the family). */
export const signedOutCookies = (): string[] => [clearedSessionCookie(), clearedRoleHintCookie()];

/** Finds the session token among the request's cookies (API Gateway v2 passes them as a list). */
export function tokenFromCookies(cookies: readonly string[] | undefined): string | undefined {
  const name = sessionCookieName(appEnv().secureCookies);
  for (const c of cookies ?? []) {
    for (const part of c.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
    }
  }
  return undefined;
}
