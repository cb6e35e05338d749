/** The planner's public input and output types (re-exported by ./index.ts, which documents the rules). */
import type { Weekday } from '../../../shared/time';

export type Category = 'daily' | 'weekly' | 'continuous';
export const CATEGORIES: readonly Category[] = ['daily', 'weekly', 'continuous'];

export interface PlannerChild {
  id: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
  /**
   * The weekdays of the planned week the child is away (availability, pause). A daily chore is done only on
   * the other days (its home days), weekly chores are placed only on home days, and a child with no home day
   * gets nothing this week. Absent or empty: home all week. Unknown names and duplicates are ignored.
   */
  awayDays?: Weekday[];
}
export interface PlannerChore {
  id: string;
  category: Category;
  difficultyLevel: number;
  amountCents: number;
  /** Only these children may take the chore (besides the difficulty limit). Absent or empty: any child. */
  childIds?: string[];
}
export interface FixedAssignment {
  childId: string;
  choreId: string;
  category: Category;
  dayOfWeek?: Weekday;
}
export interface PlannerInput {
  children: PlannerChild[];
  chores: PlannerChore[];
  /** chore ids each child had last week (any category) */
  lastWeek: Record<string, string[]>;
  /**
   * Assignments that already exist this week and must stay (completed ones, manual ones, existing continuous
   * ones). They count toward the child's quota and occupy their chore (for uniqueness) and their weekday (for
   * spreading). A daily or continuous fixed entry has no dayOfWeek; a weekly one has one.
   * Exact duplicates are counted once; entries of children not in `children` are ignored; when the chore is
   * known, its own category wins over the entry's; an entry for a chore not in `chores` still counts toward
   * the quota (and its day toward the day loads). A fixed entry on an away day stays where it is and counts.
   */
  fixed: FixedAssignment[];
  /**
   * Reward potential each child already holds from chores outside the pool (e.g. scheduled chores of the
   * household plan), in the unit of rule 7 (cents per week). The main balance starts from it. Absent: 0.
   */
  baseTotals?: Record<string, number>;
  seed: string;
}
export interface ChildPlan {
  daily: string[];
  weekly: { choreId: string; dayOfWeek: Weekday }[];
  continuous: string[];
}
/** Only NEW assignments to create (never repeats anything in `fixed`). Every child id of the input appears. */
export interface WeekPlan {
  children: Record<string, ChildPlan>;
}
