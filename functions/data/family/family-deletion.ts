/**
 * Deleting a family (docs/decisions/043-family-deletion-job.md). The owner's request marks the family
 * (`deletion`, and the family moves from the Sunday job's index to the deletion index) and deletes
 * every parent's login in one transaction, so every parent's address can sign up again at once and
 * nobody can sign in to the family; the caller then ends every session. Everything else goes in
 * the deletion job (functions/jobs/family-deletion), page by page: child logins first (they name
 * a child item, which is how they are found), then the items of the partition in BatchWriteItem
 * calls, the family item last. Each step deletes what it finds, so a step that fails or runs out of
 * time is simply run again.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import type { FamilyDeletion, FamilyItem, ParentItem } from './accounts';
import { batchWriteAll, type BulkWriteOptions } from '../batch-write';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure } from '../query';
import { transactIfUnchanged, type TransactItem } from '../transact';

/**
 * Marks the family for deletion and deletes every parent's login (each only while it still belongs
 * to this family). 'already' when the family was already marked (a second request) or is gone.
 */
export async function markFamilyForDeletion(family: FamilyItem, parents: readonly ParentItem[], deletion: FamilyDeletion): Promise<'marked' | 'already'> {
  const logins = parents.map(
    (p): TransactItem => ({
      Delete: {
        TableName: tableName(),
        Key: keys.parentLogin(p.email),
        ConditionExpression: 'attribute_not_exists(PK) OR familyId = :fid',
        ExpressionAttributeValues: { ':fid': family.familyId },
      },
    }),
  );
  const written = await transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.family(family.familyId),
        // Out of the Sunday job's index (no new week for a family being deleted), into the sweeper's.
        UpdateExpression: 'SET deletion = :d, GSI2PK = :pk, GSI2SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion)',
        ExpressionAttributeValues: { ':d': deletion, ':pk': keys.familyDeletionIndex, ':sk': keys.familyDeletionSort(deletion.requestedAt, family.familyId) },
      },
    },
    ...logins,
  ]);
  return written ? 'marked' : 'already';
}

/** What the deletion needs to know of an item: its key, and for logins the record that names it. */
interface ItemRef {
  PK: string;
  SK: string;
  type?: string;
  username?: string;
  email?: string;
  childId?: string;
  parentId?: string;
}

const REF_ATTRIBUTES = ['PK', 'SK', 'type', 'username', 'email', 'childId', 'parentId'] as const;

/** One page (up to 1 MB, at most `limit` items) of the family's items other than the family item, from `start`. */
export async function familyItemsPage(familyId: string, start: Record<string, unknown> | undefined, limit: number): Promise<{ items: ItemRef[]; next: Record<string, unknown> | undefined }> {
  const names = Object.fromEntries(REF_ATTRIBUTES.map((a, i) => [`#a${i}`, a]));
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.familyPk(familyId) },
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ConsistentRead: true,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  const profile = keys.family(familyId);
  const items = ((out.Items ?? []) as ItemRef[]).filter((i) => i.SK !== profile.SK);
  return { items, next: out.LastEvaluatedKey };
}

/**
 * Deletes a page of items. Logins first, each only while it still names this family's child or
 * parent (a username or an address may already belong to someone new): once the child or parent
 * item is gone, nothing would lead to its login any more.
 */
export async function deleteFamilyItems(familyId: string, items: readonly ItemRef[], opts: BulkWriteOptions = {}): Promise<{ deleted: number; logins: number }> {
  let logins = 0;
  const loginDeletes: Promise<void>[] = [];
  for (const item of items) {
    if (item.type === ITEM_TYPES.child && item.username && item.childId) {
      loginDeletes.push(deleteLoginIf(keys.childLogin(item.username), 'childId = :id AND familyId = :fid', { ':id': item.childId, ':fid': familyId }).then((d) => void (logins += d)));
    }
    if (item.type === ITEM_TYPES.parent && item.email && item.parentId) {
      loginDeletes.push(deleteLoginIf(keys.parentLogin(item.email), 'parentId = :id AND familyId = :fid', { ':id': item.parentId, ':fid': familyId }).then((d) => void (logins += d)));
    }
  }
  await Promise.all(loginDeletes);
  const left = await batchWriteAll(items.map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })), opts);
  if (left.length) throw new Error(`${left.length} deletions of family ${familyId} were left unprocessed; the step runs again`);
  return { deleted: items.length, logins };
}

async function deleteLoginIf(key: { PK: string; SK: string }, condition: string, values: Record<string, unknown>): Promise<number> {
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: condition, ExpressionAttributeValues: values }));
    return 1;
  } catch (err) {
    if (isConditionFailure(err)) return 0; // already gone, or no longer ours
    throw err;
  }
}

/** Records that the "family deleted" e-mail went out, so a retried last step does not send it again. */
export async function markDeletionNotified(familyId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.family(familyId),
      UpdateExpression: 'SET deletion.notified = :t',
      ConditionExpression: 'attribute_exists(deletion)',
      ExpressionAttributeValues: { ':t': true },
    }),
  );
}

/**
 * Deletes the family item itself: the last write of a deletion. Only while it is marked and no
 * generator holds its claim (one that took it before the mark may still be writing assignments).
 * False when a claim is still live.
 */
export async function deleteFamilyItem(familyId: string, nowMs = Date.now()): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.family(familyId),
        ConditionExpression: 'attribute_exists(deletion) AND (attribute_not_exists(genClaim) OR genClaim.#until < :now)',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
