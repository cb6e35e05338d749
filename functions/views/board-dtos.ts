/**
 * Issue 32, the family board (docs/decisions/062-family-board.md): its answers from the family's
 * today. No amounts, no money, no settings: the board shows who has done what today.
 */
import type { AssignmentDto, BoardChildDto, BoardChoreDto, BoardDto, BoardScreenDto } from '../../shared/api-types';
import type { BoardItem } from '../data/family/boards';
import type { ChildItem } from '../data/family/children';
import type { FamilyWeekData } from '../data/planning/family-week';
import { boundChildId } from '../domain/board';
import { continuousDto, datedDto, type ChoreMap } from './assignment-dtos';
import { childFigures, streakDto, todaysChores } from './family-dtos';

export const boardDto = (b: BoardItem): BoardDto => ({ id: b.boardId, name: b.name, createdAt: b.createdAt, createdBy: b.createdBy.name });

const byName = (a: ChildItem, b: ChildItem) => a.displayName.localeCompare(b.displayName) || a.createdAt.localeCompare(b.createdAt);

function boardChildDto(child: ChildItem, data: FamilyWeekData, chores: ChoreMap): BoardChildDto {
  const f = childFigures(child, data, chores);
  return {
    id: child.childId,
    displayName: child.displayName,
    ...(child.profileImageUrl ? { profileImageUrl: child.profileImageUrl } : {}),
    hasPin: child.pinHash !== undefined,
    todayCompletedCount: f.todayCompletedCount,
    todayTotalCount: f.todayTotalCount,
    streak: streakDto(child, data, chores),
  };
}

const boardChoreDto = (a: AssignmentDto): BoardChoreDto => ({
  assignmentId: a.id,
  name: a.chore.name,
  category: a.chore.category,
  isCompleted: a.isCompleted,
  waiting: a.waiting,
  canTakeBack: a.canTakeBack,
  takenBy: a.takenBy?.displayName ?? null,
  sentBackNote: a.sentBackNote,
});

/** The child's chores of today, as their own dashboard builds them, less what the board does not show. */
function todaysChoresOf(child: ChildItem, data: FamilyWeekData, chores: ChoreMap): BoardChoreDto[] {
  const { todaysDated, todaysContinuous } = todaysChores(child, data, chores);
  const all = [
    ...todaysDated.map((a) => datedDto(a, chores, child, data.money, data.clock.today, data.clock.timeZone)),
    ...todaysContinuous.map((c) => continuousDto(c, chores, { ...data.clock, familyPause: data.familyPause }, child, data.money)),
  ];
  return all.map(boardChoreDto).sort((x, y) => Number(x.isCompleted) - Number(y.isCompleted) || x.name.localeCompare(y.name));
}

/** GET /api/board (and the answers of signing in and out on it). */
export function boardScreenDto(board: BoardItem, data: FamilyWeekData, nowSec: number): BoardScreenDto {
  const chores: ChoreMap = new Map(data.chores.map((c) => [c.choreId, c]));
  const children = [...data.children].sort(byName);
  const boundId = boundChildId(board.child, nowSec);
  const bound = boundId ? children.find((c) => c.childId === boundId) : undefined;
  return {
    board: { id: board.boardId, name: board.name },
    today: data.clock.today,
    children: children.map((c) => boardChildDto(c, data, chores)),
    signedIn:
      bound && board.child
        ? { childId: bound.childId, displayName: bound.displayName, until: new Date(board.child.until * 1000).toISOString(), chores: todaysChoresOf(bound, data, chores) }
        : null,
  };
}
