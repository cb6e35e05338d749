/**
 * Tokens of the links in account e-mails (password reset, address verification and change,
 * invitations). A token is `<familyId>.<secret>`: 256 random bits, of which only the SHA-256 is
 * stored (in the family's partition, with a TTL), so a leaked table backup or log holds nothing a
 * link could be made from. The family id in front lets the lookup be one GetItem in the family's
 * own partition; without the secret it opens nothing. Decision 040 has the reasoning.
 */
import { createHash, randomBytes } from 'node:crypto';

const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedToken {
  /** What goes into the link (the URL fragment); never stored. */
  token: string;
  /** What is stored and looked up. */
  secretHash: string;
}

export interface ParsedToken {
  familyId: string;
  secretHash: string;
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('base64url');

export function issueToken(familyId: string): IssuedToken {
  if (!FAMILY_ID.test(familyId)) throw new Error('A link token names a family by its UUID');
  const secret = randomBytes(32).toString('base64url');
  return { token: `${familyId}.${secret}`, secretHash: hashSecret(secret) };
}

/** The family and the hash to look up, or null for anything that is not a token we issue. */
export function parseToken(token: string): ParsedToken | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const familyId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!FAMILY_ID.test(familyId) || !SECRET.test(secret)) return null;
  return { familyId, secretHash: hashSecret(secret) };
}

/** Epoch seconds `lifetimeSeconds` from `now`: the record's TTL and its own expiry check. */
export const expiresAtFrom = (now: Date, lifetimeSeconds: number): number => Math.floor(now.getTime() / 1000) + lifetimeSeconds;

/** DynamoDB's TTL deletes late (within days): a record is honoured only before its `expiresAt`. */
export const isUnexpired = (record: { expiresAt?: number } | undefined, now: Date): boolean =>
  record?.expiresAt !== undefined && record.expiresAt > Math.floor(now.getTime() / 1000);
