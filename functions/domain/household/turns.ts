/**
 * Turns (`who.mode = 'one'`, turns 'week' or 'fair', and 'balanced' with a rhythm): one child per
 * occurrence. See the rules in functions/domain/household-plan.ts.
 */
import type { IsoDate } from '../../../shared/time';
import { createRng } from '../prng';
import type { Job, Kid, PlanContext } from './context';
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
    const day = pickDay(ctx, holder.homeDates, ctx.lastWeekDays(job.id, holder.id), `${ctx.seed}\u0000week\u0000${job.id}`);
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
  // Per-child tables by kid index: turns in the window, latest day done (day number), shuffle rank.
  const K = ctx.kids.length;
  const counts = new Int32Array(K);
  const latest = new Float64Array(K).fill(-Infinity);
  const rank = new Int32Array(K);
  /** Whether the child had the chore on that weekday last week: kid index × 7 + weekday index. */
  const lastSame = new Uint8Array(K * 7);
  const eligible = new Uint8Array(K);
  for (const kid of job.eligible) eligible[kid.index] = 1;
  const note = (childId: string, date: IsoDate) => {
    const kid = ctx.kidById.get(childId);
    if (!kid || eligible[kid.index] === 0) return;
    counts[kid.index]!++;
    const n = ctx.dayNumber(date);
    if (n > latest[kid.index]!) latest[kid.index] = n;
  };
  for (const a of ctx.historyByChore.get(job.id) ?? []) note(a.childId, a.date);
  for (const a of ctx.keptByChore.get(job.id) ?? []) note(a.childId, a.date);
  createRng(`${ctx.seed}\u0000fair\u0000${job.id}`)
    .shuffle(job.eligible)
    .forEach((k, i) => (rank[k.index] = i));
  for (const a of ctx.lastWeekOf(job.id)) {
    const kid = ctx.kidById.get(a.childId);
    if (kid) lastSame[kid.index * 7 + ctx.weekdayIndex(a.date)] = 1;
  }
  const repeatScore = (kid: Kid, dates: readonly IsoDate[]) => (dates.every((d) => lastSame[kid.index * 7 + ctx.weekdayIndex(d)] === 1) ? 1 : 0);
  /** Smallest (turns, repeats last week's weekday, latest done, window value, rank). */
  const better = (a: Kid, ra: number, b: Kid, rb: number): boolean =>
    counts[a.index] !== counts[b.index]
      ? counts[a.index]! < counts[b.index]!
      : ra !== rb
        ? ra < rb
        : latest[a.index] !== latest[b.index]
          ? latest[a.index]! < latest[b.index]!
          : ctx.windowValue[a.index] !== ctx.windowValue[b.index]
            ? ctx.windowValue[a.index]! < ctx.windowValue[b.index]!
            : rank[a.index]! < rank[b.index]!;
  const choose = (candidates: readonly Kid[], dates: (kid: Kid) => readonly IsoDate[]): Kid | undefined => {
    let best: Kid | undefined;
    let bestRepeat = 0;
    for (const kid of candidates) {
      const r = repeatScore(kid, dates(kid));
      if (!best || better(kid, r, best, bestRepeat)) {
        best = kid;
        bestRepeat = r;
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
    const day = pickDay(ctx, kid.homeDates, ctx.lastWeekDays(job.id, kid.id), `${ctx.seed}\u0000fair-day\u0000${job.id}`);
    if (day !== undefined) ctx.giveDated(kid, job, day, false, job.amount);
    return;
  }
  const kept = ctx.keptDatesOf(job.id);
  const one: IsoDate[] = [''];
  for (const d of job.occurrences) {
    if (kept.has(d)) continue;
    one[0] = d;
    const kid = choose(
      job.eligible.filter((k) => k.home.has(d)),
      () => one,
    );
    if (kid && ctx.giveDated(kid, job, d, false, job.amount)) note(kid.id, d);
  }
}
