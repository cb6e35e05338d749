/**
 * Weekly day placement (see ./index.ts, rule 6): which days each child's planned weekly chores go on.
 */
import { createRng } from '../prng';
import { DAYS, type Kid } from './state';

/**
 * Chooses the days of every child's planned weekly chores (a multiset of day indexes per child).
 *
 * Per child: only its home days can take a planned chore (capacity 0 on away days). If it has at least as many
 * free days (home, no weekly chore yet) as planned weekly chores, each planned chore takes a distinct free day
 * (capacity 1 on free days, 0 elsewhere). Otherwise it fills every free day and spreads the rest over its home
 * days so that its own per-day count stays as low as possible ("water level"). (A child with planned weekly
 * chores has a home day: a child away all week has quota 0.)
 * Family-wide: the movable units are placed greedily (most constrained child first, least loaded day, PRNG
 * ties), then improved with augmenting paths (move one unit of child c1 from day A to B, one of c2 from B to
 * C, …) until no day can hand work to a day whose load is 2 or more lower. That is the optimality condition
 * of the convex min-cost flow, so the loads are as even as the per-child constraints allow (it minimises
 * the maximum and maximises the minimum load at the same time).
 */
export function placeWeekly(kids: readonly Kid[], demandAll: readonly number[], fixedDays: readonly number[][], seed: string): number[][] {
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
    const away = kids[k]!.away;
    const free: number[] = fd.map((c, d) => (c === 0 && away[d] === 0 ? 1 : 0));
    const freeCount = free.reduce((s, x) => s + x, 0);
    movable.push(new Array<number>(DAYS).fill(0));
    if (n <= freeCount) {
      cap.push(free);
      forced.push(new Array<number>(DAYS).fill(0));
      demand.push(n);
      continue;
    }
    // Every free day gets one; the remaining r are spread over the home days to keep the child's own day
    // counts level.
    forced.push(free);
    for (let d = 0; d < DAYS; d++) load[d]! += free[d]!;
    const level = fd.map((c, d) => c + free[d]!);
    const r = n - freeCount;
    const homeLevels = level.filter((_, d) => away[d] === 0);
    if (homeLevels.length === 0) throw new Error('planner: weekly chores planned for a child away all week');
    let water = Math.min(...homeLevels);
    while (homeLevels.reduce((s, m) => s + Math.max(0, water - m), 0) < r) water++;
    cap.push(level.map((m, d) => (away[d] === 0 ? Math.max(0, water - m) : 0)));
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
