/**
 * Parents, families and login records. Uniqueness of parent emails and child usernames is held by
 * conditional puts on their own partitions inside transactions, never read-then-write.
 */
import type { ParentPlan } from '../../domain/reminders';
import { randomUUID } from 'node:crypto';
import type { DateRange } from '../../../shared/planning';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db';
import { nextWeeklyRun } from '../../domain/weekly-run';
import { weeklyRunIndexKeys } from '../planning/weekly-run-index';
import * as keys from '../keys';
import { ITEM_TYPES, normaliseEmail } from '../keys';
import { isConditionFailure, queryAll } from '../query';
import { transact, transactIfUnchanged } from '../transact';
import { newCredentialStamp } from './sessions';

export interface FamilyItem {
  familyId: string;
  timeZone: string;
  createdAt: string;
  nextRunWeekStart?: string;
  /** Set by the local demo seed (infra/local/seed.ts) once the demo family is complete. */
  demoSeeded?: boolean;
  /**
   * The parent who may remove parents and delete the family: its creator, or the parent who joined
   * first once the creator left. Absent on families made before co-parents, which then have one
   * parent (the first invitation records them).
   */
  ownerId?: string;
  /** New chores need a parent's OK before a child's tick counts (issue 19; absent: no). */
  approvalByDefault?: boolean;
  /** Parents in the family (absent: 1, families made before co-parents). */
  parentCount?: number;
  /** The parents who turned the weekly e-mail report on (a string set the Sunday worker reads with its claim). */
  reportParents?: Set<string>;
  /** A week whose weekly e-mail reports are not all sent yet (set by the worker's commit, cleared after sending). */
  reportWeek?: string;
  /** Set when the owner asked to delete the family; the deletion job removes everything, this item last. */
  deletion?: FamilyDeletion;
  genClaim?: { token: string; until: number };
  /** The whole family's pause, a vacation (issue 21, data/family/household-settings.ts; absent: not paused). */
  pause?: DateRange;
  /** The family's currency, ISO 4217 (issue 22; absent: USD). Changing it relabels every amount, it converts nothing. */
  currency?: string;
  /** The BCP 47 locale amounts are written in (issue 22; absent: en-US). */
  locale?: string;
  /** The spend / save / give split applied at each payout, whole percent summing to 100 (issue 22; absent: jars off). */
  jars?: { spend: number; save: number; give: number };
  /**
   * Goals ever set in the family (issue 29 point 14): each new goal adds one in its own transaction,
   * conditional on jars being as the request read them, and turning jars on or off is conditional on
   * this count as read with its check that no child saves toward a goal. So of a goal and a switch at
   * the same moment, one loses (data/money/goals.ts createGoal, data/family/money-settings.ts setFamilyMoney).
   */
  goalsMade?: number;
}

/** A family's money settings with the defaults of families made before issue 22. */
export const familyMoney = (f: Pick<FamilyItem, 'currency' | 'locale' | 'jars'>): { currency: string; locale: string; jars: { spend: number; save: number; give: number } | null } => ({
  currency: f.currency ?? 'USD',
  locale: f.locale ?? 'en-US',
  jars: f.jars ?? null,
});

export interface FamilyDeletion {
  requestedAt: string;
  requestedBy: string;
  /** Where the "your family was deleted" e-mail goes once everything is gone (when the address was confirmed). */
  notify?: { email: string; firstName: string };
  /** Set once that e-mail was sent, so a retried last step does not send it twice. */
  notified?: boolean;
}

export interface ParentItem {
  parentId: string;
  familyId: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  /** The address has been proven by following a link sent to it (absent: not yet). */
  emailVerified?: boolean;
  emailVerifiedAt?: string;
  /** An address change waiting for the link sent to the new address. */
  pendingEmail?: string;
  /** Epoch seconds: when that link stops working. */
  pendingEmailUntil?: number;
  /** The weekly e-mail report is on (absent: off). */
  weeklyReport?: boolean;
  /** The parent who invited this one (absent for the family's creator). */
  invitedBy?: string;
  /**
   * SES reported a permanent bounce for `email` (issue 20, decision 051): no weekly report goes to
   * it and the parent sees a banner. Removed when the parent confirms an address (account-links.ts).
   */
  emailUndeliverable?: { at: string; reason: string };
  /** Issue 32: which reminders reach the parent's devices, and quiet hours (absent: the defaults; data/push/reminders.ts). */
  push?: ParentPlan;
}

/** Whether a parent may remove parents and delete the family (decision 041). */
export const isOwner = (family: Pick<FamilyItem, 'ownerId'>, parentId: string): boolean => (family.ownerId ? family.ownerId === parentId : true);

/** "Alex Rivera", or the address when no name was given. */
export const parentName = (p: Pick<ParentItem, 'firstName' | 'lastName' | 'email'>): string => [p.firstName, p.lastName].map((n) => n.trim()).filter(Boolean).join(' ') || p.email;

