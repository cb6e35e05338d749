/**
 * THE WEEK GENERATION AS IT WAS before batched writes (commit 10c7bc5), kept verbatim for the
 * side-by-side benchmark only (imports adjusted). Not used by the app.
 *
 * Weekly distribution for one family and week: reads the week, asks the pure planner for a plan,
 * and applies it. Completed and manual assignments stay; only pending generated ones are replaced.
 * Generated ids are deterministic (`g-<chore>-<day>`), so running twice writes the same items and
 * never duplicates.
 */
import type { GenerateResultDto } from '../../../shared/api-types';
import { addDays, dateInWeek, WEEKDAYS, type IsoDate, type Weekday } from '../../../shared/time';
import { planWeek, type FixedAssignment } from '../../../functions/domain/planner';
import { deletePendingDated, putDatedIfAbsent } from './assignment-writes-v1';
import {
  listContinuous,
  listWeekAssignments,
  newContinuousItem,
  newDatedItem,
  upsertContinuous,
  type DatedAssignmentItem,
} from '../../../functions/data/planning/assignments';
import { listChildren } from '../../../functions/data/family/children';
import { listChores } from '../../../functions/data/planning/chores';

const CONCURRENCY = 8;

async function inBatches<T>(items: T[], fn: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(fn));
}

export async function generateWeek(familyId: string, weekStart: IsoDate, now: Date): Promise<GenerateResultDto> {
  const [children, chores, week, lastWeek, continuous] = await Promise.all([
    listChildren(familyId),
    listChores(familyId),
    listWeekAssignments(familyId, weekStart),
    listWeekAssignments(familyId, addDays(weekStart, -7)),
    listContinuous(familyId),
  ]);
  const choreById = new Map(chores.map((c) => [c.choreId, c]));
  const childIds = new Set(children.map((c) => c.childId));
  const mine = (a: { childId: string; choreId: string }) => childIds.has(a.childId) && choreById.has(a.choreId);

  const replaceable = week.filter((a) => a.source === 'generated' && !a.isCompleted);
  const kept = week.filter((a) => !(a.source === 'generated' && !a.isCompleted));

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
  const stale = replaceable.filter((a) => !desiredIds.has(a.assignmentId));
  const existingIds = new Set(week.map((a) => a.assignmentId));
  const fresh = desired.filter((d) => !existingIds.has(d.assignmentId));

  let removed = 0;
  let created = 0;
  await inBatches(stale, async (a) => {
    if (await deletePendingDated(a)) removed++;
  });
  await inBatches(fresh, async (d) => {
    if ((await putDatedIfAbsent(d)).created) created++;
  });
  const newContinuous = children.flatMap((child) =>
    (plan.children[child.childId]?.continuous ?? []).map((choreId) =>
      newContinuousItem({ familyId, child, chore: choreById.get(choreId)!, daysOfWeek: [], source: 'generated', now }),
    ),
  );
  await inBatches(newContinuous, async (c) => {
    await upsertContinuous(c);
    created++;
  });
  return { weekStart, created, removed, kept: kept.length + (desired.length - fresh.length) };
}
