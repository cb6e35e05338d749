/**
 * Ticking and unticking an assignment, by a parent (any child of the family) or by a child (only
 * its own). A weekly chore can be ticked only on its assigned day, a dated chore not before its
 * day, a continuous chore once per active day; all "today"s are the family's.
 */
import type { AssignmentDto } from '../../shared/api-types';
import { FORM_MESSAGES } from '../../shared/messages';
import { BadRequest, NotFound } from '../lib/errors';
import { continuousDto, datedDto, isActiveOn } from '../domain/views';
import { ChildMissing, getContinuous, getDated, setContinuousCompletion, setDatedCompletion } from './assignments';
import { getChild } from './children';
import { getChore } from './chores';
import { familyAndClock } from './family-week';
import { parseAssignmentId } from './keys';

export async function completeAssignment(
  familyId: string,
  assignmentId: string,
  completed: boolean,
  now: Date,
  onlyChildId?: string,
): Promise<AssignmentDto> {
  const parsed = parseAssignmentId(assignmentId);
  const childId = parsed?.kind === 'dated' ? parsed.ref.childId : parsed?.childId;
  if (!parsed || !childId || (onlyChildId !== undefined && childId !== onlyChildId)) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
  const [{ clock }, child] = await Promise.all([familyAndClock(familyId, now), getChild(familyId, childId)]);
  if (!child) throw new NotFound(FORM_MESSAGES.assignmentNotFound);

  try {
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
      const saved = await setDatedCompletion(item, child, completed, now, clock.today, amount);
      return datedDto(saved, new Map(chore ? [[chore.choreId, chore]] : []));
    }
    const item = await getContinuous(familyId, parsed.childId, parsed.choreId);
    const chore = item && (await getChore(familyId, item.choreId));
    if (!item || !chore) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
    if (completed && !isActiveOn(item, clock.weekday)) throw new BadRequest(FORM_MESSAGES.notActiveToday);
    const saved = await setContinuousCompletion(item, child, completed, now, clock.today, chore.amountCents);
    return continuousDto(saved, new Map([[chore.choreId, chore]]), clock.today, clock.weekStart);
  } catch (err) {
    if (err instanceof ChildMissing) throw new NotFound(FORM_MESSAGES.assignmentNotFound);
    throw err;
  }
}
