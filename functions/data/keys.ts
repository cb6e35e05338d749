/**
 * Every DynamoDB key is built here. A family's data lives in the family's partition
 * (`FAMILY#<id>`); login records live in their own partitions so that uniqueness is a conditional
 * put. See docs/data-model.md for the access patterns.
 *
 * Each builder is an export of its own, read through the module's namespace
 * (`import * as keys from './keys'`, then `keys.child(...)`): a Lambda's bundle then holds only the
 * builders it calls (one object of them put all of them in each of the 16 bundles).
 */
export const normaliseEmail = (email: string): string => email.trim().normalize('NFKC').toLowerCase();
export const normaliseUsername = (username: string): string => username.trim().normalize('NFKC').toLowerCase();

/**
 * Partition key prefixes. The credential and counter partitions are named here once so that the
 * stack (infra/stacks/table-access.ts) can deny them to every function that has no business there.
 */
export const PARTITIONS = {
  family: 'FAMILY#',
  parentLogin: 'PARENTLOGIN#',
  childLogin: 'CHILDLOGIN#',
  throttle: 'THROTTLE#',
} as const;

const fam = (familyId: string) => `${PARTITIONS.family}${familyId}`;

export const family = (familyId: string) => ({ PK: fam(familyId), SK: 'PROFILE' });
export const parent = (familyId: string, parentId: string) => ({ PK: fam(familyId), SK: `PARENT#${parentId}` });
export const parentPrefix = 'PARENT#';
/**
 * A link token's record (password reset, address verification, address change), keyed by the
 * SHA-256 of the token's secret: the secret itself is never stored (functions/lib/link-tokens.ts).
 */
export const linkToken = (familyId: string, secretHash: string) => ({ PK: fam(familyId), SK: `TOKEN#${secretHash}` });
export const linkTokenPrefix = 'TOKEN#';
/** A pending co-parent invitation, keyed by its token's hash like the other links. */
export const invitation = (familyId: string, secretHash: string) => ({ PK: fam(familyId), SK: `INVITE#${secretHash}` });
export const invitationPrefix = 'INVITE#';
/** The family's open invitations and its parents in one Query (`INVITE#` … `PARENT#~` sort next to each other). */
export const membersRange = (): [string, string] => ['INVITE#', 'PARENT#~'];
/** Claimed before a parent's weekly e-mail report for a week is sent: each report goes out at most once. */
export const reportSent = (familyId: string, weekStart: string, parentId: string) => ({ PK: fam(familyId), SK: `REPORT#${weekStart}#${parentId}` });
/**
 * GSI2 (sparse), families being deleted: the deletion job's sweeper finds any whose deletion has
 * not finished (a lost message, a dead letter) and queues it again. Few at a time: one partition.
 */
export const familyDeletionIndex = 'FAMILYDELETION';
export const familyDeletionSort = (requestedAt: string, familyId: string) => `${requestedAt}#FAMILY#${familyId}`;
export const parentLogin = (email: string) => ({ PK: `${PARTITIONS.parentLogin}${normaliseEmail(email)}`, SK: 'LOGIN' });
export const childLogin = (username: string) => ({ PK: `${PARTITIONS.childLogin}${normaliseUsername(username)}`, SK: 'LOGIN' });
/** A rate-limit counter: one partition per (limit, subject), one item per fixed window (TTL). */
export const throttle = (limit: string, subject: string, window: number) => ({ PK: `${PARTITIONS.throttle}${limit}#${subject}`, SK: `W#${window}` });
/** A family board (issue 32, decision 062): a device set up to show every child's today. */
export const board = (familyId: string, boardId: string) => ({ PK: fam(familyId), SK: `BOARD#${boardId}` });
export const boardPrefix = 'BOARD#';
export const child = (familyId: string, childId: string) => ({ PK: fam(familyId), SK: `CHILD#${childId}` });
export const childPrefix = 'CHILD#';
export const chore = (familyId: string, choreId: string) => ({ PK: fam(familyId), SK: `CHORE#${choreId}` });
export const chorePrefix = 'CHORE#';
/**
 * The family's children, chores and continuous assignments in one Query (`CHILD#` … `CONT#~`: the
 * three kinds sort next to each other, with no other kind between them).
 */
