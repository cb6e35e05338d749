/** Issue 32, the family board (docs/decisions/062-family-board.md): what its routes answer. */
import type { IsoDate } from '../time';
import type { ChoreDto, StreakDto } from './core';

/** One of the family's boards, as Account Settings lists it (GET /api/family/boards). */
export interface BoardDto {
  id: string;
  name: string;
  createdAt: string;
  /** The parent who set it up. */
  createdBy: string;
}

export interface BoardsDto {
  boards: BoardDto[];
}

/** A child on the board: their today at a glance. No money, no settings. */
export interface BoardChildDto {
  id: string;
  displayName: string;
  profileImageUrl?: string;
  /** A parent set a PIN: the child can sign in here. */
  hasPin: boolean;
  todayCompletedCount: number;
  todayTotalCount: number;
  streak: StreakDto;
}

/** One of today's chores of the signed-in child, as the board shows it (no amounts). */
export interface BoardChoreDto {
  assignmentId: string;
  name: string;
  category: ChoreDto['category'];
  isCompleted: boolean;
  /** Ticked, waiting for a parent's OK. */
  waiting: boolean;
  /** The child may still untick it (as on their own dashboard). */
  canTakeBack: boolean;
  /** Another child took this first-wins chore-day: it cannot be ticked. */
  takenBy: string | null;
  sentBackNote: string | null;
}

/** The child signed in on the board right now (PIN), with their today. */
export interface BoardSignedInDto {
  childId: string;
  displayName: string;
  /** Until when the server keeps them signed in without a tick (ISO); the board signs out sooner when idle. */
  until: string;
  chores: BoardChoreDto[];
}

/** GET /api/board: the whole board in one call. */
export interface BoardScreenDto {
  board: { id: string; name: string };
  today: IsoDate;
  children: BoardChildDto[];
  signedIn: BoardSignedInDto | null;
}
