/**
 * The records behind the links in account e-mails, and the writes that follow them. A record lives
 * in the family's partition under the SHA-256 of its token's secret (functions/lib/link-tokens.ts),
 * with a TTL; following a link deletes its record in the same transaction as the change it makes,
 * conditional on the record still being there and unexpired, so a link works once.
 *
 * - password reset: the record holds the login's credential stamp; the new password is written only
 *   while the login still has that stamp, so a password changed since (by another reset or in the
 *   settings) retires every reset link sent before;
 * - verification: holds the address it was sent to; confirms only while that is still the
 *   parent's address;
 * - address change: holds the new address; works only while it is the parent's pending change
 *   (a newer request or a cancel retires it). The login record moves to the new address in the
 *   same transaction (conditional put: the address must still be free);
 * - cancelling an address change: sent to the current address when a change is asked for (issue 17);
 *   holds the new address and drops the pending change while it is still that one.
 *
 * Whatever proves the current owner (a password reset, a password change, confirming the current
 * address) also drops a pending address change in the same transaction: a change asked for with a
 * stolen password cannot outlive the owner taking the account back (issue 17).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import { expiresAtFrom, isUnexpired, issueToken, parseToken, type ParsedToken } from '../../lib/link-tokens';
import type { ParentItem, ParentLoginItem } from './accounts';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure } from '../query';
import { transact, transactIfUnchanged } from '../transact';
import { credentialsChangedWrite, newCredentialStamp } from './sessions';

/** Drops a pending address change: its confirmation link then no longer works. */
const DROP_PENDING_CHANGE = 'REMOVE pendingEmail, pendingEmailUntil';
/**
 * With a confirmed address: drops the pending change and the mark a permanent bounce left (issue 20,
 * decision 051): the parent has just proven the address takes mail again, or moved to a new one.
 */
const CONFIRMED_REMOVE = `${DROP_PENDING_CHANGE}, emailUndeliverable`;

export type LinkKind = 'password-reset' | 'verify-email' | 'email-change' | 'email-change-cancel';

export interface LinkTokenItem {
  kind: LinkKind;
  familyId: string;
  parentId: string;
  /** Reset and verification: the address it was sent to. Address change and its cancel link: the new address. */
  email: string;
  /** Password reset: the login's credential stamp when the link was sent ('' when it had none). */
  stamp?: string;
  /**
   * Verification sent by "Forgot password?" to an unconfirmed address: following it confirms the
   * address and hands out a reset at once (the link proves the inbox, as a reset link would).
   */
  purpose?: 'reset';
  createdAt: string;
  /** Epoch seconds: the TTL, and the end of the link's life. */
  expiresAt: number;
}

/** A new link's record as a put (with the token for the link, which is not stored). */
function newLinkPut(record: Omit<LinkTokenItem, 'createdAt' | 'expiresAt'>, lifetimeSeconds: number, now: Date) {
  const { token, secretHash } = issueToken(record.familyId);
  const item: LinkTokenItem = { ...record, createdAt: now.toISOString(), expiresAt: expiresAtFrom(now, lifetimeSeconds) };
  return {
    token,
    put: {
      TableName: tableName(),
      Item: { ...keys.linkToken(record.familyId, secretHash), type: ITEM_TYPES.linkToken, ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Stores a new link's record and returns the token for the link (which is not stored). */
export async function saveLinkToken(record: Omit<LinkTokenItem, 'createdAt' | 'expiresAt'>, lifetimeSeconds: number, now: Date): Promise<string> {
  const { token, put } = newLinkPut(record, lifetimeSeconds, now);
  await db().send(new PutCommand(put));
  return token;
}

export interface FoundLink {
  record: LinkTokenItem;
  key: { PK: string; SK: string };
}

/** The unexpired record of a link of this kind, or null (malformed, unknown, used, expired, another kind). */
export async function findLink(token: string, kind: LinkKind, now: Date): Promise<FoundLink | null> {
  const parsed: ParsedToken | null = parseToken(token);
  if (!parsed) return null;
  const key = keys.linkToken(parsed.familyId, parsed.secretHash);
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const record = out.Item as LinkTokenItem | undefined;
  if (!record || record.kind !== kind || record.familyId !== parsed.familyId || !isUnexpired(record, now)) return null;
  return { record, key };
}

/** The delete that uses a link up: only while it is there and unexpired. */
const useLink = (link: FoundLink, now: Date) => ({
  Delete: {
    TableName: tableName(),
    Key: link.key,
    ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
    ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
  },
});

/**
 * Marks the parent's address confirmed, and drops any pending address change (the owner of the
 * address has just proven it); false when the link is used up or the address changed since.
 */
export async function confirmAddress(link: FoundLink, now: Date): Promise<boolean> {
  const { record } = link;
  return transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.parent(record.familyId, record.parentId),
        UpdateExpression: `SET emailVerified = :t, emailVerifiedAt = if_not_exists(emailVerifiedAt, :at) ${CONFIRMED_REMOVE}`,
        ConditionExpression: 'attribute_exists(PK) AND email = :email',
        ExpressionAttributeValues: { ':t': true, ':at': now.toISOString(), ':email': record.email },
      },
    },
    useLink(link, now),
  ]);
}

