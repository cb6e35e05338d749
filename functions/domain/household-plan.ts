/**
 * The household planner (issue 21): plans one week of a family for every "who does it" mode and every
 * rhythm, and hands the balanced pool to the whole-week planner (./planner). Pure and deterministic:
 * no clock, no I/O, no Math.random; the input is sorted by id internally and a seeded PRNG (./prng)
 * breaks ties, so the same input and seed give the same plan whatever the order of its arrays.
 *
 * Occurrences of a chore this week: with a rhythm, the week's dates on which shared/rhythm.ts `occursOn`
 * holds (what `occurrencesInWeek` returns, with the week's dates computed once); without, its category's
 * default: daily, the 7 dates; weekly, one floating occurrence whose day is picked;
 * continuous, ongoing (a rhythm on a continuous chore is ignored).
 *
 * Eligible children: `who.children` when non-empty (ids not among the input children ignored; the
 * parent's choice: no difficulty filter), otherwise every child with maxDifficultyLevel >= difficulty.
 * Nobody ever gets a chore-day on a date they are away; a child away all week gets nothing; when every
 * child is away all week (the family paused) the plan is empty (no `unassigned` either).
 *
 * Modes, planned in this order (each, first and week turns; then fair turns; then the pool):
 *  - each: every eligible child gets every occurrence it is home for, only on its `days` when given
 *    (absent or empty `days`: every day; two entries for one child: the union). A weekly chore without
 *    rhythm: once a week per child, on a day picked by seeded choice among the days that child is home
 *    (and allowed), preferring a weekday other than the one it had it last week. Continuous: one
 *    continuous assignment per eligible child not away all week.
 *  - first: each occurrence at least one eligible child is home for is offered to every eligible child
 *    home that day (one PlannedChoreDay each, firstWins). Weekly without rhythm: one occurrence, on a
 *    seeded day on which at least one eligible child is home, preferring a weekday the chore did not
 *    have last week (a kept chore-day of it this week is the week's occurrence instead).
 *  - one + week turns: the rotation order is a shuffle of the eligible ids seeded by the chore id only
 *    (stable week to week). The week's child is the next in order after the one who did it most last
 *    week (ties: the earlier in order; nobody: the first in order), skipping children home on none of
 *    the occurrences. DECISION: an occurrence on a day the week's child is away goes to the next child in
 *    the order who is home that day, so no occurrence is lost while an eligible child is home. A kept
 *    occurrence this week makes its child the week's child (the most kept; ties: earlier in order).
 *  - one + fair turns (and one + balanced WITH a rhythm, `who` absent included): each occurrence, in
 *    date order, goes to the eligible child home that day with the fewest occurrences of the chore over the window (the 4
 *    history weeks + kept and planned this week), then not the child who had it on that weekday last
 *    week, then the child who did it least recently in the window, then the least value of all chores
 *    over the window (history, kept, and what this plan gave so far: each, first, week turns and the
 *    fair chores of smaller id; the pool is planned after, as it balances against them), then a seeded
 *    shuffle (per chore and week; never by name or id).
 *    DECISION (recency before value): with value second, the counts drift apart as old weeks leave the
 *    4-week window (simulated: 5 apart after 30 weeks); least-recently-done keeps the rotation going
 *    through the window, so the counts of always-home children stay within 1 for ever (a property test),
 *    and value still balances the whole week through the pool's baseTotals.
 *    Weekly without rhythm: one occurrence, child chosen the same way among those home some day, on a
 *    seeded home day preferring a weekday it did not have last week.
 *  - pool (one + balanced or no `who`, without rhythm; first/week/fair on a continuous chore too):
 *    planWeek with the children not away all week (awayDays: the weekdays of their away dates), the
 *    pool chores except those a child away all week holds (kept: they stay that child's alone) (childIds when `who.children` lists some, the difficulty limit lifted for them), the
 *    kept pool assignments as fixed, lastWeek from the history week just before weekStart, baseTotals =
 *    each child's value from the scheduled (non-pool) chore-days this week, kept ones included (a
 *    first-wins chore-day counts amount / number offered; continuous ones count 0, as in planWeek).
 *    A daily pool chore becomes one chore-day per home date of its child; a weekly one, its date.
 *
 * Values in the tallies: amountCents per chore-day (first-wins: shared between the children offered).
 * Balance (the bound): scheduled chore-days are fixed by their mode, so they enter planWeek as
 * baseTotals and planWeek's rule-7 guarantee holds over the totals (scheduled + pool): two children
 * with the same difficulty limit, counts, home days, last week, nothing kept and the same scheduled value
 * end up at most one pool chore's contribution apart (daily: amount × home days; weekly: amount), tested
 * in household-plan.turns.test.ts. Children that differ (limits, away days, turns) get no such bound.
 *
 * Kept assignments stay: a (child, chore, date) kept is never planned again; for a first-wins
 * occurrence the other children home are still offered it (no duplicate of the kept child); for turns
 * a kept occurrence is that child's (its date is not planned again for anyone).
 *
 * History rows are taken as distinct assignments (one per child, chore and date), as stored.
 *
 * `unassigned`: each chore that occurs this week (a rhythm with no date this week does not) and ends
 * with no assignment at all (kept or planned): 'no-eligible-child' when no child may take it,
 * 'no-child-at-home' when eligible children exist but none is home on any occurrence (or on its `days`).
 * A pool chore is listed only for those two reasons (otherwise its absence is the quotas' choice).
 */
import { PlanContext, byString } from './household/context';
import { planEach, planFirst } from './household/each-first';
import { planPool } from './household/pool';
import { planFairTurns, planWeekTurn } from './household/turns';
import type { HouseholdWeekInput, HouseholdWeekPlan } from './household-plan-types';

export function planHouseholdWeek(input: HouseholdWeekInput): HouseholdWeekPlan {
  const ctx = new PlanContext(input);
  if (ctx.kids.length > 0 && ctx.kids.every((k) => k.homeDates.length === 0)) {
    return { dated: [], continuous: [], unassigned: [], shortfalls: [] };
  }

  for (const job of ctx.jobs) {
    if (job.mode === 'each') planEach(ctx, job);
    else if (job.mode === 'first') planFirst(ctx, job);
    else if (job.mode === 'week') planWeekTurn(ctx, job);
  }
  for (const job of ctx.jobs) if (job.mode === 'fair') planFairTurns(ctx, job);
  planPool(ctx);

  const unassigned: HouseholdWeekPlan['unassigned'] = [];
  for (const job of ctx.jobs) {
    const dates = Array.isArray(job.occurrences) ? job.occurrences : ctx.dates;
    if (dates.length === 0 || ctx.covered.has(job.id)) continue;
    if (job.eligible.length === 0) unassigned.push({ choreId: job.id, reason: 'no-eligible-child' });
    else if (job.mode !== 'pool' || job.eligible.every((k) => !dates.some((d) => k.home.has(d)))) {
      unassigned.push({ choreId: job.id, reason: 'no-child-at-home' });
    }
  }

  const dated = ctx.dated.sort((a, b) => byString(a.date, b.date) || byString(a.childId, b.childId) || byString(a.choreId, b.choreId));
  const continuous = ctx.continuous.sort((a, b) => byString(a.childId, b.childId) || byString(a.choreId, b.choreId));
  const order = { daily: 0, weekly: 1, continuous: 2 };
  const shortfalls = ctx.shortfalls.sort((a, b) => byString(a.childId, b.childId) || order[a.category] - order[b.category]);
  return { dated, continuous, unassigned, shortfalls };
}
