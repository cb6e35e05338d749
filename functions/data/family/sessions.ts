/**
 * Which sessions are live, per user: one record `FAMILY#<fid>` / `SESSIONS#<userId>` holding the
 * user's live session ids (each with its expiry) and the user's credential stamp. Every signed-in
 * request reads that one record (one consistent GetItem); ending sessions is one write:
 *
 * - endSession: this sign-in only (logout);
 * - endAllSessionsOf: every sign-in of one user, optionally keeping the caller's own (a parent's
 *   password change, a co-parent's removal);
 * - endAllSessionsOfFamily: every user of a family (family deletion): one write per user;
 * - credentialsChangedWrite: inside the transaction that changes a login, ends the user's sessions
 *   and sets a new stamp, so a sign-in that checked the old password can no longer start a session.
 *
 * docs/decisions/010-server-side-session-revocation.md has the reasoning and the costs.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import type { Session } from '../../lib/session';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import type { TransactItem } from '../transact';

/** Sessions kept per user; a sign-in beyond it ends the one closest to expiry. */
export const MAX_LIVE_SESSIONS = 20;

type Role = Session['role'];

export interface SessionsItem {
  userId: string;
  role: Role;
  /** Session id → expiry (epoch seconds). */
  live: Record<string, number>;
  /** The credential stamp of the login the sessions were started with. */
  stamp?: string;
  /** Bumped by every write, so a sign-in's read-modify-write never brings an ended session back. */
  version: number;
}

/** A new credential stamp: stored on a login record when its password or username is set. */
export const newCredentialStamp = (): string => randomBytes(12).toString('base64url');

const identity = (familyId: string, userId: string, role: Role) => ({
  ...keys.sessions(familyId, userId),
  type: ITEM_TYPES.sessions,
  userId,
  role,
  // A child's record is found with the rest of the child's items, so deleting the child ends its sessions.
  ...(role === 'child' ? keys.childIndex(userId, keys.sessions(familyId, userId).SK) : {}),
});

async function getSessions(familyId: string, userId: string): Promise<SessionsItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.sessions(familyId, userId), ConsistentRead: true }));
  return out.Item as SessionsItem | undefined;
}

/**
 * Records a new sign-in. `stamp` is the credential stamp on the login record whose password was
 * just checked: when the user's credentials were changed since (another stamp is recorded), the
 * sign-in is refused (false). Expired sessions are dropped on the way.
 */
export async function startSession(session: Session, stamp: string, nowSec = Math.floor(Date.now() / 1000)): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getSessions(session.familyId, session.userId);
    if (current?.stamp !== undefined && current.stamp !== stamp) return false;
    const live = Object.entries(current?.live ?? {})
      .filter(([, exp]) => exp > nowSec)
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_LIVE_SESSIONS - 1);
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...identity(session.familyId, session.userId, session.role),
            live: Object.fromEntries([...live, [session.sessionId, session.expiresAt]]),
            stamp,
            version: (current?.version ?? 0) + 1,
          },
          ConditionExpression: current ? 'version = :v' : 'attribute_not_exists(PK)',
          ...(current ? { ExpressionAttributeValues: { ':v': current.version } } : {}),
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error('Could not record the session: its record kept changing');
}

/** Whether the session is still live on the server (the one read every signed-in request costs). */
export async function isSessionLive(session: Session, nowSec = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const exp = (await getSessions(session.familyId, session.userId))?.live?.[session.sessionId];
  return exp !== undefined && exp > nowSec;
}

/** The ids of a user's sessions still live (one read; issue 32: a device whose session ended stops receiving reminders). */
export async function liveSessionIds(familyId: string, userId: string, nowSec = Math.floor(Date.now() / 1000)): Promise<Set<string>> {
  const live = (await getSessions(familyId, userId))?.live ?? {};
  return new Set(Object.entries(live).filter(([, exp]) => exp > nowSec).map(([id]) => id));
}

async function updateExisting(familyId: string, userId: string, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>): Promise<void> {
  try {
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.sessions(familyId, userId), ConditionExpression: 'attribute_exists(PK)', ...update }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err; // no record: nothing was live
  }
}

/** Ends one sign-in (logout). */
export async function endSession(session: Pick<Session, 'familyId' | 'userId' | 'sessionId'>): Promise<void> {
  await updateExisting(session.familyId, session.userId, {
    UpdateExpression: 'REMOVE live.#sid ADD version :one',
    ExpressionAttributeNames: { '#sid': session.sessionId },
    ExpressionAttributeValues: { ':one': 1 },
  });
}

/** Ends every sign-in of one user at once, except `keep` (the caller's own session) when given. */
export async function endAllSessionsOf(familyId: string, userId: string, keep?: Pick<Session, 'sessionId' | 'expiresAt'>): Promise<void> {
  await updateExisting(familyId, userId, {
    UpdateExpression: 'SET live = :live ADD version :one',
    ExpressionAttributeValues: { ':live': keep ? { [keep.sessionId]: keep.expiresAt } : {}, ':one': 1 },
  });
}

/** Ends every sign-in of every user of a family (one write per user who ever signed in). */
export async function endAllSessionsOfFamily(familyId: string): Promise<number> {
  const records = await queryAll<SessionsItem>(keys.familyPk(familyId), { prefix: keys.sessionsPrefix }, { consistent: true });
  await Promise.all(records.map((r) => endAllSessionsOf(familyId, r.userId)));
  return records.length;
}

/**
 * The write that goes into the transaction changing a user's login (username or password): ends
 * every session of the user (but `keep`) and records the login's new credential stamp.
 */
export function credentialsChangedWrite(familyId: string, userId: string, role: Role, stamp: string, keep?: Pick<Session, 'sessionId' | 'expiresAt'>): TransactItem {
  const { PK, SK, ...attrs } = identity(familyId, userId, role);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':live': keep ? { [keep.sessionId]: keep.expiresAt } : {}, ':stamp': stamp, ':one': 1 };
  const sets = Object.entries(attrs).map(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    return `#a${i} = :a${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: { PK, SK },
      UpdateExpression: `SET ${[...sets, 'live = :live', 'stamp = :stamp'].join(', ')} ADD version :one`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
