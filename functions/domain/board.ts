/**
 * Issue 32, the family board (docs/decisions/062-family-board.md): the pure rules of a board and of
 * a child's PIN sign-in on it.
 */

/** A board stays signed in for 90 days (a parent revokes it sooner from Account Settings). */
export const BOARD_SESSION_TTL_SECONDS = 90 * 24 * 3600;

/**
 * How long the server keeps a child signed in on a board after their PIN or their last tick. The
 * board itself signs them out after a minute without a touch (shared/board-schemas.ts BOARD_IDLE_MS);
 * this is the ceiling when the board cannot (closed, crashed, offline).
 */
export const BOARD_CHILD_SECONDS = 180;

/** Boards per family: a kitchen, a hall, a grandparent's flat; more is a mistake or an abuse. */
export const MAX_BOARDS = 10;

/** Wrong PINs before a child is locked out of board sign-in (per child, every board of the family). */
export const PIN_TRIES_PER_CHILD = 5;
/** Wrong PINs a board may make across all its children before it has to wait. */
export const PIN_TRIES_PER_BOARD = 15;
/** The lock-out window (fixed windows, decision 012). */
export const PIN_WINDOW_SECONDS = 15 * 60;

/** Who is signed in on a board: a child and until when (epoch seconds). */
export interface BoardBinding {
  childId: string;
  until: number;
}

/** The child signed in on the board now, or null (none, or their time ran out). */
export const boundChildId = (binding: BoardBinding | undefined, nowSec: number): string | null =>
  binding && binding.until > nowSec ? binding.childId : null;

/** A new binding of `childId` from now. */
export const bindingFrom = (childId: string, nowSec: number): BoardBinding => ({ childId, until: nowSec + BOARD_CHILD_SECONDS });

export type PinOutcome = 'signed-in' | 'wrong' | 'locked';

/**
 * What a PIN attempt answers, given whether it was right and how many attempts of the child's
 * window it is (this one included): the last permitted wrong try already says "locked", so the
 * child is told at once and not after one more try.
 */
export function pinOutcome(correct: boolean, attemptInWindow: number, max = PIN_TRIES_PER_CHILD): PinOutcome {
  if (correct) return 'signed-in';
  return attemptInWindow >= max ? 'locked' : 'wrong';
}

/** Seconds until the PIN limits' fixed window ends (a lock-out's Retry-After). */
export const pinWindowSecondsLeft = (nowSec: number, windowSeconds = PIN_WINDOW_SECONDS): number => windowSeconds - (nowSec % windowSeconds);