/** The parent item's update that drops a pending address change (it stays where it is otherwise). */
const dropPendingChange = (familyId: string, parentId: string) => ({
  Update: {
    TableName: tableName(),
    Key: keys.parent(familyId, parentId),
    UpdateExpression: DROP_PENDING_CHANGE,
    ConditionExpression: 'attribute_exists(PK)',
  },
});

/** A condition that the login still carries `stamp` ('' = a login from before stamps, with none). */
const stampIs = (stamp: string | undefined) =>
  stamp ? { expression: 'stamp = :stamp', values: { ':stamp': stamp } } : { expression: 'attribute_not_exists(stamp)', values: {} };

/**
 * Sets the new password of the login the reset link was sent for, ends every session of the
 * parent, drops a pending address change, and uses the link up. False when the link is used up or
 * the password changed since.
 */
export async function resetPasswordWithLink(link: FoundLink, login: ParentLoginItem, passwordHash: string, now: Date): Promise<boolean> {
  const { record } = link;
  const stamp = newCredentialStamp();
  const was = stampIs(record.stamp);
  return transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.parentLogin(login.email),
        UpdateExpression: 'SET passwordHash = :hash, stamp = :new',
        ConditionExpression: `parentId = :pid AND familyId = :fid AND ${was.expression}`,
        ExpressionAttributeValues: { ':hash': passwordHash, ':new': stamp, ':pid': record.parentId, ':fid': record.familyId, ...was.values },
      },
    },
    useLink(link, now),
    credentialsChangedWrite(record.familyId, record.parentId, 'parent', stamp),
    dropPendingChange(record.familyId, record.parentId),
  ]);
}

/**
 * Records an address change waiting for its link: the parent's `pendingEmail` (which retires any
 * earlier change's links), the confirmation link's record (for the new address) and the cancel
 * link's record (for the current address). Returns both tokens; undefined when the parent is gone.
 */
export async function startEmailChange(
  parent: ParentItem,
  newEmail: string,
  lifetimeSeconds: number,
  now: Date,
): Promise<{ confirmToken: string; cancelToken: string } | undefined> {
  const link = { familyId: parent.familyId, parentId: parent.parentId, email: newEmail };
  const { token, put } = newLinkPut({ kind: 'email-change', ...link }, lifetimeSeconds, now);
  const cancel = newLinkPut({ kind: 'email-change-cancel', ...link }, lifetimeSeconds, now);
  const written = await transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.parent(parent.familyId, parent.parentId),
        UpdateExpression: 'SET pendingEmail = :new, pendingEmailUntil = :until',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':new': newEmail, ':until': put.Item.expiresAt },
      },
    },
    { Put: put },
    { Put: cancel.put },
  ]);
  return written ? { confirmToken: token, cancelToken: cancel.token } : undefined;
}

