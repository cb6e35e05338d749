/**
 * The activity log (issue 19, decision 049): one item per event in the family's partition
 * (`LOG#<at>#<id>`), also on GSI1 under its child, with a TTL 13 months on. Every write that
 * changes money or a chore's state adds its event in its own transaction (`activityPut`), so the
 * log has exactly one entry per change. A page is one Query, newest first, whatever the history's
 * length; the cursor is the last key of the page, checked to be the caller's.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { db, tableName } from '../../lib/db';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_RETENTION_DAYS, type ActivityEvent } from '../../domain/ledger';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import type { TransactItem } from '../transact';


const DAY = 86_400;

/** A new event's id: sortable within the same millisecond is not needed (the time leads the key). */
export const newEventId = (): string => randomBytes(6).toString('base64url');

/** The put that records an event, for the transaction that makes the change it describes. */
export function activityPut(familyId: string, event: Omit<ActivityEvent, 'eventId'> & { eventId?: string }): TransactItem {
  const eventId = event.eventId ?? newEventId();
  const key = keys.activity(familyId, event.at, eventId);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...key,
        ...(event.childId ? keys.childIndex(event.childId, key.SK) : {}),
        type: ITEM_TYPES.activity,
        ...event,
        eventId,
        expiresAt: Math.floor(Date.parse(event.at) / 1000) + ACTIVITY_RETENTION_DAYS * DAY,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export interface ActivityPage {
  events: ActivityEvent[];
  /** Where the next (older) page starts; absent on the last page. */
  cursor?: string;
}

const EVENT_FIELDS = ['eventId', 'kind', 'at', 'by', 'childId', 'childName', 'amountCents', 'choreName', 'date', 'text', 'method', 'waiting', 'reverses', 'entryId', 'jars', 'goal', 'withdrawal'] as const;

function toEvent(item: Record<string, unknown>): ActivityEvent {
  return Object.fromEntries(EVENT_FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as unknown as ActivityEvent;
}

/** The cursor a page hands out: the last key, as opaque text. */
const encodeCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The start key a cursor names, or null when it is not one of this family's (or this child's) log keys. */
export function decodeCursor(cursor: string, familyId: string, childId?: string): Record<string, string> | null {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof key !== 'object' || key === null) return null;
    const { PK, SK, GSI1PK, GSI1SK } = key as Record<string, unknown>;
    if (PK !== keys.familyPk(familyId) || typeof SK !== 'string' || !SK.startsWith(keys.activityPrefix)) return null;
    if (childId) {
      const index = keys.childIndex(childId, SK);
      if (GSI1PK !== index.GSI1PK || GSI1SK !== SK) return null;
      return { PK, SK, GSI1PK, GSI1SK };
    }
    if (GSI1PK !== undefined || GSI1SK !== undefined) return null;
    return { PK, SK };
  } catch {
    return null;
  }
}

/**
 * A page of the family's log (or one child's, through GSI1), newest first: one Query of at most
 * `limit` items. GSI1 is not scoped by family: the caller checks the child is theirs first, and
 * the events are filtered to the family (an id from another family finds nothing).
 */
export async function listActivity(familyId: string, opts: { childId?: string; cursor?: Record<string, string>; limit?: number } = {}): Promise<ActivityPage> {
  const limit = opts.limit ?? ACTIVITY_PAGE_SIZE;
  const out = await db().send(
    new QueryCommand(
      opts.childId
        ? {
            TableName: tableName(),
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
            ExpressionAttributeValues: { ':pk': keys.childIndex(opts.childId, '').GSI1PK, ':p': keys.activityPrefix },
            ScanIndexForward: false,
            Limit: limit,
            ...(opts.cursor ? { ExclusiveStartKey: opts.cursor } : {}),
          }
        : {
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
            ExpressionAttributeValues: { ':pk': keys.familyPk(familyId), ':p': keys.activityPrefix },
            ScanIndexForward: false,
            Limit: limit,
            ...(opts.cursor ? { ExclusiveStartKey: opts.cursor } : {}),
          },
    ),
  );
  const items = (out.Items ?? []).filter((i) => i.PK === keys.familyPk(familyId));
  return { events: items.map(toEvent), ...(out.LastEvaluatedKey ? { cursor: encodeCursor(out.LastEvaluatedKey) } : {}) };
}
