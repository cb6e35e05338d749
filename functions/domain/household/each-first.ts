/**
 * Chores given to each child (`who.mode = 'each'`) and to the first who does it (`'first'`):
 * see the rules in functions/domain/household-plan.ts.
 */
import type { IsoDate, Weekday } from '../../../shared/time';
import { createRng } from '../prng';
import type { Job, PlanContext } from './context';

/** A seeded pick among `dates`, preferring the ones whose weekday is not in `avoid`. */
export function pickDay(ctx: PlanContext, dates: readonly IsoDate[], avoid: ReadonlySet<Weekday>, rngSeed: string): IsoDate | undefined {
  if (dates.length === 0) return undefined;
  const preferred = dates.filter((d) => !avoid.has(ctx.weekday(d)));
  const list = preferred.length > 0 ? preferred : dates;
  return list[createRng(rngSeed).int(list.length)];
}

/** mode each: every eligible child does every occurrence it is home for (only its `days`, when given). */
export function planEach(ctx: PlanContext, job: Job): void {
  for (const kid of job.eligible) {
    if (job.occurrences === 'continuous') {
      ctx.giveContinuous(kid, job);
      continue;
    }
    const allowed = job.daysByChild.get(kid.id);
    const fits = (d: IsoDate) => kid.home.has(d) && (!allowed || allowed.has(ctx.weekday(d)));
    if (job.occurrences === 'floating') {
      // Once a week: a kept one is this week's; otherwise a day the child is home (not last week's day if it can).
      if (ctx.keptDatesOf(job.id, kid.id).size > 0) continue;
      const day = pickDay(ctx, ctx.dates.filter(fits), ctx.lastWeekDays(job.id, kid.id), `${ctx.seed}\u0000each\u0000${job.id}\u0000${kid.id}`);
      if (day !== undefined) ctx.giveDated(kid, job, day, false, job.amount);
      continue;
    }
    for (const d of job.occurrences) if (fits(d)) ctx.giveDated(kid, job, d, false, job.amount);
  }
}

/**
 * mode first: each occurrence is offered to every eligible child home that day (firstWins). Its value
 * is shared between them in the tallies (amount / number offered): it is paid once.
 */
export function planFirst(ctx: PlanContext, job: Job): void {
  if (job.occurrences === 'continuous') return;
  let dates: IsoDate[];
  if (job.occurrences === 'floating') {
    const kept = [...ctx.keptDatesOf(job.id)].sort();
    if (kept.length > 0) dates = kept;
    else {
      const anyoneHome = ctx.dates.filter((d) => job.eligible.some((k) => k.home.has(d)));
      const day = pickDay(ctx, anyoneHome, ctx.lastWeekDays(job.id), `${ctx.seed}\u0000first\u0000${job.id}`);
      dates = day === undefined ? [] : [day];
    }
  } else dates = job.occurrences;
  for (const d of dates) {
    const home = job.eligible.filter((k) => k.home.has(d));
    for (const kid of home) ctx.giveDated(kid, job, d, true, job.amount / home.length);
  }
}
