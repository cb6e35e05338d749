/**
 * Co-parents: invitations, accepting one, removing a parent, leaving. A family's parents and its
 * invitations sit next to each other in its partition (`INVITE#…`, `PARENT#…`), so the members list
 * is one Query. The family item counts its parents (`parentCount`) and names its owner (`ownerId`);
 * every change of membership is one transaction that also updates the count conditionally, so two
 * parents leaving at once can never leave a family with none, and no family grows past MAX_PARENTS.
 * A removed or leaving parent's login goes, their sessions end and the invitations they sent are
 * deleted in that same transaction; accepting an invitation is conditional on its sender still
 * being a parent of the family (issue 17: an invitation never outlives the parent who sent it).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { db, tableName } from '../../lib/db';
import { expiresAtFrom, isUnexpired, issueToken, parseToken } from '../../lib/link-tokens';
import { MAX_PARENTS, type FamilyItem, type ParentItem } from './accounts';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { queryAll } from '../query';
import { credentialsChangedWrite, newCredentialStamp } from './sessions';
import { transact, transactIfUnchanged, type TransactItem } from '../transact';

/** Open invitations a family may have at once. */
export const MAX_PENDING_INVITATIONS = 10;

export interface InvitationItem {
  /** The public id (revoking, the members list); the token's hash is the key and is never shown. */
  invitationId: string;
  familyId: string;
  email: string;
  invitedBy: string;
  inviterName: string;
  createdAt: string;
  /** Epoch seconds: the TTL and the end of the invitation's life. */
  expiresAt: number;
}

type Keyed<T> = T & { PK: string; SK: string };

export interface Members {
  parents: ParentItem[];
  /** Unexpired invitations, newest first. */
  invitations: Keyed<InvitationItem>[];
}

/** The family's parents (oldest first) and open invitations: one Query over `INVITE#` … `PARENT#~`. */
export async function listMembers(familyId: string, now: Date, consistent = false): Promise<Members> {
  const items = await queryAll<Keyed<(ParentItem | InvitationItem) & { type: string }>>(
    keys.familyPk(familyId),
    { between: keys.membersRange() },
    { consistent },
  );
  const parents = items.filter((i) => i.type === ITEM_TYPES.parent) as unknown as ParentItem[];
  const invitations = items.filter((i) => i.type === ITEM_TYPES.invitation && isUnexpired(i as InvitationItem, now)) as Keyed<InvitationItem>[];
  return {
    parents: parents.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.parentId.localeCompare(b.parentId)),
    invitations: invitations.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

/**
 * The keys of the open invitations a parent sent (expired ones cannot be accepted and wait for
 * TTL): at most MAX_PENDING_INVITATIONS, so the transaction that deletes them stays small.
 */
async function invitationsSentBy(familyId: string, parentId: string, now = new Date()): Promise<{ PK: string; SK: string }[]> {
  const items = await queryAll<Keyed<InvitationItem>>(keys.familyPk(familyId), { prefix: keys.invitationPrefix }, { consistent: true, attributes: ['PK', 'SK', 'invitedBy', 'expiresAt'] });
  return items.filter((i) => i.invitedBy === parentId && isUnexpired(i, now)).map(({ PK, SK }) => ({ PK, SK }));
}

/** The family must exist and not be being deleted; a family from before co-parents gets its owner recorded. */
const familyStillOpen = (familyId: string, ownerIfUnset: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.family(familyId),
    UpdateExpression: 'SET ownerId = if_not_exists(ownerId, :me)',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion)',
    ExpressionAttributeValues: { ':me': ownerIfUnset },
  },
});

/**
 * Stores an invitation and returns its token (for the link; never stored). `replaces` are earlier
 * invitations of the same address, deleted in the same transaction: their links stop working.
 * Undefined when the family is gone or being deleted.
 */
