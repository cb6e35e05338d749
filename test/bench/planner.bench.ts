/**
 * Planner benchmark: `npx tsx test/bench/planner.bench.ts`
 * Prints median / p95 / max milliseconds of planWeek for families of growing size (children × chores),
 * on random but realistic inputs (mixed categories and difficulties, last weeks, with and without fixed
 * assignments), a household mode (issue 21: away days, chores for some children only, base totals from
 * scheduled chores), and a stress mode where every child wants 10 chores of every category.
 * The issue-21 target: 30 children × 200 chores in the household mode under 10 ms (its last line).
 */
import { performance } from 'node:perf_hooks';
import { planWeek, type Category, type FixedAssignment, type PlannerInput } from '../../functions/domain/planner';
import { createRng, type Rng } from '../../functions/domain/prng';
import { WEEKDAYS, type Weekday } from '../../shared/time';

const CATEGORIES: Category[] = ['daily', 'weekly', 'continuous'];

type Mode = 'typical' | 'fixed' | 'household' | 'stress';

/**
 * typical: 1–4 daily, 1–5 weekly, 0–2 continuous per child; fixed: plus ~3% fixed; household: fixed plus, per
 * child, a 40% chance of 1–4 away days and a 5% chance of a week away, 20% of the chores for 1–3 children
 * only, and a base total for half the children; stress: every count 10.
 */
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
  if (mode === 'fixed' || mode === 'household') {
    for (const k of kids) {
      for (const c of list) {
        if (c.difficultyLevel > k.maxDifficultyLevel || rng.next() > 0.03) continue;
        fixed.push({ childId: k.id, choreId: c.id, category: c.category, ...(c.category === 'weekly' ? { dayOfWeek: WEEKDAYS[rng.int(7)]! } : {}) });
      }
    }
  }
  const input: PlannerInput = { children: kids, chores: list, lastWeek, fixed, seed: `bench-${rng.int(1e9)}` };
  if (mode === 'household') {
    input.children = kids.map((k) => {
      const roll = rng.next();
      const awayDays: Weekday[] = roll < 0.05 ? [...WEEKDAYS] : roll < 0.45 ? WEEKDAYS.filter(() => rng.next() < 0.3).slice(0, 4) : [];
      return { ...k, awayDays };
    });
    input.chores = list.map((c) =>
      rng.next() < 0.2 ? { ...c, childIds: Array.from({ length: 1 + rng.int(3) }, () => kids[rng.int(kids.length)]!.id) } : c,
    );
    input.baseTotals = Object.fromEntries(kids.filter(() => rng.next() < 0.5).map((k) => [k.id, 100 * rng.int(100)]));
  }
  return input;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

const sizes: [number, number, number][] = [
  // children, chores, iterations
  [3, 12, 400],
  [10, 60, 200],
  [30, 200, 100],
];

console.log(`planWeek benchmark (node ${process.version})`);
// The very first call pays for JIT compilation.
const cold = family(10, 60, createRng('cold'), 'typical');
const coldStart = performance.now();
planWeek(cold);
console.log(`first call (cold, 10×60)        ${(performance.now() - coldStart).toFixed(3)} ms`);
// Warm up the JIT on every size first, so that the figures are steady-state.
const warm = createRng('warm-up');
const warmModes: Mode[] = ['typical', 'fixed', 'household'];
for (let i = 0; i < 200; i++) for (const [children, chores] of sizes) planWeek(family(children, chores, warm, warmModes[i % 3]!));
const summary: string[] = [];
for (const mode of ['typical', 'fixed', 'household', 'stress'] as const) {
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
    const median = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    console.log(`${label} n=${String(iterations).padEnd(4)} median ${median.toFixed(3)} ms   p95 ${p95.toFixed(3)} ms   max ${times[times.length - 1]!.toFixed(3)} ms`);
    if (mode === 'household' && children === 30 && chores === 200) {
      summary.push(`30 children x 200 chores (away days, childIds, base totals): median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms (target < 10 ms)`);
    }
  }
}
for (const line of summary) console.log(line);
