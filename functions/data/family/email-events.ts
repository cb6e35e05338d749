/**
 * What SES's bounce and complaint events change (issue 20, decision 051). An address leads to its
 * parent through the parent's login record (`PARENTLOGIN#<address>`: one parent per address, the
 * uniqueness sign-up holds); an address no parent has (any more) changes nothing.
 *
 * - A permanent bounce sets `emailUndeliverable` on the parent item, only while the parent still has
 *   that address and is not marked yet (a redelivered event keeps the first time and reason). The
 *   weekly report skips such parents; confirming an address removes it (data/family/account-links.ts).
 * - A complaint turns the parent's weekly report off exactly as the report's unsubscribe link does
 *   (`setWeeklyReport`, which is idempotent).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Undeliverable } from '../../domain/ses-events';
import { db, tableName } from '../../lib/db';
import { getParentLogin, setWeeklyReport } from './accounts';
import * as keys from '../keys';
import { normaliseEmail } from '../keys';
import { isConditionFailure } from '../query';

export type EmailEventOutcome = 'marked' | 'already-marked' | 'unsubscribed' | 'unknown-address';

/** The parent whose address this is, through the login record (read consistently). */
export async function parentByAddress(address: string): Promise<{ familyId: string; parentId: string; email: string } | undefined> {
  const login = await getParentLogin(normaliseEmail(address));
  return login ? { familyId: login.familyId, parentId: login.parentId, email: login.email } : undefined;
}

/** Marks the address's parent undeliverable (a permanent bounce). */
export async function markAddressUndeliverable(address: string, undeliverable: Undeliverable): Promise<EmailEventOutcome> {
  const parent = await parentByAddress(address);
  if (!parent) return 'unknown-address';
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.parent(parent.familyId, parent.parentId),
        UpdateExpression: 'SET emailUndeliverable = :u',
        // Still this parent's address (an address changed since is another matter), not marked yet.
        ConditionExpression: 'attribute_exists(PK) AND email = :email AND attribute_not_exists(emailUndeliverable)',
        ExpressionAttributeValues: { ':u': { at: undeliverable.at, reason: undeliverable.reason }, ':email': parent.email },
      }),
    );
    return 'marked';
  } catch (err) {
    if (isConditionFailure(err)) return 'already-marked';
    throw err;
  }
}

/** A complaint: the address's parent no longer gets the weekly report (as the unsubscribe link does). */
export async function unsubscribeAddress(address: string): Promise<EmailEventOutcome> {
  const parent = await parentByAddress(address);
  if (!parent) return 'unknown-address';
  // Off whatever the state: already off, or the parent gone since, is the same outcome.
  await setWeeklyReport(parent.familyId, parent.parentId, false);
  return 'unsubscribed';
}
