/**
 * Response shapes of the API (spec section 3). Money is a 2-decimal dollar string, dates are ISO
 * `YYYY-MM-DD` in the family's time zone, weekdays lowercase.
 */
import type { IsoDate, Weekday } from './time';
import type { Availability, DateRange, Rhythm, WhoDoesIt } from './planning';
import type { ChoreShortfall } from './shortfall';

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

// ---- Account area (issue 11, docs/account-api.md) ---------------------------------------------

/** GET /api/auth/parent-user; also the answer of parent login, sign-up and accepting an invitation. */
export interface ParentUserDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  familyId: string;
  timeZone: string;
  role: 'parent';
  /** False until the parent follows the link in the welcome e-mail: the screens show the banner. */
  emailVerified: boolean;
  /**
   * SES reported the address as undeliverable (a permanent bounce, issue 20): no weekly report goes
   * to it and the screens show a banner until the parent confirms an address.
   */
  emailUndeliverable: boolean;
  /** The family's currency, locale and jars (issue 22). */
  money: MoneySettingsDto;
}

/** GET /api/auth/child-user (also the answer of child login). */
export interface ChildUserDto {
  id: string;
  displayName: string;
  familyId: string;
  role: 'child';
  /** The family's currency, locale and jars (issue 22). */
  money: MoneySettingsDto;
}

/** A message for the screen to show (forgot password, resending a link, …). */
export interface MessageDto {
  message: string;
}

/** POST /api/auth/reset-password: the address to sign in with now (every session has ended). */
export interface PasswordResetDto extends MessageDto {
  email: string;
}

/** POST /api/auth/verify-email and /api/auth/confirm-email-change: the address now confirmed. */
export interface EmailConfirmedDto extends MessageDto {
  email: string;
  /** Whether this browser is signed in as the parent whose address it is (the page then links to /account). */
  signedIn: boolean;
  /**
   * When the link came from "Forgot password?" (an unconfirmed address): a password-reset token,
   * so the page goes straight on to choosing the new password (issue 18).
   */
  resetToken?: string;
}

/** A bonus, a deduction or the reversal of one (issue 19): a ledger entry, never edited. */
export interface LedgerEntryDto {
  id: string;
  childId: string;
  kind: 'bonus' | 'deduction' | 'reversal' | 'purchase' | 'withdrawal';
  /** Signed 2-decimal amount: "2.00" adds to what is owed, "-1.50" takes from it ("0.00": a purchase or a withdrawal). */
  amount: string;
  reason: string;
  at: string;
  date: IsoDate;
  by: string;
  /** A reversal: the entry it reverses. */
  reverses?: string;
  /** Issue 22: a goal's purchase (what it took from savings, what the family paid). */
  goal?: GoalPurchaseDto;
  /** Issue 22: money taken out of the spend or give jar. */
  withdrawal?: JarWithdrawalDto;
}

export interface GoalPurchaseDto {
  id: string;
  name: string;
  fromSavings: string;
  topUp: string;
}

export interface JarWithdrawalDto {
  jar: 'spend' | 'give';
  amount: string;
}

/** One event of the activity log (issue 19). */
export interface ActivityEventDto {
  id: string;
  kind: 'tick' | 'untick' | 'approve' | 'send-back' | 'bonus' | 'deduction' | 'reversal' | 'payout' | 'sunday-run' | 'goal-bought' | 'jar-withdrawal';
  at: string;
  by: { role: 'parent' | 'child' | 'system'; name: string };
  childId?: string;
  childName?: string;
  /** Signed 2-decimal change of what is owed, when there is one. */
  amount?: string;
  choreName?: string;
  date?: IsoDate;
  text?: string;
  method?: 'cash' | 'bank' | 'other';
  waiting?: boolean;
  /** A bonus or deduction this event recorded (its id, for reversing it). */
  entryId?: string;
  reverses?: string;
  /** Issue 22: a payout's split into the child's jars. */
  jars?: JarsDto;
  goal?: GoalPurchaseDto;
  withdrawal?: JarWithdrawalDto;
  /** The line as the log reads it. */
  summary: string;
}

