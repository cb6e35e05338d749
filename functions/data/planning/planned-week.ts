/**
 * A week not handed out yet (issue 29: the print calendar prints next week as well as this one).
 * Next week's chores are written by its Sunday job; until then, a child's week is what that job
 * will write if nothing changes: the preview's plan with the job's own seed (generate.ts), the
 * stored assignments it keeps (hand-assigned ones) and the ones it adds, written nowhere.
 */
import type { DateRange } from '../../../shared/planning';
import type { IsoDate } from '../../../shared/time';
import { listWeekAssignments, type ContinuousItem, type DatedAssignmentItem } from './assignments';
import { defaultSeed, itemsOf, previewWeek } from './generate';

export async function plannedWeekOfChild(
  familyId: string,
  childId: string,
  weekStart: IsoDate,
  familyPause: DateRange | null,
  now: Date,
): Promise<{ dated: DatedAssignmentItem[]; continuous: ContinuousItem[] }> {
  const [{ stored, writes }, storedDated] = await Promise.all([
    previewWeek(familyId, weekStart, familyPause, defaultSeed(familyId, weekStart)),
    listWeekAssignments(familyId, weekStart, childId),
  ]);
  // The stored chore-days the job would remove (pending generated ones the plan no longer wants) are left out.
  const stale = new Set(writes.stale.map((a) => a.id));
  const planned = itemsOf(writes, stored, familyId, now);
  return {
    dated: [...storedDated.filter((a) => !stale.has(a.assignmentId)), ...planned.dated.filter((a) => a.childId === childId)],
    continuous: planned.continuous.filter((c) => c.childId === childId),
  };
}
