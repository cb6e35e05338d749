/**
 * Step 3 of the planner (see ./index.ts): two children exchange planned chores of one category while that
 * strictly lowers (number of repeats, sum of squared totals). Updates the state in place.
 *
 * Per-child weights: chore j counts amount × mult_k(category) for child k (daily: its home days; else 1). For a
 * swap where a gives x and b gives y, with δ = amount(x) − amount(y), a's total changes by −m_a·δ and b's by
 * +m_b·δ, so the sum of squared totals changes by δ²(m_a² + m_b²) − 2δ(m_a·T_a − m_b·T_b). With m_a = m_b = m
 * that is 2·Δ·(Δ − D) with Δ = m·δ and D = T_a − T_b, and the best Δ in (0, D) is found by a two-pointer search
 * over both lists sorted by amount; otherwise every exchange is evaluated exactly.
 *
 * Why twins end up within one chore (rule 7): for twins a, b (same limit, counts, last week, away days and
 * allowed chores, equal base totals, nothing fixed) m_a = m_b and every exchange of x ∈ a∖b for y ∈ b∖a of
 * one category is allowed. At the fixpoint none has 0 < w(x) − w(y) < D. If D > M (the largest weight they
 * hold, weights ≥ 0), then w(x) − w(y) ≤ M < D, so w(x) ≤ w(y) for all such pairs; both hold equally many
 * chores per category and start from the same base, so D ≤ 0 — a contradiction. Hence D ≤ M.
 */
import type { State } from './state';

export function balanceSwaps(s: State): void {
  const { kids, jobs, K, J, eligibleMat, lastWeekMat, heldMat, holders, planned } = s;
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
  const amount = jobs.map((j) => j.amount);
  const byAmount = (a: number, b: number) => amount[a]! - amount[b]! || a - b;
  for (const p of planned) for (const list of p) list.sort(byAmount);
  /** planned chores each child had last week, per category */
  const repeats: number[][] = planned.map((p, k) => p.map((list) => list.reduce((n, j) => n + lastWeekMat[k * J + j]!, 0)));
  // Candidate lists (typed arrays with explicit lengths: resetting a JS array's length is slow in V8).
  const xs = new Int32Array(J);
  const ys = new Int32Array(J);
  let nx = 0;
  let ny = 0;

  for (let group = 0; group < 2; group++) {
    const total = s.totals[group]!;
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
          // The best swap (a gives x, b gives y) by (change in repeats, change in the sum of squared totals);
          // only strict improvements count.
          let bestRep = 0;
          let bestBal = 0;
          let bestCat = -1;
          let bestX = -1;
          let bestY = -1;
          for (const cat of cats) {
            const pa = planned[a]![cat]!;
            const pb = planned[b]![cat]!;
            if (pa.length === 0 || pb.length === 0) continue;
            const ma = kids[a]!.mult[cat]!;
            const mb = kids[b]!.mult[cat]!;
            const aJ = a * J;
            const bJ = b * J;
            // Change in the sum of squared totals for δ = amount(x) − amount(y) (see the header).
            const sq = ma * ma + mb * mb;
            const lin = 2 * (ma * total[a]! - mb * total[b]!);
            nx = 0;
            ny = 0;
            if (repeats[a]![cat] === 0 && repeats[b]![cat] === 0) {
              // Neither repeats anything: a swap can only add repeats, so keep to chores new to the taker.
              if (ma === mb && D <= 0) continue;
              for (const x of pa) if (takeOk[bJ + x] === 1 && heldMat[bJ + x] === 0 && lastWeekMat[bJ + x] === 0) xs[nx++] = x;
              if (nx === 0) continue;
              for (const y of pb) if (takeOk[aJ + y] === 1 && heldMat[aJ + y] === 0 && lastWeekMat[aJ + y] === 0) ys[ny++] = y;
              if (ma === mb) {
                // Look for the delta in (0, D) closest to D/2 (both lists ascend by amount, so by weight).
                let p = 0;
                for (let i = 0; i < nx; i++) {
                  const x = xs[i]!;
                  const target = amount[x]! * ma - D / 2;
                  while (p < ny && amount[ys[p]!]! * ma < target) p++;
                  for (let q = Math.max(0, p - 1); q <= p && q < ny; q++) {
                    const delta = amount[x]! * ma - amount[ys[q]!]! * ma;
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
              for (let i = 0; i < nx; i++) {
                const x = xs[i]!;
                for (let l = 0; l < ny; l++) {
                  const y = ys[l]!;
                  const d = amount[x]! - amount[y]!;
                  const bal = d * d * sq - d * lin;
                  if (bestRep === 0 && bal < bestBal) {
                    bestBal = bal;
                    bestCat = cat;
                    bestX = x;
                    bestY = y;
                  }
                }
              }
              continue;
            }
            // Somebody repeats: try every exchange.
            for (const x of pa) if (takeOk[bJ + x] === 1 && heldMat[bJ + x] === 0) xs[nx++] = x;
            if (nx === 0) continue;
            for (const y of pb) if (takeOk[aJ + y] === 1 && heldMat[aJ + y] === 0) ys[ny++] = y;
            for (let i = 0; i < nx; i++) {
              const x = xs[i]!;
              for (let l = 0; l < ny; l++) {
                const y = ys[l]!;
                const rep = lastWeekMat[bJ + x]! + lastWeekMat[aJ + y]! - lastWeekMat[aJ + x]! - lastWeekMat[bJ + y]!;
                if (rep > bestRep) continue;
                let bal: number;
                if (ma === mb) {
                  const delta = amount[x]! * ma - amount[y]! * ma;
                  bal = 2 * delta * (delta - D);
                } else {
                  const d = amount[x]! - amount[y]!;
                  bal = d * d * sq - d * lin;
                }
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
          pa.sort(byAmount);
          pb.sort(byAmount);
          heldMat[a * J + bestX] = 0;
          heldMat[a * J + bestY] = 1;
          heldMat[b * J + bestY] = 0;
          heldMat[b * J + bestX] = 1;
          repeats[a]![bestCat]! += lastWeekMat[a * J + bestY]! - lastWeekMat[a * J + bestX]!;
          repeats[b]![bestCat]! += lastWeekMat[b * J + bestX]! - lastWeekMat[b * J + bestY]!;
          const ma = kids[a]!.mult[bestCat]!;
          const mb = kids[b]!.mult[bestCat]!;
          total[a]! += amount[bestY]! * ma - amount[bestX]! * ma;
          total[b]! += amount[bestX]! * mb - amount[bestY]! * mb;
          improved = true;
          budget--;
        }
      }
    }
  }
}