export async function createInvitation(
  inviter: ParentItem & { name: string },
  email: string,
  replaces: readonly { PK: string; SK: string }[],
  lifetimeSeconds: number,
  now: Date,
): Promise<{ token: string; invitation: InvitationItem; key: { PK: string; SK: string } } | undefined> {
  const { token, secretHash } = issueToken(inviter.familyId);
  const key = keys.invitation(inviter.familyId, secretHash);
  const invitation: InvitationItem = {
    invitationId: randomBytes(12).toString('base64url'),
    familyId: inviter.familyId,
    email,
    invitedBy: inviter.parentId,
    inviterName: inviter.name,
    createdAt: now.toISOString(),
    expiresAt: expiresAtFrom(now, lifetimeSeconds),
  };
  const written = await transact([
    { Put: { TableName: tableName(), Item: { ...key, type: ITEM_TYPES.invitation, ...invitation }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ...replaces.map((key): TransactItem => ({ Delete: { TableName: tableName(), Key: { PK: key.PK, SK: key.SK } } })),
    familyStillOpen(inviter.familyId, inviter.parentId),
  ]);
  if (!written.ok) {
    if (written.failed >= 0) return undefined;
    throw written.error;
  }
  return { token, invitation, key };
}

/** Deletes an invitation (whoever it was sent to, its link stops working). */
export async function deleteInvitation(key: { PK: string; SK: string }): Promise<boolean> {
  return transactIfUnchanged([{ Delete: { TableName: tableName(), Key: { PK: key.PK, SK: key.SK }, ConditionExpression: 'attribute_exists(PK)' } }]);
}

export interface FoundInvitation {
  record: InvitationItem;
  key: { PK: string; SK: string };
}

/** The open invitation a token names, or null (malformed, unknown, used, revoked, expired). */
export async function findInvitation(token: string, now: Date): Promise<FoundInvitation | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const key = keys.invitation(parsed.familyId, parsed.secretHash);
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const record = out.Item as InvitationItem | undefined;
  if (!record || record.familyId !== parsed.familyId || !isUnexpired(record, now)) return null;
  return { record, key };
}

export type AcceptOutcome = { status: 'accepted'; parent: ParentItem; stamp: string } | { status: 'taken' | 'invalid' | 'full' };

/**
 * Makes the invited person a parent of the family, in one transaction: their login (a conditional
 * put: the address must have none, a login belongs to one family), their parent item (the address
 * confirmed: the link was sent to it), the invitation used up, the family's count of parents
 * raised while below MAX_PARENTS and while the family is not being deleted, and a check that the
 * parent who sent the invitation is still a parent of the family.
 */
export async function acceptInvitation(found: FoundInvitation, person: { parentId: string; firstName: string; lastName: string; passwordHash: string }, now: Date): Promise<AcceptOutcome> {
  const { record } = found;
  const at = now.toISOString();
  const stamp = newCredentialStamp();
  const parent: ParentItem = {
    parentId: person.parentId,
    familyId: record.familyId,
    email: record.email,
    firstName: person.firstName,
    lastName: person.lastName,
    createdAt: at,
    emailVerified: true,
    emailVerifiedAt: at,
    invitedBy: record.invitedBy,
  };
  const written = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.parentLogin(record.email), type: ITEM_TYPES.parentLogin, parentId: parent.parentId, familyId: parent.familyId, email: record.email, passwordHash: person.passwordHash, stamp },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Put: { TableName: tableName(), Item: { ...keys.parent(record.familyId, parent.parentId), type: ITEM_TYPES.parent, ...parent }, ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Delete: {
        TableName: tableName(),
        Key: found.key,
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.family(record.familyId),
        UpdateExpression: 'SET parentCount = if_not_exists(parentCount, :one) + :one, ownerId = if_not_exists(ownerId, :inviter)',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion) AND (attribute_not_exists(parentCount) OR parentCount < :max)',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_PARENTS, ':inviter': record.invitedBy },
      },
    },
    { ConditionCheck: { TableName: tableName(), Key: keys.parent(record.familyId, record.invitedBy), ConditionExpression: 'attribute_exists(PK)' } },
  ]);
  if (!written.ok) {
    const { failed } = written;
    if (failed === 0) return { status: 'taken' };
    if (failed === 3) {
      const family = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.family(record.familyId), ConsistentRead: true }))).Item as FamilyItem | undefined;
      return { status: family && !family.deletion ? 'full' : 'invalid' };
    }
    if (failed >= 0) return { status: 'invalid' };
    throw written.error;
  }
  return { status: 'accepted', parent, stamp };
}

/**
 * A parent leaves the family (removed by the owner, or by their own choice): their parent item and
 * login go, their sessions end (a new credential stamp, so a sign-in checked a moment before cannot
 * start one), the invitations they sent are deleted, they leave the weekly report, and the family's
 * count drops while more than one parent is left. (An invitation they send in the same instant is
 * not in the list read here, and is refused at accepting: its sender is no longer a parent.) `family` carries the conditions the caller checked: the owner who removes (`by`), or the
 * owner the family passes to when its owner leaves (`nextOwner`).
 */
export async function removeFromFamily(
  target: ParentItem,
  family: { by?: string; nextOwner?: string; currentOwner?: string },
): Promise<'removed' | 'last' | 'changed'> {
  const { familyId, parentId } = target;
  const sent = await invitationsSentBy(familyId, parentId);
  const values: Record<string, unknown> = { ':one': 1, ':me': new Set([parentId]) };
  const conditions = ['attribute_exists(PK)', 'parentCount > :one'];
  let update = 'SET parentCount = parentCount - :one';
  if (family.by) {
    conditions.push('ownerId = :by');
    values[':by'] = family.by;
  }
  if (family.nextOwner) {
    update += ', ownerId = :next';
    values[':next'] = family.nextOwner;
  }
  if (family.currentOwner) {
    conditions.push('ownerId = :owner');
    values[':owner'] = family.currentOwner;
  }
  const written = await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.family(familyId),
        UpdateExpression: `${update} DELETE reportParents :me`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
      },
    },
    { Delete: { TableName: tableName(), Key: keys.parent(familyId, parentId), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Delete: {
        TableName: tableName(),
        Key: keys.parentLogin(target.email),
        ConditionExpression: 'attribute_not_exists(PK) OR parentId = :pid',
        ExpressionAttributeValues: { ':pid': parentId },
      },
    },
    credentialsChangedWrite(familyId, parentId, 'parent', newCredentialStamp()),
    ...sent.map((key): TransactItem => ({ Delete: { TableName: tableName(), Key: key } })),
  ]);
  if (!written.ok) {
    const { failed } = written;
    if (failed === 0) {
      const current = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.family(familyId), ConsistentRead: true }))).Item as FamilyItem | undefined;
      return (current?.parentCount ?? 1) <= 1 ? 'last' : 'changed';
    }
    if (failed > 0) return 'changed';
    throw written.error;
  }
  return 'removed';
}
