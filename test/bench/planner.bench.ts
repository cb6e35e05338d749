/**
 * Planner benchmark: `npx tsx test/bench/planner.bench.ts`
 * Prints median / p95 / max milliseconds of planWeek for families of growing size (children × chores),
 * on random but realistic inputs (mixed categories and difficulties, last weeks, with and without fixed
 * assignments), and a stress mode where every child wants 10 chores of every category.
 */
import { performance } from 'node:perf_hooks';
import { planWeek, type Category, type FixedAssignment, type PlannerInput } from '../../functions/domain/planner';
import { createRng, type Rng } from '../../functions/domain/prng';
import { WEEKDAYS } from '../../shared/time';

const CATEGORIES: Category[] = ['daily', 'weekly', 'continuous'];

type Mode = 'typical' | 'fixed' | 'stress';

/** typical: 1–4 daily, 1–5 weekly, 0–2 continuous per child; fixed: plus ~3% fixed; stress: every count 10. */
function family(children: number, chores: number, rng: Rng, mode: Mode): PlannerInput {
  const stress = mode === 'stress';
  const kids = Array.from({ length: children }, (_, i) => ({
    id: `child-${i}`,
    maxDifficultyLevel: stress ? 5 : 1 + rng.int(5),
    dailyChoresCount: stress ? 10 : 1 + rng.int(4),
    weeklyChoresCount: stress ? 10 : 1 + rng.int(5),
    continuousChoresCount: stress ? 10 : rng.int(3),
  }));
  const list = Array.from({ length: chores }, (_, i) => ({
    id: `chore-${i}`,
    category: CATEGORIES[rng.int(3)]!,
    difficultyLevel: 1 + rng.int(5),
    amountCents: stress ? 1 + rng.int(100_000) : 25 * (1 + rng.int(40)),
  }));
  const lastWeek: Record<string, string[]> = {};
  for (const k of kids) lastWeek[k.id] = list.filter(() => rng.next() < 0.15).map((c) => c.id);
  const fixed: FixedAssignment[] = [];
  if (mode === 'fixed') {
    for (const k of kids) {
      for (const c of list) {
        if (c.difficultyLevel > k.maxDifficultyLevel || rng.next() > 0.03) continue;
        fixed.push({ childId: k.id, choreId: c.id, category: c.category, ...(c.category === 'weekly' ? { dayOfWeek: WEEKDAYS[rng.int(7)]! } : {}) });
      }
    }
  }
  return { children: kids, chores: list, lastWeek, fixed, seed: `bench-${rng.int(1e9)}` };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

const sizes: [number, number, number][] = [
  // children, chores, iterations
  [3, 12, 400],
  [10, 60, 200],
  [30, 200, 40],
];

console.log(`planWeek benchmark (node ${process.version})`);
// The very first call pays for JIT compilation.
const cold = family(10, 60, createRng('cold'), 'typical');
const coldStart = performance.now();
planWeek(cold);
console.log(`first call (cold, 10×60)        ${(performance.now() - coldStart).toFixed(3)} ms`);
// Warm up the JIT on every size first, so that the figures are steady-state.
const warm = createRng('warm-up');
for (let i = 0; i < 200; i++) for (const [children, chores] of sizes) planWeek(family(children, chores, warm, i % 2 === 0 ? 'typical' : 'fixed'));
for (const mode of ['typical', 'fixed', 'stress'] as const) {
  for (const [children, chores, iterations] of sizes) {
    const rng = createRng(`bench:${children}x${chores}:${mode}`);
    const inputs = Array.from({ length: iterations }, () => family(children, chores, rng, mode));
    const times: number[] = [];
    for (const input of inputs) {
      const start = performance.now();
      planWeek(input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const label = `${children}×${chores} ${mode}`.padEnd(20);
    console.log(
      `${label} n=${String(iterations).padEnd(4)} median ${percentile(times, 0.5).toFixed(3)} ms   p95 ${percentile(times, 0.95).toFixed(3)} ms   max ${times[times.length - 1]!.toFixed(3)} ms`,
    );
  }
}
