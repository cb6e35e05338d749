/**
 * Steps 1 and 2 of the planner (see ./index.ts): the greedy allocation round by round, then augmenting paths
 * until the family holds as many distinct chores as possible. Both update the state in place.
 */
import { groupOf, weightOf, type State } from './state';

function lexLess(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
  return false;
}

/** Greedy, per category: every child under quota, lowest running total first, picks its best chore. */
export function allocateGreedy(s: State): void {
  const { kids, K, J, eligibleMat, lastWeekMat, heldMat, holders, lastWeekAny, planned } = s;
  // Scores are compared lexicographically, smaller is better; two scratch arrays avoid allocations.
  let score = new Float64Array(7);
  let bestScore = new Float64Array(7);
  const demand = new Int32Array(J);
  for (let cat = 0; cat < 3; cat++) {
    const pool = s.jobsByCat[cat]!;
    const total = s.totals[groupOf(cat)]!;
    const need = kids.map((kid, k) => {
      let eligibleCount = 0;
      for (const j of pool) eligibleCount += eligibleMat[k * J + j.index]!;
      return Math.max(0, Math.min(kid.quota[cat]!, eligibleCount) - s.fixedCount[k]![cat]!);
    });
    // The children this category is balanced among: those who get some of it.
    const takers: number[] = [];
    for (let k = 0; k < K; k++) if (need[k]! > 0) takers.push(k);
    for (;;) {
      const active = takers.filter((k) => planned[k]![cat]!.length < need[k]!);
      if (active.length === 0) break;
      active.sort((a, b) => total[a]! - total[b]! || kids[a]!.key - kids[b]!.key || a - b);
      const mean = takers.reduce((sum, k) => sum + total[k]!, 0) / takers.length;
      // How many children still needing a chore of this category could take each chore: leave scarce
      // chores to the children who have fewer options.
      for (const j of pool) {
        let n = 0;
        for (const k of active) n += eligibleMat[k * J + j.index]!;
        demand[j.index] = n;
      }
      for (const k of active) {
        const wantHigh = total[k]! <= mean;
        const mult = kids[k]!.mult[cat]!;
        let best = -1;
        for (const j of pool) {
          const kj = k * J + j.index;
          if (eligibleMat[kj] === 0 || heldMat[kj] === 1) continue;
          const h = holders[j.index]!;
          const w = j.amount * mult;
          score[0] = h > 0 ? 1 : 0; // rule 4: somebody else's chore only when nothing free is left
          score[1] = lastWeekMat[kj]!; // rule 5: last week's chore only when nothing new and free is left
          score[2] = h; // if sharing, share with as few as possible
          score[3] = demand[j.index]!; // leave chores others depend on to them
          score[4] = lastWeekAny[j.index]!; // rotation: chores nobody did last week first
          score[5] = wantHigh ? -w : w; // balance: move toward the family mean
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
        total[k]! += weightOf(s, k, best);
      }
    }
  }
}

/**
 * Coverage: as few shared chores as the whole family allows. Rule 4 only looks one step ahead (could this child
 * take a free chore?). Globally, sharing can often be avoided by a chain: ana gives her shared chore up and
 * takes ben's, ben takes cy's, cy takes a free one. That is an augmenting path of the flow children → chores;
 * repeating until there is none gives the maximum number of distinct chores held (and implies rule 4).
 */
export function maximizeCoverage(s: State): void {
  const { K, J, eligibleMat, lastWeekMat, heldMat, fixedMat, holders, planned } = s;
  const parent = new Int32Array(K);
  const drop = new Int32Array(K);
  for (let cat = 0; cat < 3; cat++) {
    const pool = s.jobsByCat[cat]!;
    const total = s.totals[groupOf(cat)]!;
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
        total[c]! += weightOf(s, c, take) - weightOf(s, c, give);
        take = give;
        c = parent[c]!;
      }
    }
  }
}
