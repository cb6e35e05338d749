/**
 * Shared by the planner's tests (functions/domain/planner/*.test.ts) only: the fast-check arbitraries and the oracle facts every
 * rule of functions/domain/planner/index.ts is stated in. Not imported by any production code.
 *
 * Arbitraries: 0–6 children (plus twins), 0–25 chores, counts 0–10, random last weeks and consistent fixed
 * sets; per family, independently, random away days, chores restricted to some children (`childIds`) and base
 * totals — so every rule is checked with and without availability.
 */
import fc from 'fast-check';
import { WEEKDAYS, type Weekday } from '../../shared/time';
import type { Category, FixedAssignment, PlannerChild, PlannerChore, PlannerInput, WeekPlan } from '../../functions/domain/planner/index';

export const CATEGORIES: Category[] = ['daily', 'weekly', 'continuous'];
export const RUNS = { numRuns: 1000 };

// Counts 0–10, biased to small ones so that there are often more chores than places (rules 4, 5 bite).
const countArb = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 10 }));
const childArb = (busy: boolean) => {
  const count = busy ? fc.integer({ min: 2, max: 7 }) : countArb;
  return fc.record({
    id: fc.integer({ min: 0, max: 99 }).map((n) => `kid${n}`),
    maxDifficultyLevel: busy ? fc.constant(5) : fc.integer({ min: 0, max: 6 }),
    dailyChoresCount: count,
    weeklyChoresCount: count,
    continuousChoresCount: count,
  });
};
const choreArb = (categories: Category[]) =>
  fc.record({
    id: fc.integer({ min: 0, max: 999 }).map((n) => `chore${n}`),
    category: fc.constantFrom<Category>(...categories),
    difficultyLevel: fc.integer({ min: 1, max: 5 }),
    // Many repeated amounts so that ties (and the PRNG) matter, plus arbitrary ones.
    amountCents: fc.oneof(fc.constantFrom(0, 50, 100, 100, 250, 500), fc.integer({ min: 0, max: 5000 })),
  });
export const dayArb = fc.constantFrom<Weekday>(...WEEKDAYS);
/** Away days: often none, often a few, sometimes all week (duplicates included: they count once). */
export const awayArb: fc.Arbitrary<Weekday[]> = fc.oneof(
  fc.constant<Weekday[]>([]),
  fc.subarray<Weekday>([...WEEKDAYS]),
  fc.array(dayArb, { maxLength: 4 }),
  fc.constant<Weekday[]>([...WEEKDAYS]),
);

type FixedMode = 'none' | 'some' | 'overQuota';

export const homeDays = (child: PlannerChild): number => 7 - new Set(child.awayDays ?? []).size;
export const eligibleFor = (child: PlannerChild, chore: PlannerChore): boolean =>
  chore.difficultyLevel <= child.maxDifficultyLevel && (!chore.childIds?.length || chore.childIds.includes(child.id));
export const quotaOf = (child: PlannerChild, cat: Category): number =>
  homeDays(child) === 0 ? 0 : cat === 'daily' ? child.dailyChoresCount : cat === 'weekly' ? child.weeklyChoresCount : child.continuousChoresCount;

/** Fixed assignments for one child: existing, eligible chores, at most the quota per category (unless overQuota). */
function fixedArb(child: PlannerChild, chores: PlannerChore[], mode: FixedMode): fc.Arbitrary<FixedAssignment[]> {
  if (mode === 'none') return fc.constant([]);
  const perCategory = CATEGORIES.map((category) => {
    const pool = chores.filter((c) => c.category === category && eligibleFor(child, c));
    const maxLength = mode === 'overQuota' ? pool.length : Math.min(quotaOf(child, category), pool.length);
    return fc
      .tuple(fc.subarray(pool, { maxLength }), fc.array(dayArb, { minLength: pool.length, maxLength: pool.length }))
      .map(([picked, days]) =>
        picked.map((c, i): FixedAssignment =>
          category === 'weekly'
            ? { childId: child.id, choreId: c.id, category, dayOfWeek: days[i]! }
            : { childId: child.id, choreId: c.id, category },
        ),
      );
  });
  return fc.tuple(...perCategory).map((lists) => lists.flat());
}

