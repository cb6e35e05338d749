/**
 * Chores, assignments, children, the dashboard and the child's week (spec section 3). Money is the API's decimal string, dates are ISO `YYYY-MM-DD` in the family's time
 * zone, weekdays lowercase. Read through shared/api-types.ts.
 */
import type { Availability, Rhythm, WhoDoesIt } from '../planning';
import type { IsoDate, Weekday } from '../time';
import type { JarsDto } from './savings';

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
  /** A child's tick waits for a parent's OK before it counts (issue 19). */
  needsApproval: boolean;
  createdAt: string;
  /** How often it happens besides its category's default (issue 21); absent: the category decides. */
  rhythm?: Rhythm;
  /** Who does it (issue 21); absent: one child at a time, balanced by the planner. */
  who?: WhoDoesIt;
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
  /**
   * The tick (a continuous chore's: today's) waits for a parent's OK (issue 19): done, but not yet
   * in any earnings. `isCompleted` is true as well.
   */
  waiting: boolean;
  /** Continuous: the dates of the requested week whose ticks wait (a subset of completedDates). Dated: [] or [its completion date]. */
  waitingDates: IsoDate[];
  /** Offered to several children, the first tick takes it for the day (issue 21). */
  firstWins: boolean;
  /** A first-wins chore-day another child took: it cannot be ticked ("Done by Liam"). null otherwise. */
  takenBy: { childId: string; displayName: string } | null;
  /** A parent sent the chore back to do: their note ("" when they gave none), shown until it is ticked again; null when not sent back. */
  sentBackNote: string | null;
  /**
   * The child may still take the tick back themselves: it waits for an OK, or (a chore without
   * approval) it was ticked today and no parent has approved it. False when not ticked.
   */
  canTakeBack: boolean;
  /**
   * False for a day before its assignment was made (issue 29: a family that starts on a Friday, a chore
   * assigned by hand mid-week): never due, missed or counted; the child's list leaves it out, the calendar shows it as planned, never missed.
   * An ongoing chore: whether it is due today (an active weekday, the child home and the family not paused), or ticked today.
   */
  isDue: boolean;
  /**
   * An ongoing chore only: the dates of the answer's week it is due on (its active weekdays from the day
   * it was assigned, except the days the child is away or the family paused: issue 29 point 7). Absent on dated ones.
   */
  dueDates?: IsoDate[];
}

/** One tick waiting for a parent's OK (GET /api/family/approvals). */
export interface ApprovalItemDto {
  /** The assignment to approve or send back (POST /api/assignments/{id}/approve, /send-back). */
  assignmentId: string;
  choreId: string;
  choreName: string;
  /** The chore-day ticked (pass it as `date` for an ongoing chore). */
  date: IsoDate;
  /** What approving adds to what is owed. */
  amount: string;
  tickedAt: string;
  isContinuous: boolean;
}

/** GET /api/family/approvals: every tick waiting for a parent's OK, per child (children without any left out), oldest first. */
export interface ApprovalsDto {
  count: number;
  children: { childId: string; displayName: string; items: ApprovalItemDto[] }[];
}

/** POST /api/children/{id}/approve-all */
export interface ApproveAllDto {
  childId: string;
  approved: number;
  /** What the approvals added to what is owed. */
  amount: string;
}

/** PUT /api/family/approvals */
export interface ApprovalSettingsDto {
  /** New chores need a parent's OK unless the dialog says otherwise. */
  approvalByDefault: boolean;
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
  /** The child has signed in at least once (the dashboard's getting-started guide ticks it off). */
  hasSignedIn: boolean;
  /** Issue 32: a parent set a PIN, so the child can sign in on the family board (the PIN itself is never answered). */
  hasPin: boolean;
  /** When the child is away (issue 21); empty when always home. */
  availability: Availability;
}

export interface ChildDto extends ChildProfileDto {
  /** Owed: earned since the last Reset Earnings (what a parent would pay out now). */
  weeklyEarnings: string;
  earnedToday: string;
  weekToDateEarned: string;
  monthToDateEarned: string;
  yearToDateEarned: string;
  /**
   * Issue 29 point 12: set when Reset Earnings paid this child out during this week. The week's
   * figures count from it (weekToDateEarned is what was earned since); `earnedBefore` is what the
   * week had earned before it, so the two add up to the weekly report's "earned this week".
   */
  weekSinceReset?: { date: string; earnedBefore: string };
  /** This week (since the last reset): completed / assigned; a continuous chore counts once, done if done any day. */
  completedCount: number;
  totalCount: number;
  /** Today: completed / assigned (today's dated chores plus continuous ones active today). */
  todayCompletedCount: number;
  todayTotalCount: number;
  lastPayout?: PayoutDto;
  /** Ticks of this child waiting for a parent's OK (any week). */
  waitingCount: number;
  /** This week's dated assignments and all continuous assignments, with the chore embedded. */
  assignments: AssignmentDto[];
  /** This week's days the child is away (availability or family pause), with the label to show. */
  awayDays: AwayDayDto[];
  /** Issue 32: days in a row with everything done (functions/domain/streaks.ts). */
  streak: StreakDto;
}

/**
 * Issue 32: a child's streak, days in a row with everything due done. Away and paused days, and days
 * with nothing due, neither break it nor count; today counts once all of it is done, and breaks
 * nothing while it is not over.
 */
export interface StreakDto {
  days: number;
  /** Today had something due and all of it is done (the "All done for today!" moment). */
  doneToday: boolean;
}

/** A day a child is away (issue 21). */
export interface AwayDayDto {
  date: IsoDate;
  /** "At Dad's", "School trip", "Paused", or "Away" when the parent gave no label. */
  label: string;
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
  /** Issue 29: a week not handed out yet (next week): the assignments are the plan its Sunday job will write if nothing changes. */
  planned?: boolean;
  assignments: AssignmentDto[];
  /** The shown week's away days of the child (issue 21). */
  awayDays: AwayDayDto[];
}

/** One week of a child's earnings history: what the chores completed that week earned (after unticks). */
export interface EarningsWeekDto {
  /** The week's Sunday. */
  weekStart: IsoDate;
  amount: string;
  /** Chore-days completed that week. */
  completed: number;
  /** Issue 22: paid out that week (payouts made in it). */
  paid: string;
  /** Issue 22: put in the save jar that week (jars on; "0.00" otherwise). */
  saved: string;
  /** Issue 22: put in the give jar that week (jars on; "0.00" otherwise). */
  gave: string;
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
  /** The shown week's days the child is away (issue 21). */
  awayDays: AwayDayDto[];
  /** Issue 32: the child's streak today (whichever week is shown). */
  streak: StreakDto;
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

/** Reset Earnings' payout, and who made it (the payout ledger). */
export interface PayoutDto {
  amount: string;
  paidAt: string;
  /** The parent who reset earnings, as named then; absent for payouts made before co-parents. */
  paidBy?: string;
  /** Issue 22: the payout's split into the child's jars (Reset Earnings' answer, jars on). */
  jars?: JarsDto;
}
