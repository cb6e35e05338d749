/**
 * The weekly planner: a pure, deterministic function that plans a whole week for all children of a family
 * at once. No I/O, no clock, no Math.random: the same input and seed always give the same plan, whatever
 * the order of the input arrays.
 *
 * Availability: a child's `awayDays` are the weekdays of the planned week it is away; the others are its home
 * days. A daily chore given to a child is done on its home days only (the caller drops the away days), weekly
 * chores go on home days only, and a child with no home day gets nothing this week.
 *
 * Rules (each one is a fast-check property in planner/*.test.ts):
 *  1. Quota — per child and category, fixed + planned <= max(fixed, min(quota, eligible chores)), and the plan
 *     fills as many of those places as one child per chore allows (a maximum matching); the quota of a child
 *     away all week is 0. With too few chores a child gets fewer (issue 29: the caller reports the shortfall).
 *  2. Eligibility — only input chores, of the right category, with difficultyLevel <= maxDifficultyLevel and,
 *     when the chore lists `childIds` (non-empty), only the children listed.
 *  3. No duplicates — a child never gets the same chore twice in a week (fixed included).
 *  4. One child at a time (issue 29) — a planned chore is held by no other child (fixed or planned). Before
 *     issue 29 a chore was shared when the pool ran short, so a "one child at a time" chore went to both
 *     children and each was paid; now the short child gets fewer.
 *  5. No repetition while avoidable — a planned chore the child had last week only when no unheld eligible
 *     chore of that category is new to the child. Rule 4 wins over rule 5.
 *  6. Weekly spread — a child's planned weekly chores go on its home days only, on days it has free (so its
 *     weekly chores are on distinct days whenever that's possible; with fewer free home days than chores,
 *     every free home day gets one and its busiest home day is as light as possible), and family-wide day
 *     loads are as even as those per-child constraints allow (an optimal flow: no chain of moves can lower a
 *     day by taking work to a day with a load two or more below). In particular max − min load ≤ 1
 *     whenever the fixed loads are within 1 and the children getting weekly chores have no fixed weekly
 *     ones and no away days. (A child's fixed or away days can force more: two children busy Sunday–Friday
 *     both need Saturday.) Fixed weekly chores on away days stay where they are and count in the loads.
 *  7. Balance — the weekly reward potential is balanced across children as far as rules 1–6 allow: child k's
 *     main total is its base total (`baseTotals`, chores outside the pool) + daily amount × its home days +
 *     weekly amounts (see `rewardPotential`); continuous chores (no fixed number of completions) are left
 *     out of it and balanced among themselves by amount. Guarantee: two children with the same difficulty
 *     limit, the same counts, the same last week, the same away days, the same chores open to them
 *     (`childIds`), the same base total and nothing fixed end up at most one chore's contribution apart.
 *     (With different last weeks, rule 5 can force a bigger gap.) Between any two children, no exchange of
 *     planned chores allowed by rules 2–5 lowers the sum of squared totals without adding a repeat.
 *  8. Determinism — inputs are sorted by id internally; a seeded PRNG (../prng) breaks ties only.
 *  9. Idempotence — the plan only tops quotas up, so feeding it back as `fixed` yields an empty plan.
 * With nobody away, no `childIds` and no `baseTotals`, the plan is exactly the one of the planner before
 * availability was added (issue 21).
 *
 * Algorithm, per category (daily, then weekly, then continuous) — ./allocate.ts, ./balance-swaps.ts:
 *  1. Greedy, round by round: every child still under quota, lowest running total first (ties by PRNG),
 *     picks its best available chore by (nobody holds it, not its own last week's, fewest holders, fewest
 *     other needy children could take it, nobody had it last week, amount that moves its total toward the
 *     family mean, PRNG).
 *  2. Fill: the greedy never takes a held chore; for a child still short, augmenting paths (ben takes ava's
 *     chore, ava takes a free one) until no path is left, so the family fills as many places as possible.
 *     Rule 5 holds after steps 1–2 because the set of free chores only shrinks in them, and a child only
 *     ever takes a chore from its last week when no free chore new to it is left (the greedy prefers new
 *     free chores, a path ends at a new free chore when there is one, and the children in the middle of a
 *     path have no free chore at all).
 *  3. Swaps: two children exchange planned chores of the same category when that lowers the number of
 *     repeats, or keeps it and lowers the sum of squared totals, each child's total moving by its own
 *     weights (a daily chore weighs amount × home days for each child); (repeats, sum of squared totals)
 *     drops with every swap, so it terminates. A swap never changes how many children hold each chore, so it
 *     is accepted whenever eligibility, uniqueness and rules 4/5 still hold for both children. At the
 *     fixpoint no such swap exists for any pair: that is what makes the rule-7 guarantee hold.
 * Then weekly day placement (./place-weekly.ts): a greedy placement (most constrained child first, least
 * loaded allowed day, PRNG ties) improved with augmenting paths until the day loads are optimally even.
 *
 * Cost: once warm, 10 children × 60 chores plan in well under a millisecond and 30 children × 200 chores with
 * away days, restricted chores and base totals in about 2 ms (medians on a busy 2-core machine; the issue's
 * target is 10 ms; test/bench/planner.bench.ts). Every child and chore is a literal of one shape and the hot
 * tables are typed arrays: the swap phase dominates, O(sweeps × children² × chores per child).
 */