export const coreRange = (): [string, string] => ['CHILD#', 'CONT#~'];
/** Dated assignment; the id encodes its key so a lookup is one GetItem in the caller's family. */
export const assignment = (familyId: string, ref: DatedRef) => ({ PK: fam(familyId), SK: `ASSIGN#${ref.weekStart}#${ref.childId}#${ref.suffix}` });
export const assignmentPrefix = 'ASSIGN#';
export const weekAssignmentsPrefix = (weekStart: string, childId?: string) => `ASSIGN#${weekStart}#${childId ? `${childId}#` : ''}`;
/** Dated assignments of the weeks from `fromWeek` through `toWeek` (both Sundays). */
export const weeksAssignmentsRange = (fromWeek: string, toWeek: string): [string, string] => [`ASSIGN#${fromWeek}#`, `ASSIGN#${toWeek}#~`];
/** Dated assignments of `weekStart` and every later week. */
export const assignmentsFromWeek = (weekStart: string): [string, string] => [`ASSIGN#${weekStart}`, 'ASSIGN#~'];
export const continuous = (familyId: string, childId: string, choreId: string) => ({ PK: fam(familyId), SK: `CONT#${childId}#${choreId}` });
export const continuousPrefix = (childId?: string) => `CONT#${childId ? `${childId}#` : ''}`;
export const monthEarnings = (familyId: string, month: string, childId: string) => ({ PK: fam(familyId), SK: `EARN#M#${month}#${childId}` });
/** The month aggregates of one year (`YYYY`), every child. */
export const yearMonthEarningsRange = (year: string): [string, string] => [`EARN#M#${year}-01#`, `EARN#M#${year}-12#~`];
export const weekEarnings = (familyId: string, weekStart: string, childId: string) => ({ PK: fam(familyId), SK: `EARN#W#${weekStart}#${childId}` });
/** The week aggregates of one week, every child. */
export const weekEarningsPrefix = (weekStart: string) => `EARN#W#${weekStart}#`;
/** The week aggregates of the weeks from `fromWeek` through `toWeek`. */
export const weeksEarningsRange = (fromWeek: string, toWeek: string): [string, string] => [`EARN#W#${fromWeek}#`, `EARN#W#${toWeek}#~`];
export const payout = (familyId: string, paidAt: string, childId: string) => ({ PK: fam(familyId), SK: `PAYOUT#${paidAt}#${childId}` });
/** Payouts paid from `fromIso` through `toIso` (ISO instants; one paid at `toIso` exactly included). */
export const payoutsRange = (fromIso: string, toIso: string): [string, string] => [`PAYOUT#${fromIso}`, `PAYOUT#${toIso}~`];
/** A bonus, deduction or reversal (decision 049): written once, never edited or deleted. */
export const ledgerEntry = (familyId: string, at: string, entryId: string) => ({ PK: fam(familyId), SK: `LEDGER#${at}#${entryId}` });
export const ledgerPrefix = 'LEDGER#';
/**
 * A child's savings goal (issue 22): one Query of `GOAL#<childId>#` lists the child's goals; also on
 * GSI1 under its child, so deleting the child deletes its goals.
 */
export const goal = (familyId: string, childId: string, goalId: string) => ({ PK: fam(familyId), SK: `GOAL#${childId}#${goalId}` });
export const goalPrefix = (childId: string) => `GOAL#${childId}#`;
/** Claimed by the one reversal an entry may have (the entry itself is never edited). */
export const ledgerReversal = (familyId: string, entryId: string) => ({ PK: fam(familyId), SK: `REVERSED#${entryId}` });
/** One event of the activity log (decision 049), newest last in sort order; TTL after 13 months. */
export const activity = (familyId: string, at: string, eventId: string) => ({ PK: fam(familyId), SK: `LOG#${at}#${eventId}` });
export const activityPrefix = 'LOG#';
/** A chore-day done: claimed by the completion that did it, so no chore-day is done (or paid) twice. */
export const choreDay = (familyId: string, childId: string, date: string, choreId: string) => ({ PK: fam(familyId), SK: `DONE#${childId}#${date}#${choreId}` });
/**
 * A first-wins chore-day taken for the whole family (issue 21, data/planning/first-wins.ts): claimed by the
 * tick that takes it (whichever child), given back by its untick or send-back.
 */
export const takenChoreDay = (familyId: string, choreId: string, date: string) => ({ PK: fam(familyId), SK: `TAKEN#${choreId}#${date}` });
/**
 * A tick waiting for a parent's OK (issue 19): written with the tick, deleted when it is approved,
 * sent back or taken back. The approvals card is one Query of the family's `WAIT#` items; a
 * continuous assignment's deletion finds its own by prefix.
 */
