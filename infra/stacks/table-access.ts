/**
 * Least privilege on the table (issue 10, item 14): the DynamoDB actions each HTTP function's
 * routes use, and the credential and counter partitions it may touch. Every other action is not
 * granted; every other protected partition is explicitly denied (IAM `dynamodb:LeadingKeys`), so
 * e.g. the reports function can read its family's data but never a login record or a password hash.
 * test/infra/stack.test.ts holds the synthesized policies to this table.
 */
import { PARTITIONS } from '../../functions/data/keys';
import type { Domain } from '../../shared/routes';

/** Item-level data actions; what grantReadWriteData would give minus Scan, DescribeTable and streams. */
export const TABLE_DATA_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;
export type TableAction = (typeof TABLE_DATA_ACTIONS)[number];

/** Partitions that hold credentials or abuse counters: no function reaches them unless listed. */
export const PROTECTED_PARTITIONS = {
  parentLogins: PARTITIONS.parentLogin,
  childLogins: PARTITIONS.childLogin,
  throttles: PARTITIONS.throttle,
} as const;
export type ProtectedPartition = keyof typeof PROTECTED_PARTITIONS;

export interface TableAccess {
  readonly actions: readonly TableAction[];
  readonly protectedPartitions: readonly ProtectedPartition[];
}

// Every signed-in request reads the caller's session record (GetItem), so every function reads.
const READ = ['dynamodb:GetItem', 'dynamodb:Query'] as const;

export const HTTP_TABLE_ACCESS: Record<Domain, TableAccess> = {
  // Sign-up (transaction of puts), sign-in (login records, session records, throttle counters), logout;
  // the signed-out account links: reset (login), verification, address change (moves the login),
  // invitations (the children's names for the invitation page; accepting puts a login, with a
  // ConditionCheck that the inviter is still a parent: issue 17).
  auth: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'], protectedPartitions: ['parentLogins', 'childLogins', 'throttles'] },
  // Profiles, settings, Reset Earnings, deleting a child (its login too), setting a login (address-limited).
  children: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: ['childLogins', 'throttles'] },
  // The master list; deleting a chore removes its pending assignments in batches.
  chores: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'], protectedPartitions: [] },
  // Assignments, ticks (transactions), clearing a week, and Reassign Weekly Chores (batched generation).
  assignments: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'], protectedPartitions: [] },
  dashboard: { actions: READ, protectedPartitions: [] },
  // A child's own view and its ticks (a transaction that also claims or frees the chore-day marker).
  child: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: [] },
  reports: { actions: READ, protectedPartitions: [] },
  // The parent's own account: names, password and address changes (their login records), the
  // weekly report setting, verification links; password checks count against the sign-in limits.
  account: { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: ['parentLogins', 'throttles'] },
  // Time zone, co-parents (invitations check and remove parent logins), leaving, deleting the family.
  family: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: ['parentLogins', 'throttles'] },
  // Reads the family's partition for the download files; writes nothing.
  export: { actions: READ, protectedPartitions: [] },
  // Issue 32: a person's push devices and reminder settings, and the reminder index item.
  push: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: [] },
  // Issue 32, the family board: every child's today, a child's PIN sign-in (counted per board and
  // per child), their ticks (the child's transaction), signing them in and out on the board item.
  board: { actions: [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: ['throttles'] },
};

/** The reminder functions (infra/stacks/reminders.ts, issue 32). */
export const REMINDER_TABLE_ACCESS = {
  // Reads the reminder index, nothing else.
  dispatcher: { actions: ['dynamodb:Query'], protectedPartitions: [] },
  // Reads the family, the person, their devices and sessions, the child's day or the waiting ticks;
  // deletes gone devices, moves the reminder to its next slot.
  worker: { actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], protectedPartitions: [] },
} as const satisfies Record<string, TableAccess>;

/** The Sunday job's functions (infra/stacks/weekly-job.ts); neither touches a protected partition. */
export const JOB_TABLE_ACCESS = {
  // It reads the due-family index, nothing else.
  dispatcher: { actions: ['dynamodb:Query'], protectedPartitions: [] },
  // Claim and advance the family, read its week, write assignments (batches and conditional deletions),
  // list the parents who want the weekly report and clear the family's reportWeek once they are queued.
  worker: { actions: ['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], protectedPartitions: [] },
  // The report mailer (infra/stacks/report-mail.ts): read the family and the parent, query the week
  // for the report, claim the parent's report (put) or give the claim back (delete).
  reportMailer: { actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], protectedPartitions: [] },
} as const satisfies Record<string, TableAccess>;

/** The family deletion job's functions (infra/stacks/family-deletion.ts). */
export const DELETION_TABLE_ACCESS = {
  // Reads the family and its partition, ends its sessions, deletes its items (batches) and the logins
  // that name its children and parents (each conditional on still naming them).
  worker: { actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'], protectedPartitions: ['parentLogins', 'childLogins'] },
  // Reads the deletion index, nothing else.
  sweeper: { actions: ['dynamodb:Query'], protectedPartitions: [] },
} as const satisfies Record<string, TableAccess>;
