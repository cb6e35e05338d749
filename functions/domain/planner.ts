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
 *     day with a load two or more below). In particular max − min load ≤ 1 whenever the fixed loads are
 *     within 1 and the children getting weekly chores have no fixed weekly ones. (A child's fixed days can
 *     force more: two children busy Sunday–Friday both need Saturday.)
 *  7. Balance — the weekly reward potential (daily amount × 7 + weekly amounts; see `rewardPotential`) is
 *     balanced across children as far as rules 1–6 allow; continuous chores (no fixed number of
 *     completions) are left out of it and balanced among themselves by amount. Guarantee: two children
 *     with the same difficulty limit, the same counts, the same last week and nothing fixed end up at
 *     most one chore's contribution apart. (With different last weeks, rule 5 can force a bigger gap.)
 *  8. Determinism — inputs are sorted by id internally; a seeded PRNG (./prng) breaks ties only.
 *  9. Idempotence — the plan only tops quotas up, so feeding it back as `fixed` yields an empty plan.
 *
 * Algorithm, per category (daily, then weekly, then continuous):
 *  1. Greedy, round by round: every child still under quota, lowest running total first (ties by PRNG),
 *     picks its best available chore by (nobody holds it, not its own last week's, fewest holders, fewest
 *     other needy children could take it, nobody had it last week, amount that moves its total toward the
 *     family mean, PRNG).
 *  2. Coverage: augmenting paths (ana gives up a shared chore and takes ben's, ben takes a free one) until
 *     the family holds as many distinct chores as possible — sharing is minimal family-wide, which implies
 *     rule 4 (a child sharing while a free chore suits it would be a path of length one).
 *     Rule 5 holds after steps 1–2 because the set of free chores only shrinks in them, and a child only
 *     ever takes a chore from its last week when no free chore new to it is left (the greedy prefers new
 *     free chores, a path ends at a new free chore when there is one, and the children in the middle of a
 *     path have no free chore at all).
 *  3. Swaps: two children exchange planned chores of the same category when that lowers the number of
 *     repeats, or keeps it and brings their totals strictly closer; (repeats, sum of squared totals) drops
 *     with every swap, so it terminates. A swap never changes how many children hold each chore, so it is
 *     accepted whenever eligibility, uniqueness and rules 4/5 still hold for both children. At the
 *     fixpoint no such swap exists for any pair: that is what makes the rule-7 guarantee hold.
 * Then weekly day placement: a greedy placement (most constrained child first, least loaded free day,
 * PRNG ties) improved with augmenting paths until the day loads are optimally even (see `placeWeekly`).
 *
 * Cost: 10 children × 60 chores plan in about a millisecond once warm (median; test/bench/planner.bench.ts).
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
   * known, its own category wins over the entry's; an entry for a chore not in `chores` still counts toward
   * the quota (and its day toward the day loads).
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

  // Dense per-(child, chore) tables: index k·J + j.
  const J = jobs.length;
  const eligibleMat = new Uint8Array(K * J);
  const lastWeekMat = new Uint8Array(K * J);
  /** child k holds chore j (fixed or planned) */
  const heldMat = new Uint8Array(K * J);
  /** child k holds chore j through a fixed assignment (so it cannot give it up) */
  const fixedMat = new Uint8Array(K * J);
  for (let k = 0; k < K; k++) {
    for (const j of jobs) {
      eligibleMat[k * J + j.index] = j.difficulty <= kids[k]!.maxDifficulty ? 1 : 0;
      lastWeekMat[k * J + j.index] = kids[k]!.lastWeek.has(j.id) ? 1 : 0;
    }
  }
  // Family-wide rotation: chores somebody had last week come after chores nobody had.
  const lastWeekAny = new Uint8Array(J);
  for (const list of Object.values(lastWeekInput)) {
    if (!Array.isArray(list)) continue;
    for (const id of list) {
      const j = jobById.get(String(id));
      if (j) lastWeekAny[j.index] = 1;
    }
  }

  // --- State -------------------------------------------------------------------------------------------
  /** number of children holding each chore (fixed or planned) */
  const holders = new Int32Array(J);
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
    if (job && heldMat[k * J + job.index] === 0) {
      heldMat[k * J + job.index] = 1;
      fixedMat[k * J + job.index] = 1;
      holders[job.index]!++;
    }
    if (day !== undefined) fixedDays[k]![day]!++;
    if (job) totals[groupOf(cat)]![k]! += job.weight;
  }

  // --- Greedy allocation, per category -------------------------------------------------------------------
  // Scores are compared lexicographically, smaller is better; two scratch arrays avoid allocations.
  let score = new Float64Array(7);
  let bestScore = new Float64Array(7);
  for (let cat = 0; cat < 3; cat++) {
    const pool = jobsByCat[cat]!;
    const total = totals[groupOf(cat)]!;
    const need = kids.map((kid, k) => {
      const eligibleCount = pool.reduce((n, j) => n + eligibleMat[k * J + j.index]!, 0);
      return Math.max(0, Math.min(kid.quota[cat]!, eligibleCount) - fixedCount[k]![cat]!);
    });
    const demand = new Int32Array(J);
    // The children this category is balanced among: those who get some of it.
    const takers = kids.map((_, k) => k).filter((k) => need[k]! > 0);
    for (;;) {
      const active = takers.filter((k) => planned[k]![cat]!.length < need[k]!);
      if (active.length === 0) break;
      active.sort((a, b) => total[a]! - total[b]! || kids[a]!.key - kids[b]!.key || a - b);
      const mean = takers.reduce((s, k) => s + total[k]!, 0) / takers.length;
      // How many children still needing a chore of this category could take each chore: leave scarce
      // chores to the children who have fewer options.
      for (const j of pool) {
        let n = 0;
        for (const k of active) n += eligibleMat[k * J + j.index]!;
        demand[j.index] = n;
      }
      for (const k of active) {
        const wantHigh = total[k]! <= mean;
        let best = -1;
        for (const j of pool) {
          const kj = k * J + j.index;
          if (eligibleMat[kj] === 0 || heldMat[kj] === 1) continue;
          const h = holders[j.index]!;
          score[0] = h > 0 ? 1 : 0; // rule 4: somebody else's chore only when nothing free is left
          score[1] = lastWeekMat[kj]!; // rule 5: last week's chore only when nothing new and free is left
          score[2] = h; // if sharing, share with as few as possible
          score[3] = demand[j.index]!; // leave chores others depend on to them
          score[4] = lastWeekAny[j.index]!; // rotation: chores nobody did last week first
          score[5] = wantHigh ? -j.weight : j.weight; // balance: move toward the family mean
          score[6] = j.key; // PRNG
          if (best < 0 || lexLess(score, bestScore)) {
            best = j.index;
            const t = score;
            score = bestScore;
            bestScore = t;
          }
        }
        if (best < 0) {
          need[k] = planned[k]![cat]!.length; // cannot happen with consistent input; never loop forever
          continue;
        }
        planned[k]![cat]!.push(best);
        heldMat[k * J + best] = 1;
        holders[best]!++;
        total[k]! += jobs[best]!.weight;
      }
    }
  }

  // --- Coverage: as few shared chores as the whole family allows -----------------------------------------
  // Rule 4 only looks one step ahead (could this child take a free chore?). Globally, sharing can often be
  // avoided by a chain: ana gives her shared chore up and takes ben's, ben takes cy's, cy takes a free one.
  // That is an augmenting path of the flow children → chores; repeating until there is none gives the
  // maximum number of distinct chores held, i.e. as little sharing as possible (and implies rule 4).
  const parent = new Int32Array(K);
  const drop = new Int32Array(K);
  for (let cat = 0; cat < 3; cat++) {
    const pool = jobsByCat[cat]!;
    const total = totals[groupOf(cat)]!;
    for (;;) {
      if (!pool.some((j) => holders[j.index] === 0)) break;
      // Breadth-first search from every child holding a shared planned chore (which it can give up).
      parent.fill(-2);
      const queue: number[] = [];
      for (let k = 0; k < K; k++) {
        let shared = -1;
        for (const x of planned[k]![cat]!) if (holders[x]! >= 2 && (shared < 0 || holders[x]! > holders[shared]!)) shared = x;
        if (shared < 0) continue;
        parent[k] = -1;
        drop[k] = shared;
        queue.push(k);
      }
      let endKid = -1;
      let endChore = -1;
      search: for (let qi = 0; qi < queue.length; qi++) {
        const c = queue[qi]!;
        // A free chore ends the path (one new to the child if possible).
        for (let pass = 0; pass < 2; pass++) {
          for (const y of pool) {
            const cy = c * J + y.index;
            if (holders[y.index] !== 0 || eligibleMat[cy] === 0 || lastWeekMat[cy] !== pass) continue;
            endKid = c;
            endChore = y.index;
            break search;
          }
        }
        // Otherwise take a chore from a child who holds it through the plan; that child continues.
        for (const y of pool) {
          const cy = c * J + y.index;
          if (eligibleMat[cy] === 0 || heldMat[cy] === 1) continue;
          for (let c2 = 0; c2 < K; c2++) {
            const c2y = c2 * J + y.index;
            if (parent[c2] !== -2 || heldMat[c2y] === 0 || fixedMat[c2y] === 1) continue;
            parent[c2] = c;
            drop[c2] = y.index;
            queue.push(c2);
          }
        }
      }
      if (endKid < 0) break;
      // Apply: every child on the path takes the chore the next one gives up; the last takes the free one.
      for (let c = endKid, take = endChore; c >= 0; ) {
        const give = drop[c]!;
        const mine = planned[c]![cat]!;
        mine[mine.indexOf(give)] = take;
        heldMat[c * J + give] = 0;
        heldMat[c * J + take] = 1;
        holders[give]!--;
        holders[take]!++;
        total[c]! += jobs[take]!.weight - jobs[give]!.weight;
        take = give;
        c = parent[c]!;
      }
    }
  }

  // --- Swap improvement (balance) ------------------------------------------------------------------------
  // Why twins end up within one chore (rule 7): for twins a, b (same limit, counts, last week, nothing
  // fixed) every exchange of x ∈ a∖b for y ∈ b∖a of one category is allowed. At the fixpoint none has
  // 0 < w(x) − w(y) < D = total(a) − total(b). If D > M (the largest weight they hold, weights ≥ 0), then
  // w(x) − w(y) ≤ M < D, so w(x) ≤ w(y) for all such pairs; both hold equally many chores per category, so
  // D ≤ 0 — a contradiction. Hence D ≤ M.
  // Swaps keep every chore's holder count, so "is there an unheld eligible chore (not in my last week)" is
  // fixed during this phase: compute it once per child and category.
  const hasFree: boolean[][] = kids.map(() => [false, false, false]);
  const hasFreeNew: boolean[][] = kids.map(() => [false, false, false]);
  for (let k = 0; k < K; k++) {
    for (const j of jobs) {
      if (holders[j.index]! > 0 || eligibleMat[k * J + j.index] === 0) continue;
      hasFree[k]![j.cat] = true;
      if (lastWeekMat[k * J + j.index] === 0) hasFreeNew[k]![j.cat] = true;
    }
  }
  // takeOk[k·J + j]: child k may take chore j from its current holder as far as eligibility and rules 4/5 go
  // (all fixed during this phase). The rule-4 part is implied by maximum coverage; it is checked anyway so
  // that every swap is safe on its own.
  const takeOk = new Uint8Array(K * J);
  for (let k = 0; k < K; k++) {
    for (const j of jobs) {
      const kj = k * J + j.index;
      const ok = eligibleMat[kj] === 1 && !(holders[j.index]! >= 2 && hasFree[k]![j.cat]) && !(lastWeekMat[kj] === 1 && hasFreeNew[k]![j.cat]);
      takeOk[kj] = ok ? 1 : 0;
    }
  }
  const weight = jobs.map((j) => j.weight);
  const byWeight = (a: number, b: number) => weight[a]! - weight[b]! || a - b;
  for (const p of planned) for (const list of p) list.sort(byWeight);
  /** planned chores each child had last week, per category */
  const repeats: number[][] = planned.map((p, k) => p.map((list) => list.reduce((n, j) => n + lastWeekMat[k * J + j]!, 0)));
  const xs: number[] = [];
  const ys: number[] = [];

  for (let group = 0; group < 2; group++) {
    const total = totals[group]!;
    const cats = group === 0 ? [0, 1] : [2];
    let budget = 1_000_000; // safety net only; every swap strictly lowers (repeats, sum of squared totals)
    let improved = true;
    while (improved && budget > 0) {
      improved = false;
      // Richest against poorest first: the big corrections happen early.
      const byTotal = kids.map((_, k) => k).sort((a, b) => total[b]! - total[a]! || a - b);
      for (let ai = 0; ai < K; ai++) {
        const a = byTotal[ai]!;
        for (let bi = K - 1; bi > ai; bi--) {
          const b = byTotal[bi]!;
          const D = total[a]! - total[b]!; // >= 0
          // The best swap (a gives x, b gives y, delta = w(x) - w(y)) by (change in repeats, change in the
          // sum of squared totals = 2·delta·(delta - D)); only strict improvements count.
          let bestRep = 0;
          let bestBal = 0;
          let bestCat = -1;
          let bestX = -1;
          let bestY = -1;
          for (const cat of cats) {
            const pa = planned[a]![cat]!;
            const pb = planned[b]![cat]!;
            if (pa.length === 0 || pb.length === 0) continue;
            const aJ = a * J;
            const bJ = b * J;
            xs.length = 0;
            ys.length = 0;
            if (repeats[a]![cat] === 0 && repeats[b]![cat] === 0) {
              // Neither repeats anything: a swap can only add repeats, so keep to chores new to the taker, and
              // look for the delta in (0, D) closest to D/2 (both lists ascend by weight).
              if (D <= 0) continue;
              for (const x of pa) if (takeOk[bJ + x] === 1 && heldMat[bJ + x] === 0 && lastWeekMat[bJ + x] === 0) xs.push(x);
              if (xs.length === 0) continue;
              for (const y of pb) if (takeOk[aJ + y] === 1 && heldMat[aJ + y] === 0 && lastWeekMat[aJ + y] === 0) ys.push(y);
              let p = 0;
              for (const x of xs) {
                const target = weight[x]! - D / 2;
                while (p < ys.length && weight[ys[p]!]! < target) p++;
                for (let q = Math.max(0, p - 1); q <= p && q < ys.length; q++) {
                  const delta = weight[x]! - weight[ys[q]!]!;
                  const bal = 2 * delta * (delta - D);
                  if (bestRep === 0 && bal < bestBal) {
                    bestBal = bal;
                    bestCat = cat;
                    bestX = x;
                    bestY = ys[q]!;
                  }
                }
              }
              continue;
            }
            // Somebody repeats: try every exchange.
            for (const x of pa) if (takeOk[bJ + x] === 1 && heldMat[bJ + x] === 0) xs.push(x);
            if (xs.length === 0) continue;
            for (const y of pb) if (takeOk[aJ + y] === 1 && heldMat[aJ + y] === 0) ys.push(y);
            for (const x of xs) {
              for (const y of ys) {
                const rep = lastWeekMat[bJ + x]! + lastWeekMat[aJ + y]! - lastWeekMat[aJ + x]! - lastWeekMat[bJ + y]!;
                if (rep > bestRep) continue;
                const delta = weight[x]! - weight[y]!;
                const bal = 2 * delta * (delta - D);
                if (rep < bestRep || bal < bestBal) {
                  bestRep = rep;
                  bestBal = bal;
                  bestCat = cat;
                  bestX = x;
                  bestY = y;
                }
              }
            }
          }
          if (bestCat < 0) continue;
          const pa = planned[a]![bestCat]!;
          const pb = planned[b]![bestCat]!;
          pa[pa.indexOf(bestX)] = bestY;
          pb[pb.indexOf(bestY)] = bestX;
          pa.sort(byWeight);
          pb.sort(byWeight);
          heldMat[a * J + bestX] = 0;
          heldMat[a * J + bestY] = 1;
          heldMat[b * J + bestY] = 0;
          heldMat[b * J + bestX] = 1;
          repeats[a]![bestCat]! += lastWeekMat[a * J + bestY]! - lastWeekMat[a * J + bestX]!;
          repeats[b]![bestCat]! += lastWeekMat[b * J + bestX]! - lastWeekMat[b * J + bestY]!;
          const delta = weight[bestX]! - weight[bestY]!;
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

function lexLess(a: Float64Array, b: Float64Array, length = a.length): boolean {
  for (let i = 0; i < length; i++) {
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
