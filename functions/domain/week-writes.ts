/**
 * What regenerating one family's week writes, decided from what is stored (pure: no I/O, no clock
 * of its own). Completed and manual assignments stay and are handed to the planner as fixed, and so
 * do the other days of a generated chore the child has started; other pending generated ones are
 * replaceable. Generated ids are deterministic (`g-<chore>-<day>`), so planning
 * the same stored state twice names the same items, and what already exists is never written again.
 */
import { dateInWeek, WEEKDAYS, type IsoDate, type Weekday } from '../../shared/time';
import {
  newContinuousItem,
  newDatedItem,
  type ChoreForAssignment,
  type ContinuousItem,
  type DatedAssignmentItem,
} from '../data/assignments';
import type { ChildItem } from '../data/children';
import { planWeek, type FixedAssignment } from './planner';

/** What planning needs of each stored item (the generator reads only these attributes). */
export type PlanChild = Pick<ChildItem, 'childId' | 'maxDifficultyLevel' | 'dailyChoresCount' | 'weeklyChoresCount' | 'continuousChoresCount'>;
export type PlanChore = ChoreForAssignment;
export type PlanContinuous = Pick<ContinuousItem, 'childId' | 'choreId'>;
export type PlanDated = Pick<DatedAssignmentItem, 'assignmentId' | 'childId' | 'choreId' | 'weekStart' | 'dayOfWeek' | 'isCompleted' | 'source'>;

/** The attributes of those shapes, for the Queries' projections. */
export const PLAN_ATTRIBUTES = {
  core: ['type', 'childId', 'choreId', 'maxDifficultyLevel', 'dailyChoresCount', 'weeklyChoresCount', 'continuousChoresCount', 'name', 'description', 'category', 'amountCents', 'difficultyLevel'],
  dated: ['assignmentId', 'childId', 'choreId', 'weekStart', 'dayOfWeek', 'isCompleted', 'source'],
} as const;

/** A family's stored state for one week's regeneration. */
export interface WeekState {
  children: PlanChild[];
  chores: PlanChore[];
  continuous: PlanContinuous[];
  /** Dated assignments of the week being generated. */
  week: PlanDated[];
  /** Dated assignments of the week before (what each child had: rule 5 of the planner). */
  lastWeek: PlanDated[];
}

export interface WeekWrites {
  weekStart: IsoDate;
  /** Pending generated assignments the plan no longer wants: deleted only while still pending. */
  stale: PlanDated[];
  /** Dated assignments the plan wants that were not stored when the week was read. */
  fresh: DatedAssignmentItem[];
  /** Continuous assignments the plan adds. */
  newContinuous: ContinuousItem[];
  /** Stored assignments that stay as they are. */
  kept: number;
}

export function planWeekWrites(state: WeekState, familyId: string, weekStart: IsoDate, now: Date): WeekWrites {
  const { children, chores, week, lastWeek, continuous } = state;
  const choreById = new Map(chores.map((c) => [c.choreId, c]));
  const childIds = new Set(children.map((c) => c.childId));
  const mine = (a: { childId: string; choreId: string }) => childIds.has(a.childId) && choreById.has(a.choreId);

  // A generated chore a child has started this week (one of its days ticked) stays whole: its other
  // days are not handed to someone else half-way through the week.
  const started = new Set(week.filter((a) => a.source === 'generated' && a.isCompleted).map((a) => `${a.childId}|${a.choreId}`));
  const isReplaceable = (a: PlanDated) => a.source === 'generated' && !a.isCompleted && !started.has(`${a.childId}|${a.choreId}`);
  const replaceable = week.filter(isReplaceable);
  const kept = week.filter((a) => !isReplaceable(a));

  const fixed: FixedAssignment[] = [];
  const seen = new Set<string>();
  for (const a of kept.filter(mine)) {
    const category = choreById.get(a.choreId)!.category;
    // A daily chore is one assignment per day but one chore of the child's quota.
    const key = category === 'daily' ? `${a.childId}|${a.choreId}` : `${a.childId}|${a.choreId}|${a.dayOfWeek}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fixed.push({ childId: a.childId, choreId: a.choreId, category, ...(category === 'weekly' ? { dayOfWeek: a.dayOfWeek } : {}) });
  }
  for (const c of continuous.filter(mine)) fixed.push({ childId: c.childId, choreId: c.choreId, category: 'continuous' });

  const lastWeekByChild: Record<string, string[]> = {};
  for (const a of lastWeek) (lastWeekByChild[a.childId] ??= []).push(a.choreId);

  const plan = planWeek({
    children: children.map((c) => ({
      id: c.childId,
      maxDifficultyLevel: c.maxDifficultyLevel,
      dailyChoresCount: c.dailyChoresCount,
      weeklyChoresCount: c.weeklyChoresCount,
      continuousChoresCount: c.continuousChoresCount,
    })),
    chores: chores.map((c) => ({ id: c.choreId, category: c.category, difficultyLevel: c.difficultyLevel, amountCents: c.amountCents })),
    lastWeek: lastWeekByChild,
    fixed,
    seed: `${familyId}:${weekStart}`,
  });

  const occupied = new Set(kept.map((a) => `${a.childId}|${a.choreId}|${a.dayOfWeek}`));
  const desired: DatedAssignmentItem[] = [];
  for (const child of children) {
    const p = plan.children[child.childId];
    if (!p) continue;
    const add = (choreId: string, day: Weekday) => {
      if (occupied.has(`${child.childId}|${choreId}|${day}`)) return;
      desired.push(newDatedItem({ familyId, child, chore: choreById.get(choreId)!, weekStart, assignedDate: dateInWeek(weekStart, day), dayOfWeek: day, source: 'generated', now }));
    };
    for (const choreId of p.daily) for (const day of WEEKDAYS) add(choreId, day);
    for (const w of p.weekly) add(w.choreId, w.dayOfWeek);
  }
  const desiredIds = new Set(desired.map((d) => d.assignmentId));
  const existingIds = new Set(week.map((a) => a.assignmentId));
  const newContinuous = children.flatMap((child) =>
    (plan.children[child.childId]?.continuous ?? []).map((choreId) =>
      newContinuousItem({ familyId, child, chore: choreById.get(choreId)!, daysOfWeek: [], source: 'generated', now }),
    ),
  );
  return {
    weekStart,
    stale: replaceable.filter((a) => !desiredIds.has(a.assignmentId)),
    fresh: desired.filter((d) => !existingIds.has(d.assignmentId)),
    newContinuous,
    kept: kept.length + desired.filter((d) => existingIds.has(d.assignmentId)).length,
  };
}
