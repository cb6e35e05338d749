/**
 * The demo family's past (issue 18): four weeks of chores handed out and mostly done, a payout at
 * the end of the second, and this week done up to now, so that every card and chart of the demo
 * shows what it is for. Written through the same data functions the API uses (the planner, the
 * paid-once completion transactions, Reset Earnings), so the figures add up as they would for a
 * real family. Which chore-days are done comes from a fixed-seed PRNG over each week's assignments
 * in a stable order: the same `now` gives the same history.
 */
import { addDays, familyClock, monthOf, startOfLocalDay, weekDates, weekdayOf, yearOf, type IsoDate } from '../../shared/time';
import { listContinuous, listWeekAssignments, listWeekEarnings, listYearMonthEarnings } from '../../functions/data/planning/assignments';
import { continuousDay, datedDay, tickChoreDay, withTick } from '../../functions/data/ticks/completion-writes';
import { getChild, listChildren, recordFirstSignIn, resetEarnings, type ChildItem } from '../../functions/data/family/children';
import { generateWeek } from '../../functions/data/planning/generate';
import { isActiveOn } from '../../functions/domain/due-days';
import { createRng, type Rng } from '../../functions/domain/prng';
import type { Actor } from '../../functions/domain/ledger';

/** Past weeks the demo has lived through (the earnings charts show 12). */
export const DEMO_PAST_WEEKS = 4;
/** The past week (counted back from this one) at whose end the demo parent paid everyone out. */
const PAYOUT_WEEKS_AGO = 2;
/** How likely a child is to have done a chore-day: each child has their own habits. */
const DONE_RATE = [0.9, 0.75, 0.6] as const;

const HOUR = 3_600_000;
/** An instant on a local date: `hour` o'clock in the family's time zone. */
const at = (date: IsoDate, tz: string, hour: number) => new Date(startOfLocalDay(date, tz).getTime() + hour * HOUR);

export interface DemoPayer {
  parentId: string;
  name: string;
}

/** Writes the demo's history. Call once, on a family whose chores and children exist and whose weeks are empty. */
export async function seedDemoHistory(
  familyId: string,
  timeZone: string,
  now: Date,
  payer: DemoPayer,
  /** Runs once this week is handed out, before its ticks (the demo's goal, set on Sunday morning: demo-features.ts). */
  beforeThisWeek?: (children: readonly ChildItem[], weekStart: IsoDate) => Promise<void>,
): Promise<void> {
  const clock = familyClock(now, timeZone);
  const children = (await listChildren(familyId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.childId.localeCompare(b.childId));
  for (let back = DEMO_PAST_WEEKS; back >= 0; back--) {
    const weekStart = addDays(clock.weekStart, -7 * back);
    // Handed out on the Sunday morning, as the Sunday job would, this week too: a week handed out
    // today would make the days before today not due (issue 29), and the demo's week has been
    // under way since Sunday (its unticked past days are missed, as a family in use sees them).
    await generateWeek(familyId, weekStart, at(weekStart, timeZone, 0.1));
    if (back === 0) await beforeThisWeek?.(children, weekStart);
    const lastDay = back === 0 ? clock.today : addDays(weekStart, 6);
    for (const [index, first] of children.entries()) {
      const rng = createRng(`demo:${back}:${index}`);
      const rate = DONE_RATE[index % DONE_RATE.length]!;
      const child = (await getChild(familyId, first.childId, true))!;
      await tickWeek(child, weekStart, lastDay, rng, rate, { timeZone, now, today: clock.today });
    }
    if (back === PAYOUT_WEEKS_AGO) await payEveryone(familyId, children, addDays(weekStart, 6), timeZone, payer);
  }
  // The children have been signing in for weeks (the getting-started guide is for new families).
  for (const child of children) await recordFirstSignIn(child, at(addDays(clock.weekStart, -7 * DEMO_PAST_WEEKS), timeZone, 16));
}

interface TickClock {
  timeZone: string;
  now: Date;
  today: IsoDate;
}

/**
 * Ticks a share of one child's chore-days of a week, up to `lastDay`. Today's chores are done less
 * often than past days' (the day is not over), and never after `now`.
 */
async function tickWeek(child: ChildItem, weekStart: IsoDate, lastDay: IsoDate, rng: Rng, rate: number, clock: TickClock): Promise<void> {
  const when = (date: IsoDate) => (date === clock.today ? new Date(Math.min(clock.now.getTime() - 60_000, at(date, clock.timeZone, 17).getTime())) : at(date, clock.timeZone, 17));
  const done = (date: IsoDate) => date <= lastDay && when(date) >= at(date, clock.timeZone, 0) && rng.next() < (date === clock.today ? rate / 2 : rate);
  const actor: Actor = { role: 'child', id: child.childId, name: child.displayName };
  const dated = (await listWeekAssignments(child.familyId, weekStart, child.childId)).sort((a, b) => a.assignedDate.localeCompare(b.assignedDate) || a.assignmentId.localeCompare(b.assignmentId));
  // Two of today's chores are always left to do: the demo (and a person trying it) can tick one.
  let keepOpenToday = 2;
  for (const item of dated) {
    if (item.assignedDate === clock.today && keepOpenToday > 0) {
      keepOpenToday--;
      continue;
    }
    if (done(item.assignedDate)) await tickChoreDay(datedDay(item), child, { now: when(item.assignedDate), completedOn: item.assignedDate, cents: item.chore.amountCents, actor, waiting: false });
  }
  const continuous = (await listContinuous(child.familyId, child.childId)).sort((a, b) => a.choreId.localeCompare(b.choreId));
  for (let item of continuous) {
    for (const date of weekDates(weekStart)) {
      if (!isActiveOn(item, weekdayOf(date)) || !done(date)) continue;
      const day = continuousDay(item, date);
      const tick = await tickChoreDay(day, child, { now: when(date), completedOn: date, cents: item.chore.amountCents, actor, waiting: false });
      if (tick !== 'raced') item = withTick(day, tick);
    }
  }
}

/** Reset Earnings for every child on a Saturday evening, as the API does it (the figures at that moment become the baseline). */
async function payEveryone(familyId: string, children: readonly ChildItem[], saturday: IsoDate, timeZone: string, payer: DemoPayer): Promise<void> {
  const week = addDays(saturday, -6);
  const [weeks, months] = await Promise.all([listWeekEarnings(familyId, week, true), listYearMonthEarnings(familyId, yearOf(saturday), true)]);
  for (const first of children) {
    const child = (await getChild(familyId, first.childId, true))!;
    const mine = months.filter((m) => m.childId === child.childId);
    const thisWeek = weeks.find((w) => w.childId === child.childId);
    const result = await resetEarnings(
      child,
      payer,
      at(saturday, timeZone, 19),
      { week, month: monthOf(saturday), year: yearOf(saturday) },
      {
        weekCents: thisWeek?.cents ?? 0,
        weekCount: thisWeek?.count ?? 0,
        monthCents: mine.find((m) => m.period === monthOf(saturday))?.cents ?? 0,
        yearCents: mine.reduce((s, m) => s + m.cents, 0),
      },
    );
    if (result === 'changed') throw new Error(`The demo payout of ${child.displayName} raced a change; delete the data directory and start again`);
  }
}
