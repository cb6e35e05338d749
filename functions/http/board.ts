/**
 * Issue 32, the family board (docs/decisions/062-family-board.md). Only a board session reaches
 * these routes (the wrapper checks the role and that the session is live); each also checks the
 * board's own item, so a revoked board stops at once. A child signs in here with their PIN and can
 * then do exactly what the child API lets them do with their own chores: tick and untick them.
 */
import type { BoardScreenDto } from '../../shared/api-types';
import { boardSignInSchema } from '../../shared/board-schemas';
import { BOARD_MESSAGES, FORM_MESSAGES } from '../../shared/messages';
import { childCompleteSchema } from '../../shared/schemas';
import { bindChild, extendBinding, getBoard, unbindChild, type BoardItem } from '../data/family/boards';
import { getChild } from '../data/family/children';
import { loadFamilyToday } from '../data/planning/family-week';
import { beginPinAttempt } from '../data/family/throttles';
import { completeAssignment } from '../data/ticks/completion';
import { bindingFrom, boundChildId, pinOutcome, pinWindowSecondsLeft } from '../domain/board';
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from '../lib/errors';
import { boardSession, createDomainHandler, validate, type RequestContext } from '../lib/http';
import { verifyPassword } from '../lib/passwords';
import { signedOutCookies } from '../lib/session';
import { choreDayDto } from '../views/assignment-dtos';
import { boardScreenDto } from '../views/board-dtos';
import { completionAnswer } from './completion-answers';
import { familyAndClock } from './family-clock';

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** A board whose item is gone was revoked: its cookie stops working, and this device is signed out. */
const revoked = () => new Unauthorized(BOARD_MESSAGES.boardNotFound, signedOutCookies());

/** The caller's board, read strongly consistently (every board request checks it, like a deleted child's cookie). */
async function myBoard(ctx: RequestContext): Promise<BoardItem> {
  const { familyId, userId } = boardSession(ctx);
  const board = await getBoard(familyId, userId);
  if (!board) throw revoked();
  return board;
}

/** The whole board: every child's today, and the signed-in child's chores. `board` as it stands now. */
async function screen(familyId: string, board: BoardItem, now: Date): Promise<BoardScreenDto> {
  const { clock, family } = await familyAndClock(familyId, now);
  return boardScreenDto(board, await loadFamilyToday(familyId, clock, family), nowSeconds(now));
}

export const handler = createDomainHandler('board', {
  'GET /api/board': async (ctx) => {
    const { familyId } = boardSession(ctx);
    const [board, { clock, family }] = await Promise.all([myBoard(ctx), familyAndClock(familyId, ctx.now)]);
    const body: BoardScreenDto = boardScreenDto(board, await loadFamilyToday(familyId, clock, family), nowSeconds(ctx.now));
    return { body };
  },

  'POST /api/board/sign-in': async (ctx) => {
    const { familyId, userId: boardId } = boardSession(ctx);
    const { childId, pin } = validate(boardSignInSchema, ctx.body);
    // The child is looked up in the board's own family: another family's id names nobody here.
    const [board, child] = await Promise.all([myBoard(ctx), getChild(familyId, childId)]);
    if (!child) throw new NotFound(FORM_MESSAGES.childNotFound);
    if (!child.pinHash) throw new Forbidden(BOARD_MESSAGES.noPin);
    const begun = await beginPinAttempt(familyId, childId, boardId, ctx.now.getTime());
    if (!begun.ok) throw new TooManyRequests(begun.which === 'child' ? BOARD_MESSAGES.locked : BOARD_MESSAGES.boardBusy, begun.retryAfterSeconds);
    const outcome = pinOutcome(await verifyPassword(pin, child.pinHash), begun.attempt.childCount);
    // A wrong PIN is a 403, not a 401: on a board, 401 means the board itself is signed out.
    if (outcome === 'wrong') throw new Forbidden(BOARD_MESSAGES.wrongPin);
    if (outcome === 'locked') throw new TooManyRequests(BOARD_MESSAGES.locked, pinWindowSecondsLeft(nowSeconds(ctx.now)));
    await begun.attempt.succeeded();
    const binding = bindingFrom(childId, nowSeconds(ctx.now));
    if (!(await bindChild(familyId, boardId, binding))) throw revoked();
    return { body: await screen(familyId, { ...board, child: binding }, ctx.now) };
  },

  'POST /api/board/sign-out': async (ctx) => {
    const { familyId, userId: boardId } = boardSession(ctx);
    const board = await myBoard(ctx);
    if (!(await unbindChild(familyId, boardId))) throw revoked();
    const { child: _signedOut, ...nobody } = board;
    return { body: await screen(familyId, nobody, ctx.now) };
  },

  'POST /api/board/complete-assignment': async (ctx) => {
    const { familyId, userId: boardId } = boardSession(ctx);
    const { assignmentId, completed } = validate(childCompleteSchema, ctx.body);
    const board = await myBoard(ctx);
    const nowSec = nowSeconds(ctx.now);
    const childId = boundChildId(board.child, nowSec);
    // The tick is a touch: the child stays signed in from now, checked and kept in one write.
    if (!childId || !(await extendBinding(familyId, boardId, childId, nowSec, bindingFrom(childId, nowSec).until))) throw new Forbidden(BOARD_MESSAGES.childTimeUp);
    const child = await getChild(familyId, childId);
    if (!child) throw new Forbidden(BOARD_MESSAGES.childTimeUp);
    // Exactly the child API's tick: as the child, and only an assignment of this child.
    const outcome = await completeAssignment(familyId, assignmentId, completed, ctx.now, { role: 'child', id: child.childId, name: child.displayName }, child.childId);
    return { body: choreDayDto(completionAnswer(outcome)) };
  },
});
