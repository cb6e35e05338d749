/**
 * The balanced pool (chores without `who`, or one child at a time with balanced turns and no rhythm):
 * handed to the whole-week balancing planner (../planner), whose plan is turned into chore-days.
 */
import { dateInWeek, type Weekday } from '../../../shared/time';
import { planWeek, type FixedAssignment, type PlannerChore } from '../planner';
import { byString, type Job, type PlanContext } from './context';

/** Difficulty given to a pool chore whose children the parent listed: no difficulty limit filters them. */
const ANY_DIFFICULTY = -Number.MAX_VALUE;

export function planPool(ctx: PlanContext): void {
  // A child away all week takes no part (it gets nothing); a pool chore nobody at home may take is left out.
  const kids = ctx.kids.filter((k) => k.homeDates.length > 0);
  if (kids.length === 0) return;
  const present = new Set(kids.map((k) => k.id));
  // A pool chore a child away all week still holds (an ongoing chore, a parent's assignment) stays that
  // child's: it is one child's at a time, so nobody else is given it as well.
  const heldByAbsent = new Set(ctx.kept.filter((a) => !present.has(a.childId)).map((a) => a.choreId));
  const jobs: Job[] = [];
  const chores: PlannerChore[] = [];
  for (const job of ctx.jobs) {
    if (job.mode !== 'pool' || heldByAbsent.has(job.id)) continue;
    const ids = job.eligible.filter((k) => present.has(k.id)).map((k) => k.id);
    if (ids.length === 0) continue;
    jobs.push(job);
    chores.push({
      id: job.id,
      category: job.category,
      difficultyLevel: job.listed ? ANY_DIFFICULTY : job.difficulty,
      amountCents: job.amount,
      ...(job.listed ? { childIds: ids } : {}),
    });
  }
  if (jobs.length === 0) return;
  const jobById = new Map(jobs.map((j) => [j.id, j]));

  // Kept pool assignments are the planner's fixed ones (a daily chore is one chore of the quota, whatever its days).
  const fixed: FixedAssignment[] = [];
  const seen = new Set<string>();
  for (const { childId, choreId, date } of ctx.kept) {
    const job = jobById.get(choreId);
    if (!job || !present.has(childId)) continue;
    const dayOfWeek: Weekday | undefined = job.category === 'weekly' && date !== null ? ctx.weekday(date) : undefined;
    const dedupe = `${childId}\u0000${choreId}\u0000${dayOfWeek ?? ''}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    fixed.push({ childId, choreId, category: job.category, ...(dayOfWeek ? { dayOfWeek } : {}) });
  }
  fixed.sort((a, b) => byString(a.childId, b.childId) || byString(a.choreId, b.choreId) || byString(a.dayOfWeek ?? '', b.dayOfWeek ?? ''));

  const lastWeek: Record<string, string[]> = {};
  const baseTotals: Record<string, number> = {};
  for (const kid of kids) {
    lastWeek[kid.id] = [...(ctx.lastWeekByChild.get(kid.id) ?? [])].sort(byString);
    baseTotals[kid.id] = ctx.scheduledValue[kid.index]!;
  }

  const plan = planWeek({
    children: kids.map((kid) => {
      const counts = kid.counts;
      return {
        id: kid.id,
        maxDifficultyLevel: kid.maxDifficulty,
        dailyChoresCount: counts.daily,
        weeklyChoresCount: counts.weekly,
        continuousChoresCount: counts.continuous,
        awayDays: ctx.dates.filter((d) => !kid.home.has(d)).map((d) => ctx.weekday(d)),
      };
    }),
    chores,
    lastWeek,
    fixed,
    baseTotals,
    seed: ctx.seed,
  });

  for (const kid of kids) {
    const p = plan.children[kid.id];
    if (!p) continue;
    for (const choreId of p.daily) {
      const job = jobById.get(choreId)!;
      for (const date of kid.homeDates) ctx.giveDated(kid, job, date, false, job.amount);
    }
    for (const w of p.weekly) {
      const job = jobById.get(w.choreId)!;
      ctx.giveDated(kid, job, dateInWeek(ctx.weekStart, w.dayOfWeek), false, job.amount);
    }
    for (const choreId of p.continuous) ctx.giveContinuous(kid, jobById.get(choreId)!);
  }
  recordShortfalls(ctx, kids, jobById, fixed, plan.children);
}

/**
 * One child at a time (issue 29): a pool chore goes to one child only, so when the pool of a category
 * cannot fill a child's chore-settings count the child gets fewer, and the plan says so. Only categories
 * the family has pool chores in are reported (a family without ongoing chores is not told about them).
 */
function recordShortfalls(
  ctx: PlanContext,
  kids: PlanContext['kids'],
  jobById: ReadonlyMap<string, Job>,
  fixed: readonly FixedAssignment[],
  planned: Record<string, { daily: string[]; weekly: unknown[]; continuous: string[] }>,
): void {
  const categories = new Set([...jobById.values()].map((j) => j.category));
  for (const kid of kids) {
    const p = planned[kid.id];
    for (const category of ['daily', 'weekly', 'continuous'] as const) {
      if (!categories.has(category)) continue;
      const asked = kid.counts[category];
      const held = new Set(fixed.filter((f) => f.childId === kid.id && f.category === category).map((f) => f.choreId)).size;
      const got = held + (p ? p[category].length : 0);
      if (got < asked) ctx.shortfalls.push({ childId: kid.id, category, asked, available: got });
    }
  }
}