export interface InputOptions {
  /** some children get a twin: same limit, counts, last week, away days, allowed chores, base; nothing fixed */
  twins?: boolean;
  categories?: Category[];
  fixedModes?: FixedMode[];
  busy?: boolean;
  /** force away days on (true) or off (false); default: random per family */
  away?: boolean;
}

/** Random planner inputs (see the file header). */
export function inputArb(opts: InputOptions = {}): fc.Arbitrary<PlannerInput> {
  return fc
    .record({
      children: fc.uniqueArray(childArb(opts.busy ?? false), { selector: (c) => c.id, maxLength: 6, size: 'max' }),
      chores: fc.uniqueArray(choreArb(opts.categories ?? CATEGORIES), { selector: (c) => c.id, maxLength: 25, size: 'max' }),
      seed: fc.string({ maxLength: 6 }),
      fixedMode: fc.constantFrom<FixedMode>(...(opts.fixedModes ?? ['none', 'none', 'some', 'some', 'some', 'overQuota'])),
      twinOf: opts.twins ? fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) : fc.constant([] as number[]),
      away: opts.away === undefined ? fc.boolean() : fc.constant(opts.away),
      lists: fc.boolean(),
      base: fc.boolean(),
    })
    .chain(({ children: plain, chores: plainChores, seed, fixedMode, twinOf, away, lists, base: withBase }) => {
      const ids = plain.map((c) => c.id);
      const listArb = fc.oneof(
        { weight: 4, arbitrary: fc.constant<string[] | undefined>(undefined) },
        { weight: 1, arbitrary: fc.constant<string[] | undefined>([]) },
        { weight: 4, arbitrary: fc.subarray([...ids, 'ghost-child']) },
      );
      return fc
        .record({
          awayDays: fc.tuple(...plain.map(() => (away ? awayArb : fc.constant([] as Weekday[])))),
          childIds: fc.tuple(...plainChores.map(() => (lists ? listArb : fc.constant(undefined)))),
          base: fc.tuple(...plain.map(() => fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })))),
        })
        .chain(({ awayDays, childIds, base: baseValues }) => {
          const base: PlannerChild[] = plain.map((c, i) => (away ? { ...c, awayDays: awayDays[i]! } : c));
          const twins: PlannerChild[] = base.length === 0 ? [] : twinOf.map((n, i) => ({ ...base[n % base.length]!, id: `twin${i}` }));
          const twinsOf = (id: string) => twins.filter((_, i) => base[twinOf[i]! % base.length]!.id === id).map((t) => t.id);
          const chores: PlannerChore[] = plainChores.map((c, i) => {
            const list = childIds[i];
            return list === undefined ? c : { ...c, childIds: list.flatMap((id) => [id, ...twinsOf(id)]) };
          });
          const children = [...base, ...twins];
          const noFixed = new Set(twinOf.map((n) => base[n % base.length]?.id));
          const idsForLastWeek = [...chores.map((c) => c.id), 'retired-chore'];
          return fc
            .record({
              lastWeek: fc.tuple(...base.map(() => fc.subarray(idsForLastWeek))),
              fixed: fc.tuple(...base.map((c) => fixedArb(c, chores, noFixed.has(c.id) ? 'none' : fixedMode))),
            })
            .map(({ lastWeek, fixed }): PlannerInput => {
              const lw: Record<string, string[]> = {};
              base.forEach((c, i) => (lw[c.id] = lastWeek[i]!));
              twins.forEach((t, i) => (lw[t.id] = [...(lw[base[twinOf[i]! % base.length]!.id] ?? [])]));
              const input: PlannerInput = { children, chores, lastWeek: lw, fixed: fixed.flat(), seed };
              if (withBase) {
                const totals: Record<string, number> = {};
                base.forEach((c, i) => (totals[c.id] = baseValues[i]!));
                twins.forEach((t, i) => (totals[t.id] = totals[base[twinOf[i]! % base.length]!.id]!));
                input.baseTotals = totals;
              }
              return input;
            });
        });
    });
}

/**
 * The inputs every property runs on: all categories mixed, or all chores in one category (denser competition
 * for the same chores, and many weekly chores for the day placement).
 */
export const anyInput = (opts: InputOptions = {}) =>
  fc.oneof(
    inputArb(opts),
    inputArb({ ...opts, categories: ['daily'] }),
    inputArb({ ...opts, categories: ['weekly'] }),
    inputArb({ ...opts, categories: ['continuous'] }),
    inputArb({ ...opts, categories: ['weekly'], fixedModes: ['some', 'overQuota'] }),
  );