export interface ActivityPageDto {
  events: ActivityEventDto[];
  /** The next (older) page's cursor; absent on the last page. */
  cursor?: string;
}

/** POST /api/auth/cancel-email-change: the pending change is dropped; `email` is the address that stays. */
export interface EmailChangeCancelledDto extends MessageDto {
  email: string | null;
}

/** POST /api/auth/invitation: what the invitation page shows before the form. */
export interface InvitationPreviewDto {
  /** The invited address: the new parent's login (not editable). */
  email: string;
  /** The parent who invited ("Alex Rivera"). */
  inviterName: string;
  /** The family's children by display name. */
  childNames: string[];
  /** ISO instant after which the invitation no longer works. */
  expiresAt: string;
}

/** GET /api/account (and the answer of every /api/account change). */
export interface AccountDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  /** Mail to the address bounced for good (issue 20): confirm it again or change it. */
  emailUndeliverable: boolean;
  /** A change of address waiting for the link sent to the new address; null when none. */
  pendingEmail: string | null;
  /** The weekly e-mail report is on (it is sent only while the address is confirmed). */
  weeklyReport: boolean;
  /** This parent created the family (or took it over when its creator left): may remove parents and delete it. */
  isOwner: boolean;
  /** The family's settings, with the Sunday run it is due for next (as `FamilySettingsDto` gives them after a change). */
  family: { id: string; timeZone: string; createdAt: string; nextRunWeekStart: IsoDate; nextRunAt: string; approvalByDefault: boolean; money: MoneySettingsDto };
}

/** PUT /api/family/time-zone: the family's clock in the new zone and the Sunday run it is now due for. */
export interface FamilySettingsDto extends FamilyClockDto {
  /** The Sunday whose week the next weekly run hands out. */
  nextRunWeekStart: IsoDate;
  /** When that run is due (ISO instant: the first whole UTC hour at or after local Sunday 00:00). */
  nextRunAt: string;
}

export interface ParentMemberDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  isOwner: boolean;
  /** The signed-in parent. */
  isYou: boolean;
  joinedAt: string;
}

