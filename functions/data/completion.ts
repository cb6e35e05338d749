/**
 * Ticking and unticking an assignment, by a parent (any child of the family) or by a child (only
 * its own). A weekly chore can be ticked only on its assigned day, a dated chore not before its
 * day, a continuous chore once per active day; all "today"s are the family's.
 */
import type { AssignmentDto } from '../../shared/api-types';
import { API_ERRORS, FORM_MESSAGES } from '../../shared/messages';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { continuousDto, datedDto, isActiveOn } from '../domain/views';
import { getContinuous, getDated } from './assignments';
import { AlreadyPaid, ChildMissing, ChoreDayDone, RoundChanged, setContinuousCompletion, setDatedCompletion } from './completion-writes';
import type { FamilyClock } from '../../shared/time';
import { getChild, type ChildItem } from './children';
import { getChore } from './chores';
import { familyAndClock } from './family-week';
import { parseAssignmentId } from './keys';
import type { Actor } from '../domain/ledger';

export async function completeAssignment(
  familyId: string,
  assignmentId: string,
  completed: boolean,
  now: Date,
  /** Who ticks (the activity log names them). */
  actor: Actor,
  onlyChildId?: string,
): Promise<AssignmentDto> {
  const parsed = parseAssignmentId(assignmentId);
  const childId = parsed?.kind === 'dated' ? parsed.ref.childId : parsed?.childId;
  if (!parsed || !childId || (onlyChildId !== undefined && childId !== onlyChildId)) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
  const [{ clock }, first] = await Promise.all([familyAndClock(familyId, now), getChild(familyId, childId, true)]);
  let child = first;
  for (let attempt = 1; ; attempt++) {
    if (!child) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
    try {
      return await completeFor(child, parsed, familyId, completed, now, clock, actor);
    } catch (err) {
      // A Reset Earnings between reading the child and ticking: tick into the new round instead.
      if (err instanceof RoundChanged && attempt < 3) {
        child = await getChild(familyId, childId, true);
        continue;
      }
      if (err instanceof ChildMissing) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
      if (err instanceof AlreadyPaid) throw new Conflict(API_ERRORS.alreadyPaid);
      if (err instanceof ChoreDayDone) throw new Conflict(API_ERRORS.choreDayDone);
      if (err instanceof RoundChanged) throw new Conflict(API_ERRORS.earningsChanged);
      throw err;
    }
  }
}

async function completeFor(
  child: ChildItem,
  parsed: NonNullable<ReturnType<typeof parseAssignmentId>>,
  familyId: string,
  completed: boolean,
  now: Date,
  clock: FamilyClock,
  actor: Actor,
): Promise<AssignmentDto> {
  if (parsed.kind === 'dated') {
    const item = await getDated(familyId, parsed.ref);
    if (!item) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
    const chore = await getChore(familyId, item.choreId);
    if (!chore && !item.isCompleted) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
    if (completed && !item.isCompleted) {
      if (item.chore.category === 'weekly' && item.assignedDate !== clock.today) throw new BadRequest(FORM_MESSAGES.wrongDay);
      if (item.assignedDate > clock.today) throw new BadRequest(FORM_MESSAGES.notYet);
    }
    const amount = chore?.amountCents ?? item.chore.amountCents;
    const saved = await setDatedCompletion(item, child, completed, now, clock.today, amount, actor);
    return datedDto(saved, new Map(chore ? [[chore.choreId, chore]] : []), child);
  }
  const item = await getContinuous(familyId, parsed.childId, parsed.choreId);
  const chore = item && (await getChore(familyId, item.choreId));
  if (!item || !chore) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
  if (completed && !isActiveOn(item, clock.weekday)) throw new BadRequest(FORM_MESSAGES.notActiveToday);
  const saved = await setContinuousCompletion(item, child, completed, now, clock.today, chore.amountCents, actor);
  return continuousDto(saved, new Map([[chore.choreId, chore]]), clock.today, clock.weekStart, child);
}