/** Busy weeks for the day placement: everybody can do everything, many weekly chores, many fixed ones. */
export const busyWeeklyInput = (away?: boolean) => inputArb({ categories: ['weekly'], fixedModes: ['some'], busy: true, away });

// ---------------------------------------------------------------------------------------------------------
// Oracle: the facts every rule is stated in.

export interface Facts {
  choreById: Map<string, PlannerChore>;
  /** child id → chore ids it holds (fixed or planned) */
  holds: Map<string, Set<string>>;
  /** chore id → number of children holding it */
  holderCount: (choreId: string) => number;
  /** planned (child, chore) pairs */
  planned: { child: PlannerChild; chore: PlannerChore; category: Category }[];
  /** weekly day load, fixed + planned, all children */
  load: number[];
  fixedLoad: number[];
}

export function facts(input: PlannerInput, plan: WeekPlan): Facts {
  const choreById = new Map(input.chores.map((c) => [c.id, c]));
  const holds = new Map(input.children.map((c) => [c.id, new Set<string>()]));
  const load = new Array<number>(7).fill(0);
  const fixedLoad = new Array<number>(7).fill(0);
  for (const f of input.fixed) {
    holds.get(f.childId)?.add(f.choreId);
    if (f.dayOfWeek) {
      load[WEEKDAYS.indexOf(f.dayOfWeek)]!++;
      fixedLoad[WEEKDAYS.indexOf(f.dayOfWeek)]!++;
    }
  }
  const planned: Facts['planned'] = [];
  for (const child of input.children) {
    const p = plan.children[child.id]!;
    const add = (choreId: string, category: Category) => {
      planned.push({ child, chore: choreById.get(choreId)!, category });
      holds.get(child.id)!.add(choreId);
    };
    p.daily.forEach((id) => add(id, 'daily'));
    p.weekly.forEach((w) => {
      add(w.choreId, 'weekly');
      load[WEEKDAYS.indexOf(w.dayOfWeek)]!++;
    });
    p.continuous.forEach((id) => add(id, 'continuous'));
  }
  const holderCount = (choreId: string) => [...holds.values()].filter((s) => s.has(choreId)).length;
  return { choreById, holds, holderCount, planned, load, fixedLoad };
}

export const plannedCount = (p: WeekPlan['children'][string], cat: Category): number =>
  cat === 'daily' ? p.daily.length : cat === 'weekly' ? p.weekly.length : p.continuous.length;

/** Rule 7's totals: main = base + daily × home days + weekly (with each chore's max); continuous apart. */
export function totals(input: PlannerInput, plan: WeekPlan, child: PlannerChild) {
  const chores = new Map(input.chores.map((c) => [c.id, c]));
  const items: PlannerChore[] = [];
  for (const f of input.fixed) if (f.childId === child.id) items.push(chores.get(f.choreId)!);
  const p = plan.children[child.id]!;
  for (const id of [...p.daily, ...p.weekly.map((w) => w.choreId), ...p.continuous]) items.push(chores.get(id)!);
  const home = homeDays(child);
  const main = items.filter((c) => c.category !== 'continuous').map((c) => (c.category === 'daily' ? c.amountCents * home : c.amountCents));
  const cont = items.filter((c) => c.category === 'continuous').map((c) => c.amountCents);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const base = input.baseTotals?.[child.id] ?? 0;
  return { main: base + sum(main), mainMax: Math.max(0, ...main), cont: sum(cont), contMax: Math.max(0, ...cont) };
}

/** A small deterministic shuffle for the order-independence property (independent of the planner's PRNG). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const emptyPlan = { daily: [], weekly: [], continuous: [] };

export const kid = (id: string, counts: Partial<PlannerChild> = {}): PlannerChild => ({
  id,
  maxDifficultyLevel: 5,
  dailyChoresCount: 0,
  weeklyChoresCount: 0,
  continuousChoresCount: 0,
  ...counts,
});
export const chore = (id: string, category: Category, amountCents: number, difficultyLevel = 1): PlannerChore => ({ id, category, difficultyLevel, amountCents });
export const noHistory = { lastWeek: {}, fixed: [] };