import { WEEKDAYS } from '../../../shared/time';
import { createRng } from '../prng';
import { allocateGreedy, maximizeCoverage } from './allocate';
import { balanceSwaps } from './balance-swaps';
import { placeWeekly } from './place-weekly';
import { buildState, byString } from './state';
import type { ChildPlan, FixedAssignment, PlannerChore, PlannerInput, WeekPlan } from './types';

export { CATEGORIES, type Category, type ChildPlan, type FixedAssignment, type PlannerChild, type PlannerChore, type PlannerInput, type WeekPlan } from './types';

/**
 * A chore's contribution to a child's weekly reward potential, the quantity rule 7 balances: a daily chore is
 * done once per home day (amount × homeDays, 7 by default), a weekly chore once (amount × 1). Continuous chores
 * have no fixed number of completions, so they contribute 0 here; they are balanced with `continuousPotential`.
 */
export function rewardPotential(chore: Pick<PlannerChore, 'category' | 'amountCents'>, homeDays = 7): number {
  if (chore.category === 'daily') return chore.amountCents * homeDays;
  if (chore.category === 'weekly') return chore.amountCents;
  return 0;
}

/** Continuous chores are balanced among themselves, by amount (weight 1). */
export function continuousPotential(chore: Pick<PlannerChore, 'category' | 'amountCents'>): number {
  return chore.category === 'continuous' ? chore.amountCents : 0;
}

/** Converts a plan into the fixed assignments it would create (one per daily/continuous chore, one per weekly day). */
export function planToFixed(plan: WeekPlan): FixedAssignment[] {
  const out: FixedAssignment[] = [];
  for (const [childId, p] of Object.entries(plan.children)) {
    for (const choreId of p.daily) out.push({ childId, choreId, category: 'daily' });
    for (const w of p.weekly) out.push({ childId, choreId: w.choreId, category: 'weekly', dayOfWeek: w.dayOfWeek });
    for (const choreId of p.continuous) out.push({ childId, choreId, category: 'continuous' });
  }
  return out;
}

export function planWeek(input: PlannerInput): WeekPlan {
  const seed = String(input.seed ?? '');
  const s = buildState({
    children: input.children ?? [],
    chores: input.chores ?? [],
    lastWeek: input.lastWeek ?? {},
    fixed: input.fixed ?? [],
    baseTotals: input.baseTotals ?? {},
    seed,
  });
  allocateGreedy(s);
  maximizeCoverage(s);
  balanceSwaps(s);
  const weeklyDays = placeWeekly(
    s.kids,
    s.planned.map((p) => p[1]!.length),
    s.fixedDays,
    seed,
  );

  const out: Record<string, ChildPlan> = {};
  s.kids.forEach((kid, k) => {
    const ids = (cat: number) => s.planned[k]![cat]!.map((i) => s.jobs[i]!.id).sort(byString);
    const weeklyIds = createRng(`${seed}\u0000weekly\u0000${kid.id}`).shuffle(ids(1));
    const days = weeklyDays[k]!;
    const weekly = weeklyIds
      .map((choreId, i) => ({ choreId, day: days[i]! }))
      .sort((a, b) => a.day - b.day || byString(a.choreId, b.choreId))
      .map(({ choreId, day }) => ({ choreId, dayOfWeek: WEEKDAYS[day]! }));
    out[kid.id] = { daily: ids(0), weekly, continuous: ids(2) };
  });
  return { children: out };
}
