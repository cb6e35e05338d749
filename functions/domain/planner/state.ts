/**
 * The planner's normalised input and working state: children and chores sorted by id (duplicates resolved the
 * same way whatever the input order), dense per-(child, chore) tables, and the fixed assignments applied.
 */
import { WEEKDAYS } from '../../../shared/time';
import { createRng } from '../prng';
import type { Category, FixedAssignment, PlannerChild, PlannerChore } from './types';

export const DAYS = WEEKDAYS.length;
export const CAT_INDEX: Record<Category, number> = { daily: 0, weekly: 1, continuous: 2 };
export const WEEKDAY_INDEX = new Map<string, number>(WEEKDAYS.map((d, i) => [d, i]));

export interface Kid {
  id: string;
  maxDifficulty: number;
  /** per category; all 0 for a child away all week */
  quota: [number, number, number];
  lastWeek: Set<string>;
  key: number;
  /** away[d] = 1 when the child is away on weekday d (0 = Sunday) */
  away: Uint8Array;
  /** number of home days (7 − away days) */
  home: number;
  /** per category: how many times a chore's amount counts in the balance (daily: home days; else 1) */
  mult: [number, number, number];
}
export interface Job {
  id: string;
  index: number;
  cat: number;
  difficulty: number;
  amount: number;
  key: number;
  /** the children allowed to take it; null: any child */
  only: Set<string> | null;
}

/** Everything the phases read and update. Dense tables are indexed k·J + j. */
export interface State {
  kids: Kid[];
  jobs: Job[];
  K: number;
  J: number;
  jobsByCat: Job[][];
  eligibleMat: Uint8Array;
  lastWeekMat: Uint8Array;
  /** child k holds chore j (fixed or planned) */
  heldMat: Uint8Array;
  /** child k holds chore j through a fixed assignment (so it cannot give it up) */
  fixedMat: Uint8Array;
  /** number of children holding each chore (fixed or planned) */
  holders: Int32Array;
  /** chores somebody had last week */
  lastWeekAny: Uint8Array;
  fixedCount: number[][];
  /** fixed weekly chores per child and weekday */
  fixedDays: number[][];
  /** totals[0] = main reward potential (base + daily × home days + weekly), totals[1] = continuous */
  totals: number[][];
  /** planned chore indexes per child and category */
  planned: number[][][];
}

export const groupOf = (cat: number): number => (cat === 2 ? 1 : 0);
/** Chore j's contribution to child k's total in its group (rule 7). */
export const weightOf = (s: State, k: number, j: number): number => s.jobs[j]!.amount * s.kids[k]!.mult[s.jobs[j]!.cat]!;

const count = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
export const isCategory = (c: unknown): c is Category => c === 'daily' || c === 'weekly' || c === 'continuous';
export const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const has = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

function normalizeChildren(children: readonly PlannerChild[], lastWeek: Record<string, string[]>, seed: string): Kid[] {
  const sorted = children
    .map((c) => {
      const away = new Uint8Array(DAYS);
      if (Array.isArray(c.awayDays)) {
        for (const d of c.awayDays) {
          const i = WEEKDAY_INDEX.get(String(d));
          if (i !== undefined) away[i] = 1;
        }
      }
      const mask = away.reduce((m, a, d) => m | (a << d), 0);
      const home = DAYS - away.reduce((s, a) => s + a, 0);
      const quota = [count(c.dailyChoresCount), count(c.weeklyChoresCount), count(c.continuousChoresCount)].map((q) =>
        home === 0 ? 0 : q,
      ) as [number, number, number];
      return { id: String(c.id), maxDifficulty: Number.isFinite(c.maxDifficultyLevel) ? c.maxDifficultyLevel : -Infinity, quota, away, mask, home };
    })
    // Sort by every field so that even duplicate ids resolve the same way whatever the input order.
    .sort(
      (a, b) =>
        byString(a.id, b.id) ||
        a.maxDifficulty - b.maxDifficulty ||
        a.quota[0] - b.quota[0] ||
        a.quota[1] - b.quota[1] ||
        a.quota[2] - b.quota[2] ||
        a.mask - b.mask,
    );
  const kids: Kid[] = [];
  for (const c of sorted) {
    if (kids.length > 0 && kids[kids.length - 1]!.id === c.id) continue;
    const lw = has(lastWeek, c.id) ? lastWeek[c.id] : undefined;
    // A literal with every field (no spread): one hidden class for all kids keeps the hot loops fast.
    kids.push({
      id: c.id,
      maxDifficulty: c.maxDifficulty,
      quota: c.quota,
      lastWeek: new Set(Array.isArray(lw) ? lw.map(String) : []),
      key: createRng(`${seed}\u0000child\u0000${c.id}`).next(),
      away: c.away,
      home: c.home,
      mult: [c.home, 1, 1],
    });
  }
  return kids;
}

