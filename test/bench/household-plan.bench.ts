/**
 * Household planner benchmark: `npx tsx test/bench/household-plan.bench.ts`
 * Prints median / p95 / max milliseconds of planHouseholdWeek for families of growing size (children ×
 * chores) with every mode (balanced pool, each with days per child, first wins, week and fair turns), every
 * rhythm kind, away days (custody-like halves of the week, one-off days, a child away all week), a few kept
 * assignments and 4 weeks of history made by planning the 4 weeks before (as the Sunday job would have).
 * The issue's budget: 30 children × 200 chores under 10 ms (median).
 * Wall-clock times and, beside them, the CPU time the call used (process.cpuUsage): on a machine shared
 * with other work the wall clock also counts the time the process waited for a core (the load average
 * is printed), the CPU time does not.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { planHouseholdWeek } from '../../functions/domain/household-plan';
import type { HouseholdChild, HouseholdChore, HouseholdWeekInput, PastAssignment } from '../../functions/domain/household-plan-types';
import { createRng, type Rng } from '../../functions/domain/prng';
import type { Rhythm, WhoDoesIt } from '../../shared/planning';
import { addDays, weekDates, WEEKDAYS, type IsoDate } from '../../shared/time';

const WEEK = '2026-11-29';
const CATEGORIES = ['daily', 'weekly', 'weekly', 'continuous'] as const;

function rhythm(rng: Rng): Rhythm | undefined {
  switch (rng.int(8)) {
    case 0:
      return { kind: 'days', days: WEEKDAYS.filter(() => rng.next() < 0.4).concat('saturday').filter((d, i, a) => a.indexOf(d) === i) };
    case 1:
      return { kind: 'everyNDays', every: 2 + rng.int(10), start: addDays(WEEK, -rng.int(30)) };
    case 2:
      return { kind: 'everyNWeeks', every: 2 + rng.int(3), anchorWeek: addDays(WEEK, -7 * rng.int(4)), days: [WEEKDAYS[rng.int(7)]!] };
    case 3:
      return { kind: 'monthlyWeekday', nth: 1, weekday: 'saturday' };
    case 4:
      return { kind: 'monthlyDate', day: 1 + rng.int(31) };
    default:
      return undefined;
  }
}

function who(rng: Rng, ids: string[]): WhoDoesIt | undefined {
  const some = () => ids.filter(() => rng.next() < 0.3);
  switch (rng.int(8)) {
    case 0:
      return { mode: 'each', children: some().map((childId) => ({ childId, ...(rng.next() < 0.5 ? { days: [WEEKDAYS[rng.int(7)]!, WEEKDAYS[rng.int(7)]!] } : {}) })) };
    case 1:
      return { mode: 'first', ...(rng.next() < 0.5 ? { children: some() } : {}) };
    case 2:
      return { mode: 'one', turns: 'week', ...(rng.next() < 0.5 ? { children: some() } : {}) };
    case 3:
      return { mode: 'one', turns: 'fair' };
    default:
      return undefined; // the balanced pool, as most chores are today
  }
}

/** A family: children with away days (moving with the week), chores of every mode and rhythm. */
function family(children: number, chores: number, rng: Rng) {
  const ids = Array.from({ length: children }, (_, i) => `child-${i}`);
  const awayPattern = ids.map((_, i) => (i === 0 ? [0, 1, 2, 3, 4, 5, 6] : rng.next() < 0.3 ? [4, 5, 6] : rng.next() < 0.2 ? [rng.int(7)] : []));
  const kids = (weekStart: IsoDate): HouseholdChild[] =>
    ids.map((id, i) => ({
      id,
      maxDifficultyLevel: 1 + rng.int(5),
      dailyChoresCount: 1 + (i % 4),
      weeklyChoresCount: 1 + (i % 5),
      continuousChoresCount: i % 3,
      awayDates: awayPattern[i]!.map((o) => weekDates(weekStart)[o]!),
    }));
  const list: HouseholdChore[] = Array.from({ length: chores }, (_, i) => {
    const category = CATEGORIES[rng.int(CATEGORIES.length)]!;
    const r = category === 'continuous' ? undefined : rhythm(rng);
    const w = who(rng, ids);
    return { id: `chore-${i}`, category, difficultyLevel: 1 + rng.int(5), amountCents: 25 * (1 + rng.int(40)), ...(r ? { rhythm: r } : {}), ...(w ? { who: w } : {}) };
  });
  return { kids, chores: list };
}

/** The input of week WEEK, with 4 weeks of history planned week by week and ~2% of the week kept. */
function weekInput(children: number, chores: number, rng: Rng): HouseholdWeekInput {
  const f = family(children, chores, rng);
  let history: PastAssignment[] = [];
  for (let w = -4; w < 0; w++) {
    const weekStart = addDays(WEEK, 7 * w);
    const plan = planHouseholdWeek({ weekStart, children: f.kids(weekStart), chores: f.chores, kept: [], history, seed: `bench:${weekStart}` });
    history = history.concat(plan.dated.map((d) => ({ childId: d.childId, choreId: d.choreId, date: d.date })));
  }
  const draft = planHouseholdWeek({ weekStart: WEEK, children: f.kids(WEEK), chores: f.chores, kept: [], history, seed: 'draft' });
  const kept = draft.dated.filter(() => rng.next() < 0.02).map((d) => ({ childId: d.childId, choreId: d.choreId, date: d.date }));
  return { weekStart: WEEK, children: f.kids(WEEK), chores: f.chores, kept, history, seed: `bench-${rng.int(1e9)}` };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

const sizes: [number, number, number][] = [
  // children, chores, iterations
  [4, 30, 200],
  [10, 60, 100],
  [30, 200, 60],
];

console.log(`planHouseholdWeek benchmark (node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
const warm = createRng('warm-up');
for (let i = 0; i < 3; i++) for (const [children, chores] of sizes) planHouseholdWeek(weekInput(children, chores, warm));
for (const [children, chores, iterations] of sizes) {
  const rng = createRng(`household:${children}x${chores}`);
  const inputs = Array.from({ length: iterations }, () => weekInput(children, chores, rng));
  const times: number[] = [];
  const cpu: number[] = [];
  let dated = 0;
  for (const input of inputs) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const plan = planHouseholdWeek(input);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    dated += plan.dated.length;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const history = Math.round(inputs.reduce((s, i) => s + i.history.length, 0) / inputs.length);
  console.log(
    `${`${children}×${chores}`.padEnd(8)} n=${String(iterations).padEnd(4)} wall median ${percentile(times, 0.5).toFixed(3)} ms  p95 ${percentile(times, 0.95).toFixed(3)} ms  max ${times[times.length - 1]!.toFixed(3)} ms | cpu median ${percentile(cpu, 0.5).toFixed(3)} ms  p95 ${percentile(cpu, 0.95).toFixed(3)} ms   (${Math.round(dated / iterations)} chore-days planned, ${history} history rows)`,
  );
}
console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
