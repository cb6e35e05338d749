/**
 * What regenerating one family's week writes, decided from what is stored (pure: no I/O, no clock
 * of its own, domain types only: functions/data/planning/generate.ts maps items to these and back).
 *
 * Completed and manual assignments stay and are handed to the household planner as kept, and so do
 * the other days of a generated chore the child has started; other pending generated ones are
 * replaceable. A chore-day is named by (child, chore, date), which is what the data layer's
 * deterministic generated ids (`g-<chore>-<day>`) encode: planning the same stored state twice names
 * the same chore-days, and what already exists is never written again.
 */
import { awayDatesInWeek, isWholeWeekAway } from '../../shared/availability';
import type { Availability, DateRange, WhoDoesIt } from '../../shared/planning';
import type { IsoDate } from '../../shared/time';
import { planHouseholdWeek } from './household-plan';
import type { HouseholdChore, HouseholdWeekPlan, KeptAssignment, PastAssignment, PlannedChoreDay } from './household-plan-types';

/** A child as planning sees it. */
export interface WeekChild {
  id: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
  /** Absent: always home. */
  availability?: Availability;
}

/** A stored dated assignment of the planned week. */
export interface StoredChoreDay {
  /** The stored assignment's id (opaque here). */
  id: string;
  childId: string;
  choreId: string;
  date: IsoDate;
  completed: boolean;
  /** Made by the planner (replaceable while pending), not by a parent. */
  generated: boolean;
  firstWins: boolean;
}

/** A family's stored state for one week's regeneration. */
export interface WeekState {
  /** The Sunday of the planned week. */
  weekStart: IsoDate;
  children: WeekChild[];
  chores: HouseholdChore[];
  /** Continuous assignments held now. */
  continuous: { childId: string; choreId: string }[];
  /** Dated assignments of the planned week. */
  week: StoredChoreDay[];
  /** Dated assignments of the 4 weeks before. */
  history: PastAssignment[];
  /** The whole family's pause (null: not paused). */
  familyPause: DateRange | null;
}

/** A new first-wins chore-day knows the other children it is offered to (their ticks race for it). */
export interface FreshChoreDay extends PlannedChoreDay {
  /** The other children offered the same chore-day (empty unless firstWins). */
  rivals: string[];
}

export interface WeekWrites {
  weekStart: IsoDate;
  /** Pending generated chore-days the plan no longer wants: deleted only while still pending. */
  stale: StoredChoreDay[];
  /** Chore-days the plan wants that were not stored when the week was read. */
  fresh: FreshChoreDay[];
  /** Continuous assignments the plan adds. */
  newContinuous: { childId: string; choreId: string }[];
  /** Stored chore-days that stay as they are (the planner's kept ones, and replaceable ones it chose again). */
  keptDays: StoredChoreDay[];
  /** Stored assignments that stay as they are (dated ones of the week). */
  kept: number;
  /** Chores with an occurrence this week that no child could take. */
  unassigned: HouseholdWeekPlan['unassigned'];
  /** Children the one-child-at-a-time pool gives fewer chores than they ask for (issue 29). */
  shortfalls: HouseholdWeekPlan['shortfalls'];
  /** The whole family is paused all week: nothing is planned. */
  paused: boolean;
}

const slot = (a: { childId: string; choreId: string; date: IsoDate }) => `${a.childId}|${a.choreId}|${a.date}`;
const choreDayKey = (a: { choreId: string; date: IsoDate }) => `${a.choreId}|${a.date}`;

/** `who` without the children who are no longer in the family (a deleted child's id is ignored). */
function withoutStrangers(who: WhoDoesIt | undefined, childIds: ReadonlySet<string>): WhoDoesIt | undefined {
  if (!who?.children) return who;
  if (who.mode === 'each') return { ...who, children: who.children.filter((c) => childIds.has(c.childId)) };
  return { ...who, children: who.children.filter((id) => childIds.has(id)) };
}