/**
 * Follows the cancel link sent to the current address: drops the pending change while it is still
 * the one the link was sent about, and uses the link up. False when the change was confirmed,
 * cancelled or replaced since, or the link is used up.
 */
export async function cancelEmailChangeWithLink(link: FoundLink, now: Date): Promise<boolean> {
  const { record } = link;
  return transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.parent(record.familyId, record.parentId),
        UpdateExpression: DROP_PENDING_CHANGE,
        ConditionExpression: 'attribute_exists(PK) AND pendingEmail = :p',
        ExpressionAttributeValues: { ':p': record.email },
      },
    },
    useLink(link, now),
  ]);
}

/** Drops a pending address change (its link then no longer works); returns the parent as it is now. */
export async function cancelEmailChange(familyId: string, parentId: string, onlyIf?: string): Promise<ParentItem | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.parent(familyId, parentId),
        UpdateExpression: DROP_PENDING_CHANGE,
        ConditionExpression: onlyIf ? 'attribute_exists(PK) AND pendingEmail = :p' : 'attribute_exists(PK)',
        ...(onlyIf ? { ExpressionAttributeValues: { ':p': onlyIf } } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ParentItem;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export type EmailChangeOutcome = 'changed' | 'taken' | 'invalid';

/**
 * Moves the parent's login to the new address (a conditional put: still free), confirms it, and
 * uses the link up, in one transaction. `login` is the current login record, read consistently:
 * the old record is deleted only while it still holds the same password and stamp, so the moved
 * record cannot carry a password that was changed in between.
 */
export async function confirmEmailChange(link: FoundLink, parent: ParentItem, login: ParentLoginItem, now: Date): Promise<EmailChangeOutcome> {
  const { record } = link;
  const was = stampIs(login.stamp);
  const written = await transact([
    {
      Put: {
        TableName: tableName(),
        // The login's own attributes only (never its old key).
        Item: {
          ...keys.parentLogin(record.email),
          type: ITEM_TYPES.parentLogin,
          parentId: login.parentId,
          familyId: login.familyId,
          email: record.email,
          passwordHash: login.passwordHash,
          ...(login.stamp ? { stamp: login.stamp } : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: keys.parentLogin(login.email),
        ConditionExpression: `parentId = :pid AND passwordHash = :hash AND ${was.expression}`,
        ExpressionAttributeValues: { ':pid': record.parentId, ':hash': login.passwordHash, ...was.values },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.parent(record.familyId, record.parentId),
        UpdateExpression: `SET email = :new, emailVerified = :t, emailVerifiedAt = :at ${CONFIRMED_REMOVE}`,
        ConditionExpression: 'attribute_exists(PK) AND email = :old AND pendingEmail = :new',
        ExpressionAttributeValues: { ':new': record.email, ':old': parent.email, ':t': true, ':at': now.toISOString() },
      },
    },
    useLink(link, now),
  ]);
  if (!written.ok) {
    if (written.failed === 0) return 'taken';
    if (written.failed > 0) return 'invalid';
    throw written.error;
  }
  return 'changed';
}

/**
 * A signed-in parent's new password: ends the parent's other sessions (`keep` stays), sets a new
 * credential stamp, which also retires every reset link sent before, and drops a pending address
 * change. False when the login changed in between (checked against the hash that was verified).
 */
export async function changePassword(login: ParentLoginItem, passwordHash: string, keep: { sessionId: string; expiresAt: number }): Promise<boolean> {
  const stamp = newCredentialStamp();
  return transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.parentLogin(login.email),
        UpdateExpression: 'SET passwordHash = :hash, stamp = :new',
        ConditionExpression: 'parentId = :pid AND passwordHash = :old',
        ExpressionAttributeValues: { ':hash': passwordHash, ':new': stamp, ':pid': login.parentId, ':old': login.passwordHash },
      },
    },
    credentialsChangedWrite(login.familyId, login.parentId, 'parent', stamp, keep),
    dropPendingChange(login.familyId, login.parentId),
  ]);
}
