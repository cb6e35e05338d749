/**
 * The weekly planner: a pure, deterministic function that plans a whole week for all children of a family
 * at once. No I/O, no clock, no Math.random: the same input and seed always give the same plan, whatever
 * the order of the input arrays.
 *
 * Rules (each one is a fast-check property in planner.test.ts):
 *  1. Quota — per child and category, fixed + planned = max(fixed, min(quota, eligible chores)).
 *  2. Eligibility — only input chores, of the right category, with difficultyLevel <= maxDifficultyLevel.
 *  3. No duplicates — a child never gets the same chore twice in a week (fixed included).
 *  4. No sharing while avoidable — a planned chore is shared (held by 2+ children) only when the child has no
 *     eligible chore of that category that nobody holds.
 *  5. No repetition while avoidable — a planned chore the child had last week only when no unheld eligible
 *     chore of that category is new to the child. Rule 4 wins over rule 5.
 *  6. Weekly spread — a child's planned weekly chores go on days the child has free (so its weekly chores
 *     are on distinct days whenever that's possible), and family-wide day loads are as even as those
 *     per-child constraints allow (an optimal flow: no chain of moves can lower a day by taking work to a
 *     day with a load two or more below).
 *  7. Balance — reward potential is balanced across children (see `rewardPotential`).
 *  8. Determinism — inputs are sorted by id internally; a seeded PRNG (./prng) breaks ties only.
 *  9. Idempotence — the plan only tops quotas up, so feeding it back as `fixed` yields an empty plan.
 *
 * Algorithm, per category (daily, then weekly, then continuous):
 *  - Greedy, round by round: every child still under quota, lowest running total first (ties by PRNG),
 *    picks its best available chore by (nobody holds it, not its own last week's, fewest holders, nobody
 *    had it last week, amount that moves its total toward the family mean, PRNG). Because the set of
 *    unheld chores only shrinks, a child that takes a shared or repeated chore had no better one then and
 *    never gets one later: rules 4 and 5 hold by construction.
 *  - Swap improvement: two children exchange planned chores of the same category when that brings their
 *    totals strictly closer (decreases the sum of squared totals, so it terminates). A swap never changes
 *    who-holds-how-many, so it is accepted whenever eligibility, uniqueness and rules 4/5 still hold for
 *    both children.
 * Then weekly day placement: a greedy placement (most constrained child first, least loaded free day,
 * PRNG ties) improved with augmenting paths until the day loads are optimally even.
 */
import { WEEKDAYS, type Weekday } from '../../shared/time';
import { createRng } from './prng';

export type Category = 'daily' | 'weekly' | 'continuous';
export const CATEGORIES: readonly Category[] = ['daily', 'weekly', 'continuous'];

export interface PlannerChild {
  id: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
}
export interface PlannerChore {
  id: string;
  category: Category;
  difficultyLevel: number;
  amountCents: number;
}
export interface FixedAssignment {
  childId: string;
  choreId: string;
  category: Category;
  dayOfWeek?: Weekday;
}
export interface PlannerInput {
  children: PlannerChild[];
  chores: PlannerChore[];
  /** chore ids each child had last week (any category) */
  lastWeek: Record<string, string[]>;
  /**
   * Assignments that already exist this week and must stay (completed ones, manual ones, existing continuous
   * ones). They count toward the child's quota and occupy their chore (for uniqueness) and their weekday (for
   * spreading). A daily or continuous fixed entry has no dayOfWeek; a weekly one has one.
   * Exact duplicates are counted once; entries of children not in `children` are ignored; when the chore is
   * known, its own category wins over the entry's.
   */
  fixed: FixedAssignment[];
  seed: string;
}
export interface ChildPlan {
  daily: string[];
  weekly: { choreId: string; dayOfWeek: Weekday }[];
  continuous: string[];
}
/** Only NEW assignments to create (never repeats anything in `fixed`). Every child id of the input appears. */
export interface WeekPlan {
  children: Record<string, ChildPlan>;
}

/**
 * A chore's contribution to a child's weekly reward potential, the quantity rule 7 balances: a daily chore is
 * done 7 times (amount × 7), a weekly chore once (amount × 1). Continuous chores have no fixed number of
 * completions, so they contribute 0 here; they are balanced separately with `continuousPotential`.
 */