function normalizeChores(chores: readonly PlannerChore[], seed: string): Job[] {
  const sorted = chores
    .filter((c) => isCategory(c.category))
    .map((c) => {
      const list = Array.isArray(c.childIds) ? [...new Set(c.childIds.map(String))].sort(byString) : [];
      return {
        id: String(c.id),
        cat: CAT_INDEX[c.category],
        difficulty: Number.isFinite(c.difficultyLevel) ? c.difficultyLevel : Infinity,
        amount: Number.isFinite(c.amountCents) ? c.amountCents : 0,
        list,
        listKey: list.join('\u0000'),
      };
    })
    .sort((a, b) => byString(a.id, b.id) || a.cat - b.cat || a.difficulty - b.difficulty || a.amount - b.amount || byString(a.listKey, b.listKey));
  const jobs: Job[] = [];
  for (const c of sorted) {
    if (jobs.length > 0 && jobs[jobs.length - 1]!.id === c.id) continue;
    jobs.push({
      id: c.id,
      index: jobs.length,
      cat: c.cat,
      difficulty: c.difficulty,
      amount: c.amount,
      key: createRng(`${seed}\u0000chore\u0000${c.id}`).next(),
      only: c.list.length > 0 ? new Set(c.list) : null,
    });
  }
  return jobs;
}

export interface StateInput {
  children: readonly PlannerChild[];
  chores: readonly PlannerChore[];
  lastWeek: Record<string, string[]>;
  fixed: readonly FixedAssignment[];
  baseTotals: Record<string, number>;
  seed: string;
}

export function buildState(input: StateInput): State {
  const kids = normalizeChildren(input.children, input.lastWeek, input.seed);
  const jobs = normalizeChores(input.chores, input.seed);
  const K = kids.length;
  const J = jobs.length;
  const kidIndex = new Map(kids.map((k, i) => [k.id, i]));
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const jobsByCat: Job[][] = [[], [], []];
  for (const j of jobs) jobsByCat[j.cat]!.push(j);

  const eligibleMat = new Uint8Array(K * J);
  const lastWeekMat = new Uint8Array(K * J);
  for (let k = 0; k < K; k++) {
    const kid = kids[k]!;
    for (const j of jobs) {
      eligibleMat[k * J + j.index] = j.difficulty <= kid.maxDifficulty && (j.only === null || j.only.has(kid.id)) ? 1 : 0;
      lastWeekMat[k * J + j.index] = kid.lastWeek.has(j.id) ? 1 : 0;
    }
  }
  // Family-wide rotation: chores somebody had last week come after chores nobody had.
  const lastWeekAny = new Uint8Array(J);
  for (const list of Object.values(input.lastWeek)) {
    if (!Array.isArray(list)) continue;
    for (const id of list) {
      const j = jobById.get(String(id));
      if (j) lastWeekAny[j.index] = 1;
    }
  }

  const s: State = {
    kids,
    jobs,
    K,
    J,
    jobsByCat,
    eligibleMat,
    lastWeekMat,
    heldMat: new Uint8Array(K * J),
    fixedMat: new Uint8Array(K * J),
    holders: new Int32Array(J),
    lastWeekAny,
    fixedCount: kids.map(() => [0, 0, 0]),
    fixedDays: kids.map(() => new Array<number>(DAYS).fill(0)),
    totals: [
      kids.map((kid) => {
        const base = has(input.baseTotals, kid.id) ? Number(input.baseTotals[kid.id]) : 0;
        return Number.isFinite(base) ? base : 0;
      }),
      new Array<number>(K).fill(0),
    ],
    planned: kids.map(() => [[], [], []]),
  };

  const seenFixed = new Set<string>();
  for (const f of input.fixed) {
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
    s.fixedCount[k]![cat]!++;
    if (job && s.heldMat[k * J + job.index] === 0) {
      s.heldMat[k * J + job.index] = 1;
      s.fixedMat[k * J + job.index] = 1;
      s.holders[job.index]!++;
    }
    if (day !== undefined) s.fixedDays[k]![day]!++;
    if (job) s.totals[groupOf(cat)]![k]! += weightOf(s, k, job.index);
  }
  return s;
}
