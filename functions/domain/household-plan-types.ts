/**
 * The household planner's input and output (issue 21): domain types only. `data/` maps stored
 * items to these (absent attributes = today's behaviour) and the plan back to items; the planner
 * (functions/domain/household-plan.ts) never sees a key or an item.
 */
import type { ChoreCategory } from '../../shared/api-types';
import type { Rhythm, WhoDoesIt } from '../../shared/planning';
import type { IsoDate } from '../../shared/time';

export interface HouseholdChild {
  id: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
  /**
   * The dates of the planned week the child is away (availability calendar, own pause, family
   * pause), computed by shared/availability.ts. Nothing is given on them.
   */
  awayDates: IsoDate[];
}

export interface HouseholdChore {
  id: string;
  category: ChoreCategory;
  difficultyLevel: number;
  amountCents: number;
  /** Absent: the category's default rhythm. */
  rhythm?: Rhythm;
  /** Absent: one child at a time, balanced. */
  who?: WhoDoesIt;
}

/** An assignment already stored for the planned week that stays (completed, manual, started). */
export interface KeptAssignment {
  childId: string;
  choreId: string;
  /** null: a continuous assignment. */
  date: IsoDate | null;
}

/** A dated assignment of an earlier week (rotation state and "no repeat of last week"). */
export interface PastAssignment {
  childId: string;
  choreId: string;
  date: IsoDate;
}

export interface HouseholdWeekInput {
  /** The Sunday of the planned week. */
  weekStart: IsoDate;
  children: HouseholdChild[];
  chores: HouseholdChore[];
  kept: KeptAssignment[];
  /** Dated assignments of the 4 weeks before `weekStart` (older ones are ignored). */
  history: PastAssignment[];
  seed: string;
}

/** One new dated assignment to create. */
export interface PlannedChoreDay {
  childId: string;
  choreId: string;
  date: IsoDate;
  /** Offered to several children: the first tick takes it (who.mode = 'first'). */
  firstWins: boolean;
}

export interface HouseholdWeekPlan {
  /** Only NEW dated assignments (never one in `kept`). */
  dated: PlannedChoreDay[];
  /** Only NEW continuous assignments. */
  continuous: { childId: string; choreId: string }[];
  /** Chores with an occurrence this week that no child could take, and why. */
  unassigned: { choreId: string; reason: 'no-child-at-home' | 'no-eligible-child' }[];
  /**
   * Children who asked (chore-settings counts) for more chores of a category than the pool could give
   * them, one child at a time: `available` is what they hold (kept + planned). Issue 29.
   */
  shortfalls: PoolShortfall[];
}

export interface PoolShortfall {
  childId: string;
  category: ChoreCategory;
  asked: number;
  available: number;
}
