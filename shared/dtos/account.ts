/**
 * The account area (issue 11, docs/account-api.md): parents, invitations, the ledger, activity, export. Money is the API's decimal string, dates are ISO `YYYY-MM-DD` in the family's time
 * zone, weekdays lowercase. Read through shared/api-types.ts.
 */
import type { DateRange } from '../planning';
import type { IsoDate, Weekday } from '../time';
import type { ApprovalsDto, AssignmentDto, ChildAssignmentsDto, ChildContinuousDto, ChildProfileDto, ChoreCategory, ChoreDto, DashboardDto, EarningsHistoryDto, FamilyClockDto } from './core';
import type { ChildMoneyDto, GoalDto, JarsDto, MoneySettingsDto } from './savings';

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

/**
 * What GET /api/child/assignments answers since issue 31: the child's dashboard in one call, from
 * the reads the week already makes: the week (ChildAssignmentsDto, the spec's answer), plus who is
 * signed in (as GET /api/auth/child-user) and the ongoing chores (as GET /api/child/continuous-assignments).
 */
export interface ChildScreenDto extends ChildAssignmentsDto {
  user: ChildUserDto;
  continuous: ChildContinuousDto;
  /** On the dashboard's first call (this week, asking for the whole screen: shared/start-data.ts SCREEN_HEADER): the savings, jars and goals, as GET /api/child/money answers them. */
  money?: ChildMoneyDto;
  /** On the dashboard's first call (as `money`): the first page of the child's own log, as GET /api/child/activity answers it. */
  activity?: ActivityPageDto;
}

/**
 * What GET /api/dashboard answers since issue 31: the parent's dashboard and children page in one
 * call. The dashboard (DashboardDto, the spec's answer; its `children` are GET /api/children's
 * answer), plus who is signed in (as GET /api/auth/parent-user; absent when the parent's item is
 * gone, and the client asks parent-user, which says the session ended), the chores (as GET
 * /api/chores), the ticks waiting for an OK (as GET /api/family/approvals) and every child's
 * earnings of the last 12 weeks (as GET /api/children/{id}/earnings-history, the children's order).
 */
export interface ParentScreenDto extends DashboardDto {
  user?: ParentUserDto;
  chores: ChoreDto[];
  approvals: ApprovalsDto;
  earningsHistories: EarningsHistoryDto[];
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
  goals: (Pick<GoalDto, 'id' | 'childId' | 'name' | 'icon' | 'target' | 'topUpPercent' | 'createdAt' | 'createdBy' | 'celebrated'> & {
    reachedAt: string | null;
    bought: { at: string; by: string; fromSavings: string; topUp: string } | null;
  })[];
  /** Bonuses, deductions and reversals (issue 19), oldest first. */
  adjustments: LedgerEntryDto[];
  /** The activity log as kept (13 months), oldest first. */
  activity: ActivityEventDto[];
  earnings: {
    weeks: { childId: string; weekStart: IsoDate; earned: string; completions: number }[];
    months: { childId: string; month: string; earned: string; completions: number }[];
  };
}
