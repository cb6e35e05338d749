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

/** How many more chores of the category each child asks for: its count, at most what suits it, less what it holds fixed. */
function needOf(s: State, cat: number): number[] {
  const pool = s.jobsByCat[cat]!;
  return s.kids.map((kid, k) => {
    let eligibleCount = 0;
    for (const j of pool) eligibleCount += s.eligibleMat[k * s.J + j.index]!;
    return Math.max(0, Math.min(kid.quota[cat]!, eligibleCount) - s.fixedCount[k]![cat]!);
  });
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
    const need = needOf(s, cat);
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
          // One child at a time (issue 29): a chore somebody holds is never given to a second child.
          if (eligibleMat[kj] === 0 || heldMat[kj] === 1 || holders[j.index]! > 0) continue;
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
          // Nothing free is left for this child: it gets fewer (the fill step may still find it one).
          need[k] = planned[k]![cat]!.length;
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
 * Fill: the greedy stops a child when no chore is free for it, yet a sibling may hold (through the plan) a chore
 * the child could take while the sibling could take a free one. That is an augmenting path of the flow
 * children → chores (each chore to one child at most): ben takes ava's chore, ava takes a free one. Repeating
 * from every child still short until there is none gives as many chore slots filled as the pool allows.
 * A child in the middle of a path has no free chore at all, so rule 5 still holds; the path ends at a free
 * chore new to its child when there is one.
 */
export function maximizeCoverage(s: State): void {
  const { kids, K, J, eligibleMat, lastWeekMat, heldMat, fixedMat, holders, planned } = s;
  const parent = new Int32Array(K);
  const drop = new Int32Array(K);
  for (let cat = 0; cat < 3; cat++) {
    const pool = s.jobsByCat[cat]!;
    const total = s.totals[groupOf(cat)]!;
    const need = needOf(s, cat);
    // Short children, lowest total first (ties by the seeded key), so a scarce pool favours the poorer child.
    const order = kids.map((_, k) => k).sort((a, b) => total[a]! - total[b]! || kids[a]!.key - kids[b]!.key || a - b);
    for (const root of order) {
      while (planned[root]![cat]!.length < need[root]!) {
        if (!pool.some((j) => holders[j.index] === 0)) break;
        parent.fill(-2);
        parent[root] = -1;
        const queue: number[] = [root];
        let endKid = -1;
        let endChore = -1;
        search: for (let qi = 0; qi < queue.length; qi++) {
          const c = queue[qi]!;
          for (let pass = 0; pass < 2; pass++) {
            for (const y of pool) {
              const cy = c * J + y.index;
              if (holders[y.index] !== 0 || eligibleMat[cy] === 0 || lastWeekMat[cy] !== pass) continue;
              endKid = c;
              endChore = y.index;
              break search;
            }
          }
          // Otherwise take a chore a sibling holds through the plan; that sibling looks for another.
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
        // Apply: the last child takes the free chore and hands its own to the one before it, up to the root.
        for (let c = endKid, take = endChore; ; ) {
          const mine = planned[c]![cat]!;
          heldMat[c * J + take] = 1;
          holders[take]!++;
          total[c]! += weightOf(s, c, take);
          if (parent[c] === -1) {
            mine.push(take);
            break;
          }
          const give = drop[c]!;
          mine[mine.indexOf(give)] = take;
          heldMat[c * J + give] = 0;
          holders[give]!--;
          total[c]! -= weightOf(s, c, give);
          take = give;
          c = parent[c]!;
        }
      }
    }
  }
}