export const waiting = (familyId: string, childId: string, choreId: string, date: string) => ({ PK: fam(familyId), SK: `WAIT#${childId}#${choreId}#${date}` });
export const waitingPrefix = (childId?: string, choreId?: string) => `WAIT#${childId ? `${childId}#${choreId ? `${choreId}#` : ''}` : ''}`;
/** A user's live sessions and credential stamp (functions/data/family/sessions.ts). */
export const sessions = (familyId: string, userId: string) => ({ PK: fam(familyId), SK: `SESSIONS#${userId}` });
export const sessionsPrefix = 'SESSIONS#';
// Issue 32: Web Push devices (one per person and browser) and the reminder index (data/push/).
export const pushDevice = (familyId: string, userId: string, deviceId: string) => ({ PK: fam(familyId), SK: `PUSH#${userId}#${deviceId}` });
export const pushDevicesPrefix = (userId: string) => `PUSH#${userId}#`;
export const reminder = (familyId: string, kind: 'CHILD' | 'PARENT', personId: string) => ({ PK: fam(familyId), SK: `REMIND#${kind}#${personId}` });
/** The sparse reminder index on GSI2: the 15-minute UTC slot of a person's next reminder, sharded. */
export const REMINDER_SHARDS = 32;
export const reminderIndex = (slot: string, shard: number) => `REMINDERS#${slot}#${shard}`;
export const reminderIndexSort = (familyId: string, kind: 'CHILD' | 'PARENT', personId: string) => `FAMILY#${familyId}#${kind}#${personId}`;
export const familyPk = fam;
/**
 * GSI2 (sparse): families by the UTC day of their next weekly run, spread over shards so that
 * advancing a whole time zone at once never makes one hot partition (see docs/capacity.md).
 */
export const weeklyRunIndex = (utcDay: string, shard: number) => `WEEKLYRUN#${utcDay}#${shard}`;
/** GSI2 before sharding: still read by the dispatcher, emptied as each family next runs. */
export const legacyWeeklyRunIndex = (utcDay: string) => `WEEKLYRUN#${utcDay}`;
export const weeklyRunSort = (dueHour: string, familyId: string) => `${dueHour}#FAMILY#${familyId}`;
/** GSI1: everything that belongs to one child, for deleting a child without a scan. */
export const childIndex = (childId: string, sk: string) => ({ GSI1PK: `CHILD#${childId}`, GSI1SK: sk });
export const childIndexPk = (childId: string) => `CHILD#${childId}`;
/** The child item's own GSI1 sort key (its profile). */
export const childIndexProfile = 'PROFILE';

/** A dated assignment's id is `<weekStart>.<childId>.<suffix>`; continuous ones are `c.<childId>.<choreId>`. */
export interface DatedRef {
  weekStart: string;
  childId: string;
  suffix: string;
}
export const datedId = (ref: DatedRef): string => `${ref.weekStart}.${ref.childId}.${ref.suffix}`;
export const continuousId = (childId: string, choreId: string): string => `c.${childId}.${choreId}`;

const SAFE = /^[A-Za-z0-9_-]{1,80}$/;
export type ParsedAssignmentId =
  | { kind: 'dated'; ref: DatedRef }
  | { kind: 'continuous'; childId: string; choreId: string };

export function parseAssignmentId(id: string): ParsedAssignmentId | null {
  const parts = id.split('.');
  if (parts.length !== 3 || !parts.every((p) => SAFE.test(p))) return null;
  const [a, b, c] = parts as [string, string, string];
  if (a === 'c') return { kind: 'continuous', childId: b, choreId: c };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(a)) return null;
  return { kind: 'dated', ref: { weekStart: a, childId: b, suffix: c } };
}

export const ITEM_TYPES = {
  family: 'Family',
  parent: 'Parent',
  parentLogin: 'ParentLogin',
  childLogin: 'ChildLogin',
  throttle: 'Throttle',
  child: 'Child',
  chore: 'Chore',
  assignment: 'Assignment',
  continuous: 'ContinuousAssignment',
  monthEarnings: 'MonthEarnings',
  weekEarnings: 'WeekEarnings',
  payout: 'Payout',
  sessions: 'Sessions',
  choreDay: 'ChoreDay',
  linkToken: 'LinkToken',
  invitation: 'Invitation',
  reportSent: 'ReportSent',
  ledgerEntry: 'LedgerEntry',
  ledgerReversal: 'LedgerReversal',
  activity: 'ActivityEvent',
  waiting: 'WaitingTick',
  takenChoreDay: 'TakenChoreDay',
  goal: 'Goal',
  pushDevice: 'PushDevice',
  reminder: 'Reminder',
  board: 'Board',
} as const;
