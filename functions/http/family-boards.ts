/**
 * Issue 32, "Family devices" in Account Settings (docs/decisions/062-family-board.md): the family's
 * boards, setting this device up as one (the parent's password again), and revoking one.
 */
import { randomUUID } from 'node:crypto';
import type { BoardDto, BoardsDto, MessageDto } from '../../shared/api-types';
import { boardSetupSchema } from '../../shared/board-schemas';
import { API_ERRORS, BOARD_MESSAGES } from '../../shared/messages';
import { getParent, parentName } from '../data/family/accounts';
import { createBoard, listBoards, revokeBoard, type BoardItem } from '../data/family/boards';
import { endSession, startSession } from '../data/family/sessions';
import { BOARD_SESSION_TTL_SECONDS, MAX_BOARDS } from '../domain/board';
import { Conflict, NotFound, Unauthorized } from '../lib/errors';
import { parentSession, validate, type RouteHandler } from '../lib/http';
import { newSessionId, roleHintCookie, sessionCookie, sessionKey, signSession, type Session } from '../lib/session';
import { boardDto } from '../views/board-dtos';
import { checkPassword } from './password-check';

const newestFirst = (a: BoardItem, b: BoardItem) => b.createdAt.localeCompare(a.createdAt);

export const familyBoardRoutes = {
  'GET /api/family/boards': async (ctx) => {
    const { familyId } = parentSession(ctx);
    const body: BoardsDto = { boards: (await listBoards(familyId)).sort(newestFirst).map(boardDto) };
    return { body };
  },

  /**
   * This device becomes the family board: the parent's own session here ends (the device is the
   * board now, and a child must not find a parent signed in on it), the board's starts.
   */
  'POST /api/family/boards': async (ctx) => {
    const session = parentSession(ctx);
    const input = validate(boardSetupSchema, ctx.body);
    const parent = await getParent(session.familyId, session.userId);
    if (!parent) throw new Unauthorized(API_ERRORS.notSignedIn);
    await checkPassword(ctx, parent, input.password, API_ERRORS.wrongPassword);
    if ((await listBoards(session.familyId)).length >= MAX_BOARDS) throw new Conflict(BOARD_MESSAGES.tooManyBoards);
    const board: BoardItem = {
      boardId: randomUUID(),
      familyId: session.familyId,
      name: input.name,
      createdAt: ctx.now.toISOString(),
      createdBy: { parentId: parent.parentId, name: parentName(parent) },
    };
    await createBoard(board);
    const boardSessionOf: Session = {
      role: 'board',
      userId: board.boardId,
      familyId: board.familyId,
      sessionId: newSessionId(),
      expiresAt: Math.floor(ctx.now.getTime() / 1000) + BOARD_SESSION_TTL_SECONDS,
    };
    // A new board's record is new: its stamp is its own id (nothing changes a board's credentials; revoking deletes it).
    if (!(await startSession(boardSessionOf, board.boardId))) throw new Conflict(API_ERRORS.internal);
    await endSession(session);
    const token = await signSession(boardSessionOf, await sessionKey());
    const body: BoardDto = boardDto(board);
    return { status: 201, body, cookies: [sessionCookie(token, BOARD_SESSION_TTL_SECONDS), roleHintCookie('board', BOARD_SESSION_TTL_SECONDS)] };
  },

  'DELETE /api/family/boards/{id}': async (ctx) => {
    const { familyId } = parentSession(ctx);
    // Keys are built in the caller's family: another family's board id names nothing here (404).
    if (!(await revokeBoard(familyId, ctx.params.id ?? ''))) throw new NotFound(BOARD_MESSAGES.boardNotFound);
    const body: MessageDto = { message: BOARD_MESSAGES.boardRevoked };
    return { body };
  },
} satisfies Record<string, RouteHandler>;