export function rewardPotential(chore: Pick<PlannerChore, 'category' | 'amountCents'>): number {
  if (chore.category === 'daily') return chore.amountCents * 7;
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

// ---------------------------------------------------------------------------------------------------------
// Internals

const DAYS = WEEKDAYS.length;
const CAT_INDEX: Record<Category, number> = { daily: 0, weekly: 1, continuous: 2 };
const WEEKDAY_INDEX = new Map<string, number>(WEEKDAYS.map((d, i) => [d, i]));

interface Kid {
  id: string;
  maxDifficulty: number;
  quota: [number, number, number];
  lastWeek: Set<string>;
  key: number;
}
interface Job {
  id: string;
  index: number;
  cat: number;
  difficulty: number;
  amount: number;
  /** contribution to the balanced total of its group (main: daily ×7 / weekly; continuous: amount) */
  weight: number;
  key: number;
}

const count = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
const isCategory = (c: unknown): c is Category => c === 'daily' || c === 'weekly' || c === 'continuous';
const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function normalizeChildren(children: readonly PlannerChild[], lastWeek: Record<string, string[]>, seed: string): Kid[] {
  const sorted = children
    .map((c) => ({
      id: String(c.id),
      maxDifficulty: Number.isFinite(c.maxDifficultyLevel) ? c.maxDifficultyLevel : -Infinity,
      quota: [count(c.dailyChoresCount), count(c.weeklyChoresCount), count(c.continuousChoresCount)] as [number, number, number],
    }))
    // Sort by every field so that even duplicate ids resolve the same way whatever the input order.
    .sort((a, b) => byString(a.id, b.id) || a.maxDifficulty - b.maxDifficulty || a.quota[0] - b.quota[0] || a.quota[1] - b.quota[1] || a.quota[2] - b.quota[2]);
  const kids: Kid[] = [];
  for (const c of sorted) {
    if (kids.length > 0 && kids[kids.length - 1]!.id === c.id) continue;
    const lw = Object.prototype.hasOwnProperty.call(lastWeek, c.id) ? lastWeek[c.id] : undefined;
    kids.push({ ...c, lastWeek: new Set(Array.isArray(lw) ? lw.map(String) : []), key: createRng(`${seed}\u0000child\u0000${c.id}`).next() });
  }
  return kids;
}

function normalizeChores(chores: readonly PlannerChore[], seed: string): Job[] {
  const sorted = chores
    .filter((c) => isCategory(c.category))
    .map((c) => ({
      id: String(c.id),
      cat: CAT_INDEX[c.category],
      difficulty: Number.isFinite(c.difficultyLevel) ? c.difficultyLevel : Infinity,
      amount: Number.isFinite(c.amountCents) ? c.amountCents : 0,
    }))
    .sort((a, b) => byString(a.id, b.id) || a.cat - b.cat || a.difficulty - b.difficulty || a.amount - b.amount);
  const jobs: Job[] = [];
  for (const c of sorted) {
    if (jobs.length > 0 && jobs[jobs.length - 1]!.id === c.id) continue;
    const weight = c.cat === 0 ? c.amount * 7 : c.amount;
    jobs.push({ ...c, index: jobs.length, weight, key: createRng(`${seed}\u0000chore\u0000${c.id}`).next() });
  }
  return jobs;
}

export function planWeek(input: PlannerInput): WeekPlan {
  const seed = String(input.seed ?? '');
  const lastWeekInput: Record<string, string[]> = input.lastWeek ?? {};
  const kids = normalizeChildren(input.children ?? [], lastWeekInput, seed);
  const jobs = normalizeChores(input.chores ?? [], seed);
  const K = kids.length;
  const kidIndex = new Map(kids.map((k, i) => [k.id, i]));
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const jobsByCat: Job[][] = [[], [], []];
  for (const j of jobs) jobsByCat[j.cat]!.push(j);

  // Family-wide rotation: chores somebody had last week come after chores nobody had.
  const lastWeekAny = new Set<string>();
  for (const list of Object.values(lastWeekInput)) if (Array.isArray(list)) for (const id of list) lastWeekAny.add(String(id));

  // --- State -------------------------------------------------------------------------------------------
  /** number of children holding each chore (fixed or planned) */
  const holders = new Int32Array(jobs.length);
  /** chore ids each child holds (fixed, any category, plus planned) */
  const held: Set<string>[] = kids.map(() => new Set<string>());
  const fixedCount: number[][] = kids.map(() => [0, 0, 0]);
  const fixedDays: number[][] = kids.map(() => new Array<number>(DAYS).fill(0));
  /** totals[0] = main reward potential (daily ×7 + weekly), totals[1] = continuous */
  const totals: number[][] = [new Array<number>(K).fill(0), new Array<number>(K).fill(0)];
  const planned: number[][][] = kids.map(() => [[], [], []]);
  const groupOf = (cat: number) => (cat === 2 ? 1 : 0);

  const seenFixed = new Set<string>();
  for (const f of input.fixed ?? []) {
    const k = kidIndex.get(String(f.childId));
    if (k === undefined) continue;
    const choreId = String(f.choreId);
    const job = jobById.get(choreId);
    const cat = job ? job.cat : isCategory(f.category) ? CAT_INDEX[f.category] : -1;
    if (cat < 0) continue;
    const day = cat === 1 && f.dayOfWeek !== undefined ? WEEKDAY_INDEX.get(f.dayOfWeek) : undefined;
    const dedupe = `${k}\u0000${choreId}\u0000${cat}\u0000${day ?? ''}`;
    if (seenFixed.has(dedupe)) continue;
    seenFixed.add(dedupe);
    fixedCount[k]![cat]!++;
    if (!held[k]!.has(choreId)) {
      held[k]!.add(choreId);
      if (job && job.cat === cat) holders[job.index]!++;
    }
    if (day !== undefined) fixedDays[k]![day]!++;
    if (job) totals[groupOf(cat)]![k]! += job.weight;
  }

  const eligible = (k: Kid, j: Job) => j.difficulty <= k.maxDifficulty;

  // --- Greedy allocation, per category -------------------------------------------------------------------
  for (let cat = 0; cat < 3; cat++) {
    const pool = jobsByCat[cat]!;
    const total = totals[groupOf(cat)]!;
    const need = kids.map((kid, k) => {
      const eligibleCount = pool.reduce((n, j) => n + (eligible(kid, j) ? 1 : 0), 0);
      return Math.max(0, Math.min(kid.quota[cat]!, eligibleCount) - fixedCount[k]![cat]!);
    });
    for (;;) {
      const active: number[] = [];
      for (let k = 0; k < K; k++) if (planned[k]![cat]!.length < need[k]!) active.push(k);
      if (active.length === 0) break;
      active.sort((a, b) => total[a]! - total[b]! || kids[a]!.key - kids[b]!.key || a - b);
      const mean = total.reduce((s, t) => s + t, 0) / K;
      // How many children still needing a chore of this category could take each chore: leave scarce
      // chores to the children who have fewer options.
      const demand = new Map<number, number>();
      for (const j of pool) demand.set(j.index, active.reduce((n, k) => n + (eligible(kids[k]!, j) ? 1 : 0), 0));
      for (const k of active) {
        const kid = kids[k]!;
        const wantHigh = total[k]! <= mean;
        let best: Job | undefined;
        let bestScore: number[] = [];
        for (const j of pool) {
          if (!eligible(kid, j) || held[k]!.has(j.id)) continue;
          const h = holders[j.index]!;
          const score = [
            h > 0 ? 1 : 0,
            kid.lastWeek.has(j.id) ? 1 : 0,
            h,
            demand.get(j.index)!,
            lastWeekAny.has(j.id) ? 1 : 0,
            wantHigh ? -j.weight : j.weight,
            j.key,
          ];
          if (best === undefined || lexLess(score, bestScore)) {
            best = j;
            bestScore = score;
          }
        }
        if (best === undefined) {
          need[k] = planned[k]![cat]!.length; // cannot happen with consistent input; never loop forever
          continue;
        }
        planned[k]![cat]!.push(best.index);
        held[k]!.add(best.id);
        holders[best.index]!++;
        total[k]! += best.weight;
      }
    }
  }

  // --- Repair (rules 4 and 5) ----------------------------------------------------------------------------
  // The greedy can leave a violation behind: a child takes a free chore that a later, more constrained child
  // must then share, while the first child still had another free option. Repair to a fixpoint: move a
  // child off a shared planned chore onto a free one (the number of free chores drops), or off a repeated
  // planned chore onto a free new one (free chores do not increase, repeats drop). The pair (free chores,
  // repeats) decreases lexicographically with every move, so this terminates.
  for (let cat = 0; cat < 3; cat++) {
    const pool = jobsByCat[cat]!;
    const total = totals[groupOf(cat)]!;
    for (let changed = true; changed; ) {
      changed = false;
      for (let k = 0; k < K; k++) {
        const kid = kids[k]!;
        const mine = planned[k]![cat]!;
        for (let i = 0; i < mine.length; i++) {
          const x = jobs[mine[i]!]!;
          const shared = holders[x.index]! >= 2;
          const repeated = kid.lastWeek.has(x.id);
          if (!shared && !repeated) continue;
          let best: Job | undefined;
          let bestScore: number[] = [];
          for (const y of pool) {
            if (holders[y.index]! !== 0 || !eligible(kid, y)) continue;
            const yRepeated = kid.lastWeek.has(y.id);
            if (!shared && yRepeated) continue;
            const score = [yRepeated ? 1 : 0, lastWeekAny.has(y.id) ? 1 : 0, Math.abs(y.weight - x.weight), y.key];
            if (best === undefined || lexLess(score, bestScore)) {
              best = y;
              bestScore = score;
            }
          }
          if (best === undefined) continue;
          mine[i] = best.index;
          held[k]!.delete(x.id);
          held[k]!.add(best.id);
          holders[x.index]!--;
          holders[best.index]!++;
          total[k]! += best.weight - x.weight;
          changed = true;
        }
      }
    }
  }

  // --- Swap improvement (balance) ------------------------------------------------------------------------
  // Swaps keep every chore's holder count, so "is there an unheld eligible chore (not in my last week)" is
  // fixed during this phase: compute it once per child and category.
  const hasFree: boolean[][] = kids.map(() => [false, false, false]);
  const hasFreeNew: boolean[][] = kids.map(() => [false, false, false]);
  for (let k = 0; k < K; k++) {
    for (const j of jobs) {
      if (holders[j.index]! > 0 || !eligible(kids[k]!, j)) continue;
      hasFree[k]![j.cat] = true;
      if (!kids[k]!.lastWeek.has(j.id)) hasFreeNew[k]![j.cat] = true;
    }
  }
  /** may child k take planned chore j (currently held by someone else, who gives it up)? */
  const canTake = (k: number, j: Job) =>
    eligible(kids[k]!, j) &&
    !held[k]!.has(j.id) &&
    !(holders[j.index]! >= 2 && hasFree[k]![j.cat]) &&
    !(kids[k]!.lastWeek.has(j.id) && hasFreeNew[k]![j.cat]);

  for (let group = 0; group < 2; group++) {
    const total = totals[group]!;
    const cats = group === 0 ? [0, 1] : [2];
    let budget = 200_000; // safety net only; every swap strictly lowers the sum of squared totals
    let improved = true;
    while (improved && budget > 0) {
      improved = false;
      for (let a = 0; a < K; a++) {
        for (let b = 0; b < K; b++) {
          const D = total[a]! - total[b]!;
          if (D <= 0) continue;
          let bestGain = 0;
          let bestCat = -1;
          let bestX = -1;
          let bestY = -1;
          for (const cat of cats) {
            const pa = planned[a]![cat]!;
            const pb = planned[b]![cat]!;
            if (pa.length === 0 || pb.length === 0) continue;
            for (let xi = 0; xi < pa.length; xi++) {
              const x = jobs[pa[xi]!]!;
              if (!canTake(b, x)) continue;
              for (let yi = 0; yi < pb.length; yi++) {
                const y = jobs[pb[yi]!]!;
                const delta = x.weight - y.weight;
                if (delta <= 0 || delta >= D) continue;
                const gain = delta * (D - delta);
                if (gain > bestGain && canTake(a, y)) {
                  bestGain = gain;
                  bestCat = cat;
                  bestX = xi;
                  bestY = yi;
                }
              }
            }
          }
          if (bestCat < 0) continue;
          const pa = planned[a]![bestCat]!;
          const pb = planned[b]![bestCat]!;
          const x = jobs[pa[bestX]!]!;
          const y = jobs[pb[bestY]!]!;
          pa[bestX] = y.index;
          pb[bestY] = x.index;
          held[a]!.delete(x.id);
          held[a]!.add(y.id);
          held[b]!.delete(y.id);
          held[b]!.add(x.id);
          const delta = x.weight - y.weight;
          total[a]! -= delta;
          total[b]! += delta;
          improved = true;
          budget--;
        }
      }
    }
  }

  // --- Weekly day placement ------------------------------------------------------------------------------
  const weeklyDays = placeWeekly(
    kids,
    planned.map((p) => p[1]!.length),
    fixedDays,
    seed,
  );

  // --- Output --------------------------------------------------------------------------------------------
  const out: Record<string, ChildPlan> = {};
  kids.forEach((kid, k) => {
    const ids = (cat: number) => planned[k]![cat]!.map((i) => jobs[i]!.id).sort(byString);
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

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
  return false;
}

/**
 * Chooses the days of every child's planned weekly chores (a multiset of day indexes per child).
 *
 * Per child: if it has at least as many free days (no weekly chore yet) as planned weekly chores, each planned
 * chore takes a distinct free day (capacity 1 on free days, 0 elsewhere). Otherwise it fills every free day
 * and spreads the rest so its own per-day count stays as low as possible ("water level").
 * Family-wide: the movable units are placed greedily (most constrained child first, least loaded day, PRNG
 * ties), then improved with augmenting paths (move one unit of child c1 from day A to B, one of c2 from B to
 * C, …) until no day can hand work to a day whose load is 2 or more lower. That is the optimality condition
 * of the convex min-cost flow, so the loads are as even as the per-child constraints allow (it minimises
 * the maximum and maximises the minimum load at the same time).
 */
function placeWeekly(kids: readonly Kid[], demandAll: readonly number[], fixedDays: readonly number[][], seed: string): number[][] {
  const K = kids.length;
  const rng = createRng(`${seed}\u0000days`);
  const dayKey = Array.from({ length: DAYS }, () => rng.next());
  const load = new Array<number>(DAYS).fill(0);
  for (let k = 0; k < K; k++) for (let d = 0; d < DAYS; d++) load[d]! += fixedDays[k]![d]!;

  const cap: number[][] = [];
  const forced: number[][] = [];
  const movable: number[][] = [];
  const demand: number[] = [];
  for (let k = 0; k < K; k++) {
    const n = demandAll[k]!;
    const fd = fixedDays[k]!;
    const free: number[] = fd.map((c) => (c === 0 ? 1 : 0));
    const freeCount = free.reduce((s, x) => s + x, 0);
    movable.push(new Array<number>(DAYS).fill(0));
    if (n <= freeCount) {
      cap.push(free);
      forced.push(new Array<number>(DAYS).fill(0));
      demand.push(n);
      continue;
    }
    // Every free day gets one; the remaining r are spread to keep the child's own day counts level.
    forced.push(free);
    for (let d = 0; d < DAYS; d++) load[d]! += free[d]!;
    const level = fd.map((c, d) => c + free[d]!);
    const r = n - freeCount;
    let water = Math.min(...level);
    while (level.reduce((s, m) => s + Math.max(0, water - m), 0) < r) water++;
    cap.push(level.map((m) => Math.max(0, water - m)));
    demand.push(r);
  }

  // Greedy: most constrained child first.
  const order = kids
    .map((_, k) => k)
    .filter((k) => demand[k]! > 0)
    .sort((a, b) => {
      const slack = (k: number) => cap[k]!.reduce((s, c) => s + c, 0) - demand[k]!;
      return slack(a) - slack(b) || kids[a]!.key - kids[b]!.key || a - b;
    });
  for (const k of order) {
    for (let u = 0; u < demand[k]!; u++) {
      let best = -1;
      for (let d = 0; d < DAYS; d++) {
        if (movable[k]![d]! >= cap[k]![d]!) continue;
        if (best < 0 || load[d]! < load[best]! || (load[d] === load[best] && dayKey[d]! < dayKey[best]!)) best = d;
      }
      if (best < 0) break; // unreachable: capacities always cover the demand
      movable[k]![best]!++;
      load[best]!++;
    }
  }

  // Augmenting paths until no day can pass work to a day with a load two or more lower.
  const daysByKey = Array.from({ length: DAYS }, (_, d) => d).sort((a, b) => dayKey[a]! - dayKey[b]!);
  for (let guard = 0; guard < 100_000; guard++) {
    let moved = false;
    const sources = daysByKey.slice().sort((a, b) => load[b]! - load[a]!);
    for (const src of sources) {
      const prevDay = new Array<number>(DAYS).fill(-1);
      const prevKid = new Array<number>(DAYS).fill(-1);
      const seen = new Array<boolean>(DAYS).fill(false);
      seen[src] = true;
      const queue = [src];
      for (let qi = 0; qi < queue.length; qi++) {
        const d = queue[qi]!;
        for (const k of order) {
          if (movable[k]![d]! === 0) continue;
          for (const d2 of daysByKey) {
            if (seen[d2] || movable[k]![d2]! >= cap[k]![d2]!) continue;
            seen[d2] = true;
            prevDay[d2] = d;
            prevKid[d2] = k;
            queue.push(d2);
          }
        }
      }
      let dst = -1;
      for (const d of daysByKey) if (d !== src && seen[d] && (dst < 0 || load[d]! < load[dst]!)) dst = d;
      if (dst < 0 || load[dst]! > load[src]! - 2) continue;
      load[src]!--;
      load[dst]!++;
      for (let d = dst; d !== src; d = prevDay[d]!) {
        const k = prevKid[d]!;
        movable[k]![prevDay[d]!]!--;
        movable[k]![d]!++;
      }
      moved = true;
      break;
    }
    if (!moved) break;
  }

  return kids.map((_, k) => {
    const days: number[] = [];
    for (let d = 0; d < DAYS; d++) for (let i = 0; i < forced[k]![d]! + movable[k]![d]!; i++) days.push(d);
    return days;
  });
}
