/** Small helpers over lib-dynamodb: paginated queries, batched reads, and whether a conditional write failed its condition (transactions: data/transact.ts). */
import { BatchGetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';

type KeyCondition = { prefix: string } | { between: [string, string] } | { all: true };

/** Every item of one partition whose sort key starts with a prefix (or lies between two keys). */
export async function queryAll<T>(
  pk: string,
  cond: KeyCondition,
  opts: { index?: 'GSI1' | 'GSI2'; consistent?: boolean; /** Only these attributes (less to send and to parse). */ attributes?: readonly string[] } = {},
): Promise<T[]> {
  const pkName = opts.index ? `${opts.index}PK` : 'PK';
  const skName = opts.index ? `${opts.index}SK` : 'SK';
  const input: QueryCommandInput = {
    TableName: tableName(),
    ...(opts.index ? { IndexName: opts.index } : { ConsistentRead: opts.consistent ?? false }),
    ...('all' in cond
      ? { KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': pkName }, ExpressionAttributeValues: { ':pk': pk } }
      : 'prefix' in cond
        ? { KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :a)', ExpressionAttributeNames: { '#pk': pkName, '#sk': skName }, ExpressionAttributeValues: { ':pk': pk, ':a': cond.prefix } }
        : { KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :a AND :b', ExpressionAttributeNames: { '#pk': pkName, '#sk': skName }, ExpressionAttributeValues: { ':pk': pk, ':a': cond.between[0], ':b': cond.between[1] } }),
  };
  if (opts.attributes) {
    const names = Object.fromEntries(opts.attributes.map((a, i) => [`#a${i}`, a]));
    input.ProjectionExpression = Object.keys(names).join(', ');
    input.ExpressionAttributeNames = { ...input.ExpressionAttributeNames, ...names };
  }
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** GetItem for up to 100 keys in one request (retrying unprocessed keys). */
export async function batchGet<T>(keys: { PK: string; SK: string }[]): Promise<T[]> {
  if (keys.length === 0) return [];
  const out: T[] = [];
  let pending: Record<string, unknown>[] = keys;
  for (let attempt = 0; pending.length && attempt < 5; attempt++) {
    const res = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
    out.push(...((res.Responses?.[tableName()] ?? []) as T[]));
    pending = (res.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
  }
  if (pending.length) throw new Error('BatchGet left keys unprocessed');
  return out;
}

/** Which item of a cancelled transaction failed its condition (index into TransactItems), or -1. */
function failedConditionIndex(err: unknown): number {
  if ((err as Error)?.name !== 'TransactionCanceledException') return -1;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
}

export const isConditionFailure = (err: unknown): boolean =>
  (err as Error)?.name === 'ConditionalCheckFailedException' || failedConditionIndex(err) >= 0;
