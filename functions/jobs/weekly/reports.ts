/**
 * The weekly e-mail report, sent by the Sunday worker after a family's new week is committed
 * (docs/decisions/044-weekly-email-report-delivery.md):
 *
 * - only families with a parent who turned it on do any of this (the family item's `reportParents`,
 *   read with the claim, so the others cost nothing);
 * - the commit that advances the family also records `reportWeek`; it is cleared once every report
 *   of that week is out, so a redelivered message finds the family already advanced (no second
 *   week is generated) but still sends what is missing;
 * - each parent's report is claimed first (a conditional put of `REPORT#<week>#<parent>`), so under
 *   redelivery, duplicates or two workers a parent gets each week's report at most once; a send that
 *   fails for a passing reason gives the claim back and fails the message (the queue retries just
 *   the reports), one SES refuses for good keeps it (retrying cannot help);
 * - only parents whose address is confirmed get one.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, startOfLocalDay, type IsoDate } from '../../../shared/time';
import { listParents, type FamilyItem, type ParentItem } from '../../data/accounts';
import type { ContinuousItem, DatedAssignmentItem } from '../../data/assignments';
import type { ChildItem, PayoutItem } from '../../data/children';
import { ITEM_TYPES, keys } from '../../data/keys';
import { isConditionFailure, queryAll } from '../../data/query';
import { listWaiting } from '../../data/approvals';
import { listLedger } from '../../data/ledger';
import { weeklyEmailContent } from '../../domain/weekly-email-report';
import { appLink, LINK_LIFETIME_SECONDS } from '../../email/links';
import { weeklyReportEmail } from '../../email/templates';
import { db, tableName } from '../../lib/db';
import { logger } from '../../lib/logger';
import { isPermanentRejection, mailFailure, sendEmail } from '../../lib/mailer';
import { expiresAtFrom } from '../../lib/link-tokens';
import { signUnsubscribe } from '../../lib/signed-links';

/** How long a report claim is kept: long after any redelivery of that week's message. */
const CLAIM_DAYS = 60;

export class ReportsNotSent extends Error {
  constructor(readonly familyId: string, readonly failed: number) {
    super(`${failed} weekly report(s) of family ${familyId} could not be sent; the queue delivers the message again`);
  }
}

export interface ReportsResult {
  sent: number;
  /** Already sent by an earlier delivery. */
  alreadySent: number;
  /** Turned on, but the address is not confirmed. */
  unconfirmed: number;
  /** Refused by SES for good. */
  refused: number;
}

/** Whether the family has anyone to send a weekly report to (what the worker's commit records). */
export const wantsReports = (family: Pick<FamilyItem, 'reportParents'>): boolean => (family.reportParents?.size ?? 0) > 0;

/**
 * Sends the report about the week before `newWeek` to every parent of the family who wants one and
 * has not had it, then clears the family's `reportWeek`. Throws ReportsNotSent when some failed.
 */
export async function sendWeeklyReports(family: FamilyItem, newWeek: IsoDate, now: Date): Promise<ReportsResult> {
  const result: ReportsResult = { sent: 0, alreadySent: 0, unconfirmed: 0, refused: 0 };
  const wanted = family.reportParents ?? new Set<string>();
  const parents = wanted.size ? (await listParents(family.familyId, true)).filter((p) => wanted.has(p.parentId) && p.weeklyReport) : [];
  // Confirmed addresses only, and none SES reported undeliverable (a permanent bounce, decision 051).
  const recipients = parents.filter((p) => p.emailVerified && !p.emailUndeliverable);
  result.unconfirmed = parents.length - recipients.length;
  let failed = 0;
  if (recipients.length) {
    const content = weeklyEmailContent(await readReportData(family, newWeek));
    await Promise.all(
      recipients.map(async (parent) => {
        const outcome = await sendOnce(parent, content, newWeek, now);
        if (outcome === 'failed') failed++;
        else result[outcome]++;
      }),
    );
  }
  if (failed) throw new ReportsNotSent(family.familyId, failed);
  await clearReportWeek(family.familyId, newWeek);
  return result;
}

async function readReportData(family: FamilyItem, newWeek: IsoDate) {
  const lastWeek = addDays(newWeek, -7);
  const pk = keys.familyPk(family.familyId);
  const from = startOfLocalDay(lastWeek, family.timeZone).toISOString();
  const to = startOfLocalDay(newWeek, family.timeZone).toISOString();
  const [core, dated, payouts, ledger, waiting] = await Promise.all([
    queryAll<(ChildItem | ContinuousItem) & { type: string }>(pk, { between: ['CHILD#', 'CONT#~'] }),
    queryAll<DatedAssignmentItem>(pk, { between: [keys.weekAssignmentsPrefix(lastWeek), `${keys.weekAssignmentsPrefix(newWeek)}~`] }),
    queryAll<PayoutItem>(pk, { between: [`PAYOUT#${from}`, `PAYOUT#${to}`] }),
    listLedger(family.familyId, from, to),
    listWaiting(family.familyId),
  ]);
  return {
    lastWeek,
    newWeek,
    newWeekBegan: to,
    children: core.filter((i) => i.type === ITEM_TYPES.child) as ChildItem[],
    continuous: core.filter((i) => i.type === ITEM_TYPES.continuous) as ContinuousItem[],
    dated,
    payouts: payouts.filter((p) => p.paidAt < to),
    ledger: ledger.filter((e) => e.at < to),
    waiting,
  };
}

type SendOutcome = 'sent' | 'alreadySent' | 'refused' | 'failed';

async function sendOnce(parent: ParentItem, content: ReturnType<typeof weeklyEmailContent>, newWeek: IsoDate, now: Date): Promise<SendOutcome> {
  const claim = keys.reportSent(parent.familyId, newWeek, parent.parentId);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...claim, type: ITEM_TYPES.reportSent, parentId: parent.parentId, at: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_DAYS * 86_400 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) return 'alreadySent';
    throw err;
  }
  try {
    const token = await signUnsubscribe({ familyId: parent.familyId, parentId: parent.parentId }, expiresAtFrom(new Date(), LINK_LIFETIME_SECONDS.unsubscribe));
    const mail = weeklyReportEmail({
      ...content,
      firstName: parent.firstName,
      dashboardUrl: appLink('/'),
      unsubscribeUrl: appLink('/api/email/unsubscribe', { query: { token } }),
    });
    await sendEmail({ to: parent.email, ...mail });
    return 'sent';
  } catch (err) {
    if (isPermanentRejection(err)) {
      logger.warn('weekly report refused by SES; not sent', { familyId: parent.familyId, parentId: parent.parentId, ...mailFailure(err) });
      return 'refused';
    }
    logger.error('weekly report not sent; the queue delivers the message again', { familyId: parent.familyId, parentId: parent.parentId, ...mailFailure(err) });
    await db().send(new DeleteCommand({ TableName: tableName(), Key: claim }));
    return 'failed';
  }
}

async function clearReportWeek(familyId: string, week: IsoDate): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(familyId),
        UpdateExpression: 'REMOVE reportWeek',
        ConditionExpression: 'reportWeek = :w',
        ExpressionAttributeValues: { ':w': week },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err; // cleared already, or a later week's reports are pending
  }
}