export interface InvitationDto {
  id: string;
  email: string;
  /** The inviting parent's name. */
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/family/members */
export interface FamilyMembersDto {
  parents: ParentMemberDto[];
  /** Pending (not expired, not accepted, not revoked) invitations, newest first. */
  invitations: InvitationDto[];
  /** Whether the signed-in parent may remove parents and delete the family. */
  isOwner: boolean;
  limits: { maxParents: number; maxPendingInvitations: number };
}

/** DELETE /api/family: accepted; the family is gone within minutes (every session already ended). */
export interface FamilyDeletionDto {
  status: 'deleting';
  requestedAt: string;
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

/** GET /api/family/export: the whole family as one JSON file (no password hashes, tokens or sessions). */
export interface FamilyExportDto {
  format: 'chorequest-family-export';
  version: 1;
  exportedAt: string;
  /**
   * `pause`: the whole family's pause (issue 21), null when not paused. `currency` (ISO 4217) is the
   * currency of every amount in the file, `locale` how the family writes them (issue 22).
   */
  family: { id: string; timeZone: string; createdAt: string; pause: DateRange | null; currency: string; locale: string };
  parents: { id: string; firstName: string; lastName: string; email: string; emailVerified: boolean; weeklyReport: boolean; isOwner: boolean; joinedAt: string }[];
  invitations: { email: string; invitedBy: string; createdAt: string; expiresAt: string }[];
  children: (ChildProfileDto & { owed: string; createdAt: string })[];
  chores: ChoreDto[];
  /** Every dated assignment, with the chore as it was when assigned. */
  assignments: {
    id: string;
    childId: string;
    choreId: string;
    chore: { name: string; category: ChoreCategory; amount: string };
    weekStart: IsoDate;
    assignedDate: IsoDate;
    dayOfWeek: Weekday;
    source: AssignmentDto['source'];
    completedAt: string | null;
    earned: string;
    paid: boolean;
    /** Ticked by the child, waiting for a parent's OK (earned "0.00" until approved). */
    waiting: boolean;
  }[];
  continuousAssignments: {
    id: string;
    childId: string;
    choreId: string;
    daysOfWeek: Weekday[];
    /** The completions still kept in detail (about nine weeks; older ones live on in the earnings totals). */
    completions: { date: IsoDate; earned: string; completedAt: string; paid: boolean; waiting: boolean }[];
  }[];
  /** `jars`: the payout's spend/save/give split (issue 22), null when jars were off. */
  payouts: { childId: string; amount: string; paidAt: string; paidBy: string | null; part: boolean; method: 'cash' | 'bank' | 'other' | null; note: string | null; jars: JarsDto | null }[];
  /** Issue 22: each child's savings (what goals draw from) and jar balances (null: jars off). */
  savings: { childId: string; savings: string; jars: JarsDto | null }[];
  /** Issue 22: every savings goal, bought ones included, oldest first. */
  goals: {
    id: string;
    childId: string;
    name: string;
    icon: GoalIcon;
    target: string;
    topUpPercent: number;
    createdAt: string;
    createdBy: { role: 'parent' | 'child'; name: string };
    reachedAt: string | null;
    celebrated: boolean;
    bought: { at: string; by: string; fromSavings: string; topUp: string } | null;
  }[];
  /** Bonuses, deductions and reversals (issue 19), oldest first. */
  adjustments: LedgerEntryDto[];
  /** The activity log as kept (13 months), oldest first. */
  activity: ActivityEventDto[];
  earnings: {
    weeks: { childId: string; weekStart: IsoDate; earned: string; completions: number }[];
    months: { childId: string; month: string; earned: string; completions: number }[];
  };
}

// ---- Planner for real households (issue 21, shared/planning.ts) ---------------------------------

/** GET/PUT/DELETE /api/family/pause: the whole family's pause (a vacation); null when not paused. */
export interface FamilyPauseDto {
  pause: DateRange | null;
}

/** One child's part of a previewed week (POST /api/assignments/preview). */
export interface PlanPreviewChildDto {
  childId: string;
  displayName: string;
  /** Chore-days in the week (a daily chore on 5 home days counts 5). */
  count: number;
  /** What the week would pay if every chore-day were done (2-decimal string). */
  value: string;
  /** The seven days, Sunday first. */
  days: {
    date: IsoDate;
    weekday: Weekday;
    /** The child is away (availability calendar or family pause): nothing is given that day. */
    away: boolean;
    /** The parent's label of the away day ("At Dad's", "Paused"), when away. */
    awayLabel?: string;
    chores: { choreId: string; name: string; amount: string; firstWins: boolean; kept: boolean }[];
  }[];
  /** Continuous chores the child would hold. */
  continuous: { choreId: string; name: string; amount: string }[];
  /**
   * Categories whose one-child-at-a-time chores cannot fill the child's chore-settings count (issue 29):
   * the child gets fewer. Shown with shared/shortfall.ts `shortfallSentence`.
   */
  shortfalls: ChoreShortfall[];
}

/** POST /api/assignments/preview: what "Reassign Weekly Chores" (this week) or the Sunday job (next week) would give. */
export interface PlanPreviewDto {
  weekStart: IsoDate;
  /** The seed this plan came from: send it back to apply exactly this plan. */
  seed: string;
  /** The whole family is paused for the entire week: nothing is generated. */
  paused: boolean;
  children: PlanPreviewChildDto[];
  /** Chores that happen this week that no child can take, and why (shown as a conflict). */
  unassigned: { choreId: string; name: string; reason: 'no-child-at-home' | 'no-eligible-child' }[];
}

// ---- Saving toward something, in the family's own currency (issue 22, decision 054) -------------
//
// Every amount string below is the API's decimal string in the family's currency's decimals
// ("12.50", JPY "500", KWD "1.250"); screens format it with `formatAmount(amount, money)`.

/** A spend / save / give split in whole percent, summing to 100. */
export interface JarSplitDto {
  spend: number;
  save: number;
  give: number;
}

/**
 * GET/PUT /api/family/money: the family's currency (ISO 4217), the locale amounts are written in
 * (BCP 47) and its jar split (null: jars off). Also in `ParentUserDto.money` and `ChildUserDto.money`.
 */
export interface MoneySettingsDto {
  currency: string;
  locale: string;
  jars: JarSplitDto | null;
}

/** The icons a goal may have (MUI icons on screen; no uploads). */
export const GOAL_ICONS = ['toy', 'game', 'book', 'bike', 'ball', 'music', 'art', 'gift', 'treat', 'trip', 'phone', 'pet'] as const;
export type GoalIcon = (typeof GOAL_ICONS)[number];

/** A savings goal of a child. */
export interface GoalDto {
  id: string;
  childId: string;
  name: string;
  icon: GoalIcon;
  /** What it costs. */
  target: string;
  /** The family adds this percent of what the child saves toward it ("we add 50%"); 0 for none. */
  topUpPercent: number;
  /** What the child must save themselves: target ÷ (1 + top-up), rounded up to the minor unit. */
  childShare: string;
  /** What the child has saved toward it so far (its part of the savings, oldest goal first), at most `childShare`. */
  saved: string;
  /** `saved` plus the top-up it earns: the progress toward `target` (at most `target`). */
  progress: string;
  /** 0–100, rounded down (100 only when reached). */
  percent: number;
  /**
   * "About N more weeks at this pace": whole weeks to save the rest at the average weekly saving of
   * the last 4 weeks (the save jar's share of it when jars are on); null when reached, bought, or
   * nothing was saved in those weeks.
   */
  weeksToGo: number | null;
  status: 'saving' | 'reached' | 'bought';
  createdAt: string;
  createdBy: { role: 'parent' | 'child'; name: string };
  /** When progress first reached the target. */
  reachedAt?: string;
  /** The child has seen the celebration (it shows once, on any device). */
  celebrated: boolean;
  /** A bought goal: when, by whom, and how it was paid. */
  bought?: {
    at: string;
    by: string;
    fromSavings: string;
    topUp: string;
    /** Jars off: the part of `fromSavings` that was still owed; the purchase settled it, so what is owed went down by as much. */
    fromOwed?: string;
  };
}

/** The three jars' balances (jars on). */
export interface JarsDto {
  spend: string;
  save: string;
  give: string;
}

/**
 * GET /api/children/{id}/money (a parent, or that child) and GET /api/child/money (the signed-in
 * child): a child's savings, jars and goals.
 */
export interface ChildMoneyDto {
  childId: string;
  displayName: string;
  money: MoneySettingsDto;
  /** Jar balances; null when the family has jars off. */
  jars: JarsDto | null;
  /** What goals draw from: the save jar (jars on) or what was earned since saving began (jars off), less what goals spent. */
  savings: string;
  /** Average weekly saving over the last 4 full weeks (the pace `weeksToGo` uses). */
  weeklyPace: string;
  /** Active goals oldest first, then bought ones newest first (the last 10). */
  goals: GoalDto[];
}

/** POST /api/children/{id}/goals and /api/child/goals: a new goal. */
export interface GoalInputDto {
  name: string;
  target: string;
  icon: GoalIcon;
  /** Parents only (a child's goal starts with none; a parent may add it later). */
  topUpPercent?: number;
}

/** POST /api/children/{id}/jars/{jar}/withdrawal: money taken out of the spend or give jar (spent, given). */
export interface JarWithdrawalInputDto {
  amount: string;
  note?: string;
}
