/**
 * First wins (issue 21): a chore-day offered to several children (`who.mode = 'first'`) is a dated
 * assignment per child, each with `firstWins` and the other children's ids (`firstWinsWith`). The
 * tick that takes it claims a family-wide item, `TAKEN#<chore>#<date>` (attribute_not_exists), and
 * marks the other children's assignments `takenBy` — their keys are deterministic
 * (`<week>.<child>.g-<chore>-<day>`), so no read is needed — all in the tick's own transaction
 * (data/ticks/completion-writes.ts). So a chore-day is paid at most once across the family; the others
 * see "Done by Liam" without a further read, and a tick on a taken one is refused (409). Taking
 * the tick back (untick, send back, a parent's un-completing) gives the claim back and clears the
 * marks in the same transaction.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import { datedSuffix, type DatedAssignmentItem } from './assignments';
import type { ChildItem } from '../family/children';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import type { TransactItem } from '../transact';


/** The refusal of a tick on a chore-day another child took. */
export const takenMessage = (displayName: string): string => `${displayName || 'Someone'} already did this one today`;

/** A first-wins chore-day another child took first: nothing was written. */
export class ChoreDayTaken extends Error {
  constructor(readonly displayName: string) {
    super(takenMessage(displayName));
  }
}

/** Whether ticking this assignment races other children for its chore-day. */
export const isFirstWins = (item: Pick<DatedAssignmentItem, 'firstWins'>): boolean => item.firstWins === true;

/** The other children's assignments of the same chore-day (deterministic keys). */
export const rivalKeys = (item: DatedAssignmentItem, rivals: readonly string[]) =>
  rivals.map((childId) => keys.assignment(item.familyId, { weekStart: item.weekStart, childId, suffix: datedSuffix('generated', item.choreId, item.dayOfWeek) }));

/** The claim of the chore-day and the marks on the rivals' assignments (a tick that takes it). */
export function takeWrites(item: DatedAssignmentItem, child: Pick<ChildItem, 'childId' | 'displayName'>, rivals: readonly string[]): { claim: TransactItem; marks: TransactItem[] } {
  const key = keys.takenChoreDay(item.familyId, item.choreId, item.assignedDate);
  const takenBy = { childId: child.childId, displayName: child.displayName };
  return {
    claim: {
      Put: {
        TableName: tableName(),
        Item: { ...key, type: ITEM_TYPES.takenChoreDay, choreId: item.choreId, date: item.assignedDate, assignmentId: item.assignmentId, ...takenBy },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    marks: rivalKeys(item, rivals).map((Key) => ({
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET takenBy = :by',
        // A rival's assignment deleted meanwhile (Reassign, a deleted child) is left out and the tick retried.
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':by': takenBy },
      },
    })),
  };
}

/** Giving the chore-day back (an untick or send-back of the tick that took it). */
export function releaseWrites(item: DatedAssignmentItem, rivals: readonly string[]): { claim: TransactItem; marks: TransactItem[] } {
  return {
    claim: {
      Delete: {
        TableName: tableName(),
        Key: keys.takenChoreDay(item.familyId, item.choreId, item.assignedDate),
        ConditionExpression: 'attribute_not_exists(PK) OR assignmentId = :id',
        ExpressionAttributeValues: { ':id': item.assignmentId },
      },
    },
    marks: rivalKeys(item, rivals).map((Key) => ({
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'REMOVE takenBy',
        ConditionExpression: 'attribute_exists(PK)',
      },
    })),
  };
}

/** Who holds the chore-day's claim (read only after a tick lost the race for it). */
export async function takenByName(item: DatedAssignmentItem): Promise<string> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.takenChoreDay(item.familyId, item.choreId, item.assignedDate), ConsistentRead: true }));
  return (out.Item?.displayName as string | undefined) ?? item.takenBy?.displayName ?? '';
}
