/**
 * The weekly e-mail reports' items (docs/decisions/044-weekly-email-report-delivery.md): the family's
 * `reportWeek` (set by the commit that advances the family, cleared once every report is queued),
 * each parent's "sent once" claim (`REPORT#<week>#<parent>`), and the reads a report is rendered
 * from. The jobs (functions/jobs/weekly/reports.ts, functions/jobs/report-mail/send-report.ts)
 * call these; they make no DynamoDB call themselves.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, startOfLocalDay, type IsoDate } from '../../../shared/time';
import { db, tableName } from '../../lib/db';
import { familyMoney, type FamilyItem } from '../family/accounts';
import { listWaiting } from '../ticks/approvals';
import type { ContinuousItem, DatedAssignmentItem } from './assignments';
import type { ChildItem } from '../family/children';
import * as keys from '../keys';
import { ITEM_TYPES } from '../keys';
import { listLedger } from '../money/ledger';
import type { PayoutItem } from '../money/payouts';
import { isConditionFailure, queryAll } from '../query';

/** How long a report claim is kept: long after any redelivery of that week's message. */
const CLAIM_DAYS = 60;

/** Clears the family's `reportWeek` once its reports are queued: 'not-pending' when it was cleared already, or a later week's reports are pending. */
export async function clearReportWeek(familyId: string, week: IsoDate): Promise<'cleared' | 'not-pending'> {
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
    return 'cleared';
  } catch (err) {
    if (isConditionFailure(err)) return 'not-pending';
    throw err;
  }
}

/** Takes a parent's "sent once" claim for a week's report (a conditional put): 'already-sent' when an earlier delivery took it. */
export async function claimReportSent(familyId: string, week: IsoDate, parentId: string, now: Date): Promise<'claimed' | 'already-sent'> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.reportSent(familyId, week, parentId), type: ITEM_TYPES.reportSent, parentId, at: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_DAYS * 86_400 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return 'claimed';
  } catch (err) {
    if (isConditionFailure(err)) return 'already-sent';
    throw err;
  }
}

/** Gives a report's claim back (the send failed for a passing reason: it is tried again). */
export async function releaseReportClaim(familyId: string, week: IsoDate, parentId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.reportSent(familyId, week, parentId) }));
}

/** What a family's report on the week before `newWeek` is rendered from: five reads in parallel. */
export async function readReportData(family: FamilyItem, newWeek: IsoDate) {
  const lastWeek = addDays(newWeek, -7);
  const pk = keys.familyPk(family.familyId);
  const from = startOfLocalDay(lastWeek, family.timeZone).toISOString();
  const to = startOfLocalDay(newWeek, family.timeZone).toISOString();
  const [core, dated, payouts, ledger, waiting] = await Promise.all([
    queryAll<(ChildItem | ContinuousItem) & { type: string }>(pk, { between: keys.coreRange() }),
    queryAll<DatedAssignmentItem>(pk, { between: keys.weeksAssignmentsRange(lastWeek, newWeek) }),
    queryAll<PayoutItem>(pk, { between: keys.payoutsRange(from, to) }),
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
    money: familyMoney(family),
    timeZone: family.timeZone,
    familyPause: family.pause ?? null,
  };
}