export function planWeekWrites(state: WeekState, seed: string): WeekWrites {
  const { weekStart, children, week, continuous, familyPause } = state;
  const childIds = new Set(children.map((c) => c.id));
  const chores = state.chores.map((c) => {
    const who = withoutStrangers(c.who, childIds);
    return { ...c, ...(who ? { who } : {}) };
  });
  const choreIds = new Set(chores.map((c) => c.id));
  const mine = (a: { childId: string; choreId: string }) => childIds.has(a.childId) && choreIds.has(a.choreId);

  const awayDates = new Map(children.map((c) => [c.id, awayDatesInWeek(c.availability, familyPause, weekStart)]));
  const isAway = (a: { childId: string; date: IsoDate }) => awayDates.get(a.childId)?.includes(a.date) === true;
  // A generated chore a child has started this week (one of its days ticked) stays whole: its other
  // days are not handed to someone else half-way through the week, except a day the child is now
  // away (its availability changed since): nothing generated stays on an away day.
  const started = new Set(week.filter((a) => a.generated && a.completed).map((a) => `${a.childId}|${a.choreId}`));
  const isReplaceable = (a: StoredChoreDay) => a.generated && !a.completed && (!started.has(`${a.childId}|${a.choreId}`) || isAway(a));
  const replaceable = week.filter(isReplaceable);
  const keptStored = week.filter((a) => !isReplaceable(a));

  const kept: KeptAssignment[] = [
    ...keptStored.filter(mine).map((a) => ({ childId: a.childId, choreId: a.choreId, date: a.date })),
    ...continuous.filter(mine).map((c) => ({ childId: c.childId, choreId: c.choreId, date: null })),
  ];
  const paused = familyPause !== null && isWholeWeekAway(undefined, familyPause, weekStart);
  const plan: HouseholdWeekPlan = planHouseholdWeek({
    weekStart,
    children: children.map((c) => ({
      id: c.id,
      maxDifficultyLevel: c.maxDifficultyLevel,
      dailyChoresCount: c.dailyChoresCount,
      weeklyChoresCount: c.weeklyChoresCount,
      continuousChoresCount: c.continuousChoresCount,
      awayDates: awayDates.get(c.id) ?? [],
    })),
    chores,
    kept,
    history: state.history,
    seed,
  });

  // A stored pending chore-day the plan wants again stays (same flag); anything else the plan wants is new.
  const storedBySlot = new Map(week.map((a) => [slot(a), a]));
  // A chore-day someone already did this week is not offered anew as first-wins: the planner keeps
  // offering a kept occurrence to the others, but a done one (ticked while the chore was not first-wins,
  // or by a manual assignment, so no claim holds it) would be paid a second time, and a claimed one
  // could only answer 409. First-wins offers stored before it was done stay (they show "Done by ...").
  const done = new Set(week.filter((a) => a.completed && mine(a)).map(choreDayKey));
  const wanted = plan.dated.filter((p) => !(p.firstWins && done.has(choreDayKey(p)) && storedBySlot.get(slot(p))?.firstWins !== true));
  const again = (p: PlannedChoreDay) => {
    const stored = storedBySlot.get(slot(p));
    return stored !== undefined && isReplaceable(stored) && stored.firstWins === p.firstWins ? stored : undefined;
  };
  const keepAgain = new Set(wanted.flatMap((p) => (again(p) ? [again(p)!.id] : [])));
  const stale = replaceable.filter((a) => !keepAgain.has(a.id));
  const staleIds = new Set(stale.map((a) => a.id));
  // Which children share each first-wins chore-day: the new ones and the stored ones that stay.
  const offered = new Map<string, Set<string>>();
  const offer = (a: { childId: string; choreId: string; date: IsoDate }) => {
    const k = choreDayKey(a);
    (offered.get(k) ?? offered.set(k, new Set()).get(k)!).add(a.childId);
  };
  for (const p of wanted) if (p.firstWins) offer(p);
  for (const a of week) if (a.firstWins && !staleIds.has(a.id)) offer(a);
  // New: nothing stored in that slot, or what was stored there goes (a flag that changed is rewritten).
  const fresh = wanted
    .filter((p) => {
      const stored = storedBySlot.get(slot(p));
      return stored === undefined || staleIds.has(stored.id);
    })
    .map((p): FreshChoreDay => ({ ...p, rivals: p.firstWins ? [...(offered.get(choreDayKey(p)) ?? [])].filter((id) => id !== p.childId).sort() : [] }));
  const keptDays = week.filter((a) => !staleIds.has(a.id));
  return {
    weekStart,
    stale,
    fresh,
    newContinuous: plan.continuous,
    keptDays,
    kept: keptDays.length,
    unassigned: plan.unassigned,
    shortfalls: plan.shortfalls,
    paused,
  };
}