/** The most parents a family can have: bounds every transaction that touches all of them. */
export const MAX_PARENTS = 10;

export interface ParentLoginItem {
  parentId: string;
  familyId: string;
  email: string;
  passwordHash: string;
  /** Changes with the credentials; a session may start only under the current one (data/family/sessions.ts). */
  stamp?: string;
}

export interface ChildLoginItem {
  childId: string;
  familyId: string;
  username: string;
  passwordHash: string;
  stamp?: string;
}

/** A new family's three items; `'email-taken'` when the address already has an account (nothing written). */
export type NewAccount = { parent: ParentItem; family: FamilyItem; login: ParentLoginItem };

export async function createParentAccount(input: {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  timeZone: string;
  /** Issue 22: the family's currency and locale (sign-up's, from the browser; absent: US dollars in US style). */
  currency?: string;
  locale?: string;
  now: Date;
  /** Only the local demo seed: its address is shown as confirmed (no welcome link to follow). */
  emailVerified?: boolean;
  /** Only the local demo seed: fixed ids, so the demo comes out the same on every first start. */
  ids?: { familyId: string; parentId: string };
}): Promise<NewAccount | 'email-taken'> {
  const familyId = input.ids?.familyId ?? randomUUID();
  const parentId = input.ids?.parentId ?? randomUUID();
  const createdAt = input.now.toISOString();
  const email = normaliseEmail(input.email);
  const family: FamilyItem = {
    familyId,
    timeZone: input.timeZone,
    createdAt,
    ownerId: parentId,
    parentCount: 1,
    ...(input.currency ? { currency: input.currency } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
  };
  const parent: ParentItem = {
    parentId,
    familyId,
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    createdAt,
    ...(input.emailVerified ? { emailVerified: true, emailVerifiedAt: createdAt } : {}),
  };
  const login: ParentLoginItem = { parentId, familyId, email, passwordHash: input.passwordHash, stamp: newCredentialStamp() };
  const run = nextWeeklyRun(input.now, input.timeZone);
  const written = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.parentLogin(email), type: ITEM_TYPES.parentLogin, ...login },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.family(familyId), type: ITEM_TYPES.family, ...family, ...weeklyRunIndexKeys(familyId, run) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.parent(familyId, parentId), type: ITEM_TYPES.parent, ...parent },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  if (!written.ok) {
    // The login item (the first) exists: the e-mail address has an account.
    if (written.failed === 0) return 'email-taken';
    throw written.error;
  }
  return { parent, family: { ...family, nextRunWeekStart: run.weekStart }, login };
}

async function getItem<T>(key: { PK: string; SK: string }, consistent = false): Promise<T | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }));
  return out.Item as T | undefined;
}

// Consistent: a password or username changed a moment ago must be the one checked.
export const getParentLogin = (email: string) => getItem<ParentLoginItem>(keys.parentLogin(email), true);
export const getChildLogin = (username: string) => getItem<ChildLoginItem>(keys.childLogin(username), true);
export const getParent = (familyId: string, parentId: string, consistent = false) => getItem<ParentItem>(keys.parent(familyId, parentId), consistent);
export const getFamily = (familyId: string, consistent = false) => getItem<FamilyItem>(keys.family(familyId), consistent);

/** Every parent of a family, oldest first (at most MAX_PARENTS). */
export async function listParents(familyId: string, consistent = false): Promise<ParentItem[]> {
  const parents = await queryAll<ParentItem>(keys.familyPk(familyId), { prefix: keys.parentPrefix }, { consistent });
  return parents.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.parentId.localeCompare(b.parentId));
}

/** Changes a parent's names; undefined when the parent is gone. */
export async function updateParentNames(familyId: string, parentId: string, names: { firstName: string; lastName: string }): Promise<ParentItem | undefined> {
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.parent(familyId, parentId),
        UpdateExpression: 'SET firstName = :f, lastName = :l',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':f': names.firstName, ':l': names.lastName },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ParentItem;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Turns a parent's weekly e-mail report on or off: the parent's setting and the family's set of
 * report parents (what the Sunday worker reads with its claim) change together. False when the
 * parent is gone.
 */
export async function setWeeklyReport(familyId: string, parentId: string, enabled: boolean): Promise<boolean> {
  return transactIfUnchanged([
    {
      Update: {
        TableName: tableName(),
        Key: keys.parent(familyId, parentId),
        UpdateExpression: 'SET weeklyReport = :on',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':on': enabled },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.family(familyId),
        UpdateExpression: `${enabled ? 'ADD' : 'DELETE'} reportParents :me`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':me': new Set([parentId]) },
      },
    },
  ]);
}

/** Whether new chores need a parent's OK by default (issue 19). False when the family is gone. */
export async function setApprovalByDefault(familyId: string, on: boolean): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(familyId),
        UpdateExpression: 'SET approvalByDefault = :on',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion)',
        ExpressionAttributeValues: { ':on': on },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
