/**
 * Issue 32, family boards (docs/decisions/062-family-board.md). A board is an item in the family's
 * partition, `BOARD#<boardId>`; its device holds a session like anyone's (role `board`, the board's
 * id as the user id: data/family/sessions.ts). Every board request checks the item (a read, or a
 * write conditional on it), so revoking, which deletes the item and the session record in one
 * transaction, stops the board's cookie at once. A child signed in on the board is `child` on the
 * item ({childId, until}); the board's children's PINs are hashes on the child items.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import type { BoardBinding } from '../../domain/board';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import { transact } from '../transact';
import type { ChildItem } from './children';

export interface BoardItem {
  boardId: string;
  familyId: string;
  name: string;
  createdAt: string;
  createdBy: { parentId: string; name: string };
  /** The child signed in on the board with their PIN, and until when (epoch seconds); absent: nobody. */
  child?: BoardBinding;
}

export const listBoards = (familyId: string): Promise<BoardItem[]> => queryAll<BoardItem>(keys.familyPk(familyId), { prefix: keys.boardPrefix });

/** The board, read strongly consistently (a revoke is seen at once). */
export async function getBoard(familyId: string, boardId: string): Promise<BoardItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.board(familyId, boardId), ConsistentRead: true }));
  return out.Item as BoardItem | undefined;
}

export async function createBoard(board: BoardItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.board(board.familyId, board.boardId), type: ITEM_TYPES.board, ...board },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Revokes a board: its item and its session record go in one transaction. False when there was no such board. */
export async function revokeBoard(familyId: string, boardId: string): Promise<boolean> {
  const out = await transact([
    { Delete: { TableName: tableName(), Key: keys.board(familyId, boardId), ConditionExpression: 'attribute_exists(PK)' } },
    { Delete: { TableName: tableName(), Key: keys.sessions(familyId, boardId) } },
  ]);
  return out.ok;
}

/** An update of the board item that only happens while the board exists (and `condition`); false otherwise. */
async function updateBoard(familyId: string, boardId: string, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key' | 'ConditionExpression'>, condition?: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.board(familyId, boardId),
        ConditionExpression: ['attribute_exists(PK)', ...(condition ? [condition] : [])].join(' AND '),
        ...update,
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return false;
  }
}

/** Signs a child in on the board (their PIN was right). False when the board was revoked meanwhile. */
export const bindChild = (familyId: string, boardId: string, binding: BoardBinding): Promise<boolean> =>
  updateBoard(familyId, boardId, { UpdateExpression: 'SET #child = :b', ExpressionAttributeNames: { '#child': 'child' }, ExpressionAttributeValues: { ':b': binding } });

/**
 * Checks, in one write, that the board still exists and `childId` is still signed in on it, and
 * keeps them signed in from now (a tick is a touch). False: revoked, signed out, or their time ran out.
 */
export const extendBinding = (familyId: string, boardId: string, childId: string, nowSec: number, until: number): Promise<boolean> =>
  updateBoard(
    familyId,
    boardId,
    { UpdateExpression: 'SET #child.#until = :until', ExpressionAttributeNames: { '#child': 'child', '#cid': 'childId', '#until': 'until' }, ExpressionAttributeValues: { ':cid': childId, ':now': nowSec, ':until': until } },
    '#child.#cid = :cid AND #child.#until > :now',
  );

/** "Done", or the board's idle timer: nobody is signed in on the board. False when the board is gone. */
export const unbindChild = (familyId: string, boardId: string): Promise<boolean> =>
  updateBoard(familyId, boardId, { UpdateExpression: 'REMOVE #child', ExpressionAttributeNames: { '#child': 'child' } });

/** Sets (a hash) or removes (null) a child's board PIN; undefined when the child is not in this family. */
export async function setChildPin(familyId: string, childId: string, pinHash: string | null, now: Date): Promise<ChildItem | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.child(familyId, childId),
        ConditionExpression: 'attribute_exists(PK)',
        ...(pinHash
          ? { UpdateExpression: 'SET pinHash = :h, pinSetAt = :at', ExpressionAttributeValues: { ':h': pinHash, ':at': now.toISOString() } }
          : { UpdateExpression: 'REMOVE pinHash, pinSetAt' }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ChildItem;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return undefined;
  }
}

/** Deletes a board's leftover session record (a board whose item was never written). */
export async function dropBoardSessions(familyId: string, boardId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.sessions(familyId, boardId) }));
}
