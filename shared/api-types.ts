/**
 * Response shapes of the API (spec section 3). Money is a 2-decimal dollar string, dates are ISO
 * `YYYY-MM-DD` in the family's time zone, weekdays lowercase.
 */
import type { IsoDate, Weekday } from './time';

export type ChoreCategory = 'daily' | 'weekly' | 'continuous';
export const CHORE_CATEGORIES: readonly ChoreCategory[] = ['daily', 'weekly', 'continuous'];

export interface ChoreDto {
  id: string;
  name: string;
  description?: string;
  category: ChoreCategory;
  /** "3.50" */
  amount: string;
  difficultyLevel: number;
  daysOfWeek?: Weekday[];
  createdAt: string;
}

export interface AssignmentDto {
  id: string;
  childId: string;
  choreId: string;
  /** The live chore, or the snapshot taken when the chore was deleted after completion. */
  chore: ChoreDto;
  /** Dated assignments: the Sunday of their week and their day; null for continuous ones. */
  weekStart: IsoDate | null;
  assignedDate: IsoDate | null;
  dayOfWeek: Weekday | null;
  isContinuous: boolean;
  /** Continuous: the days it is active (empty = every day). Dated: []. */
  daysOfWeek: Weekday[];
  /** Dated: completed. Continuous: completed today (family time zone). */
  isCompleted: boolean;
  completedAt: string | null;
  /** Continuous: the dates of the requested week it was completed on. */
  completedDates: IsoDate[];
  /** What the completion earned ("0.00" when not completed). */
  earned: string;
  /**
   * The completion (a continuous chore's: today's) was paid out by Reset Earnings: it stays ticked,
   * so the chore-day is never paid twice.
   */
  isPaid: boolean;
  source: 'manual' | 'generated' | 'scheduler';
}

export interface EarningsDto {
  today: string;
  weekToDate: string;
  monthToDate: string;
  yearToDate: string;
}

/** A child's profile and settings: what create, update and chore-settings answer. */
export interface ChildProfileDto {
  id: string;
  displayName: string;
  age?: number;
  username?: string;
  profileImageUrl?: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
}

export interface ChildDto extends ChildProfileDto {
  /** Owed: earned since the last Reset Earnings (what a parent would pay out now). */
  weeklyEarnings: string;
  earnedToday: string;
  weekToDateEarned: string;
  monthToDateEarned: string;
  yearToDateEarned: string;
  /** This week (since the last reset): completed / assigned; a continuous chore counts once, done if done any day. */
  completedCount: number;
  totalCount: number;
  /** Today: completed / assigned (today's dated chores plus continuous ones active today). */
  todayCompletedCount: number;
  todayTotalCount: number;
  lastPayout?: { amount: string; paidAt: string };
  /** This week's dated assignments and all continuous assignments, with the chore embedded. */
  assignments: AssignmentDto[];
}

export interface FamilyClockDto {
  timeZone: string;
  today: IsoDate;
  weekday: Weekday;
  weekStart: IsoDate;
}

export interface DashboardDto extends FamilyClockDto {
  stats: { completed: number; pending: number; totalEarnings: string; activeChildren: number };
  children: ChildDto[];
  weekToDateEarned: string;
  monthToDateEarned: string;
  yearToDateEarned: string;
}

export interface ChildrenListDto extends FamilyClockDto {
  children: ChildDto[];
}

export interface CalendarDto {
  child: { id: string; displayName: string; profileImageUrl?: string };
  weekStart: IsoDate;
  assignments: AssignmentDto[];
}

/** One week of a child's earnings history: what the chores completed that week earned (after unticks). */
export interface EarningsWeekDto {
  /** The week's Sunday. */
  weekStart: IsoDate;
  amount: string;
  /** Chore-days completed that week. */
  completed: number;
}

/** GET /api/children/{id}/earnings-history?weeks=12: oldest week first, the current week last. */
export interface EarningsHistoryDto {
  childId: string;
  weeks: EarningsWeekDto[];
  total: string;
}

/** GET /api/child/assignments (`?weekStart=` picks another week for the calendar). */
export interface ChildAssignmentsDto extends FamilyClockDto {
  child: { id: string; displayName: string };
  /** The week shown; `weekStart` of the clock is always the current week. */
  shownWeekStart: IsoDate;
  assignments: AssignmentDto[];
  earnings: EarningsDto;
  completedCount: number;
  totalCount: number;
}

/** GET /api/child/continuous-assignments */
export interface ChildContinuousDto extends FamilyClockDto {
  assignments: AssignmentDto[];
}

export interface GenerateResultDto {
  weekStart: IsoDate;
  created: number;
  removed: number;
  kept: number;
}
