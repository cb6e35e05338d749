/**
 * Turns (`who.mode = 'one'`, turns 'week' or 'fair', and 'balanced' with a rhythm): one child per
 * occurrence. See the rules in functions/domain/household-plan.ts.
 */
import { weekdayOf, type IsoDate } from '../../../shared/time';
import { createRng } from '../prng';
import { key2, type Job, type Kid, type PlanContext } from './context';
import { pickDay } from './each-first';

/** The rotation order of a chore's children: a shuffle seeded by the chore id only (stable week to week). */
export function rotationOrder(job: Job): Kid[] {
  return createRng(`turns\u0000${job.id}`).shuffle(job.eligible);
}

/** The child of `candidates` with the largest count; ties: the first in `order`. */
function mostOf(counts: Map<string, number>, order: readonly Kid[]): Kid | undefined {
  let best: Kid | undefined;
  for (const kid of order) {
    const n = counts.get(kid.id) ?? 0;
    if (n > 0 && (!best || n > (counts.get(best.id) ?? 0))) best = kid;
  }
  return best;
}

/**
 * Keep it for a week: the week's child is the one after last week's (the one who did it most), skipping
 * children home on none of the occurrences; a kept occurrence this week makes its child the week's.
 * An occurrence on a day the week's child is away goes to the next child in the order home that day.
 */
export function planWeekTurn(ctx: PlanContext, job: Job): void {
  if (job.occurrences === 'continuous' || job.eligible.length === 0) return;
  const order = rotationOrder(job);
  const n = order.length;
  const dates = job.occurrences === 'floating' ? ctx.dates : job.occurrences;
  const homeOnSome = (kid: Kid) => dates.some((d) => kid.home.has(d));

  const keptCounts = new Map<string, number>();
  for (const a of ctx.keptByChore.get(job.id) ?? []) keptCounts.set(a.childId, (keptCounts.get(a.childId) ?? 0) + 1);
  let holder = mostOf(keptCounts, order);
  if (!holder) {
    const lastCounts = new Map<string, number>();
    for (const a of ctx.lastWeekOf(job.id)) lastCounts.set(a.childId, (lastCounts.get(a.childId) ?? 0) + 1);
    const previous = mostOf(lastCounts, order);
    const start = previous ? order.indexOf(previous) + 1 : 0;
    for (let i = 0; i < n && !holder; i++) {
      const kid = order[(start + i) % n]!;
      if (homeOnSome(kid)) holder = kid;
    }
  }
  if (!holder) return;

  if (job.occurrences === 'floating') {
    if (ctx.keptDatesOf(job.id).size > 0) return;
    const day = pickDay(holder.homeDates, ctx.lastWeekDays(job.id, holder.id), `${ctx.seed}\u0000week\u0000${job.id}`);
    if (day !== undefined) ctx.giveDated(holder, job, day, false, job.amount);
    return;
  }
  const kept = ctx.keptDatesOf(job.id);
  const h = order.indexOf(holder);
  for (const d of job.occurrences) {
    if (kept.has(d)) continue;
    for (let i = 0; i < n; i++) {
      const kid = order[(h + i) % n]!;
      if (kid.home.has(d)) {
        ctx.giveDated(kid, job, d, false, job.amount);
        break;
      }
    }
  }
}

/**
 * Fair turns: each occurrence, in date order, to the eligible child home that day with the fewest
 * occurrences of the chore over the window (4 history weeks, kept and planned this week), then not the
 * one who had it on that weekday last week, then the one who did it least recently in the window, then
 * the least value of all chores over the window, then a seeded shuffle of the week.
 */
export function planFairTurns(ctx: PlanContext, job: Job): void {
  if (job.occurrences === 'continuous' || job.eligible.length === 0) return;
  const counts = new Map<string, number>(job.eligible.map((k) => [k.id, 0]));
  const bump = (childId: string) => {
    const c = counts.get(childId);
    if (c !== undefined) counts.set(childId, c + 1);
  };
  /** The day number of each child's latest occurrence of the chore in the window (absent: none). */
  const latest = new Map<string, number>();
  const note = (childId: string, date: IsoDate) => {
    const n = dayNumber(date);
    if (n > (latest.get(childId) ?? -Infinity)) latest.set(childId, n);
  };
  for (const a of ctx.historyByChore.get(job.id) ?? []) {
    bump(a.childId);
    note(a.childId, a.date);
  }
  for (const a of ctx.keptByChore.get(job.id) ?? []) {
    bump(a.childId);
    note(a.childId, a.date);
  }
  const rank = new Map(createRng(`${ctx.seed}\u0000fair\u0000${job.id}`).shuffle(job.eligible).map((k, i) => [k.id, i]));
  const lastWeek = new Set(ctx.lastWeekOf(job.id).map((a) => key2(a.childId, weekdayOf(a.date))));
  const repeatScore = (kid: Kid, dates: readonly IsoDate[]) => (dates.every((d) => lastWeek.has(key2(kid.id, weekdayOf(d)))) ? 1 : 0);
  const choose = (candidates: readonly Kid[], dates: (kid: Kid) => readonly IsoDate[]): Kid | undefined => {
    let best: Kid | undefined;
    let bestKey: number[] = [];
    for (const kid of candidates) {
      const k = [counts.get(kid.id)!, repeatScore(kid, dates(kid)), latest.get(kid.id) ?? -Infinity, ctx.windowValue.get(kid.id)!, rank.get(kid.id)!];
      if (!best || lexLess(k, bestKey)) {
        best = kid;
        bestKey = k;
      }
    }
    return best;
  };

  if (job.occurrences === 'floating') {
    if (ctx.keptDatesOf(job.id).size > 0) return;
    const kid = choose(
      job.eligible.filter((k) => k.homeDates.length > 0),
      (k) => k.homeDates,
    );
    if (!kid) return;
    const day = pickDay(kid.homeDates, ctx.lastWeekDays(job.id, kid.id), `${ctx.seed}\u0000fair-day\u0000${job.id}`);
    if (day !== undefined) ctx.giveDated(kid, job, day, false, job.amount);
    return;
  }
  const kept = ctx.keptDatesOf(job.id);
  for (const d of job.occurrences) {
    if (kept.has(d)) continue;
    const kid = choose(
      job.eligible.filter((k) => k.home.has(d)),
      () => [d],
    );
    if (kid && ctx.giveDated(kid, job, d, false, job.amount)) {
      bump(kid.id);
      note(kid.id, d);
    }
  }
}

/** Days since 1970-01-01 of an ISO date (calendar arithmetic, no time zone). */
function dayNumber(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
