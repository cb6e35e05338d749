/**
 * The weekly e-mail reports, queued by the Sunday worker after a family's new week is committed
 * (docs/decisions/044-weekly-email-report-delivery.md); the report mailer sends them at SES's pace
 * (functions/jobs/report-mail, docs/decisions/050-email-at-ses-pace.md):
 *
 * - only families with a parent who turned it on do any of this (the family item's `reportParents`,
 *   read with the claim, so the others cost nothing);
 * - the commit that advances the family also records `reportWeek`; it is cleared once a message for
 *   every recipient is on the report queue, so a redelivered message finds the family already
 *   advanced (no second week is generated) but still queues the reports (the mailer's per-parent
 *   claim keeps a report queued twice from going out twice);
 * - only parents who want it, whose address is confirmed and not marked undeliverable after a bounce.
 */
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import type { IsoDate } from '../../../shared/time';
import { listParents, type FamilyItem } from '../../data/family/accounts';
import { backoffMs } from '../../data/batch-write';
import { clearReportWeek } from '../../data/planning/weekly-reports';
import { appEnv } from '../../lib/env';
import { errorForLog, logger } from '../../lib/logger';
import { sqs } from '../../lib/sqs';
import { encodeReportMailMessage } from '../report-mail/message';
import { reportSkipReason } from '../report-mail/recipients';

/** SendMessageBatch's limit; a family has at most MAX_PARENTS (10) parents, so one call. */
const BATCH = 10;
const SEND_ATTEMPTS = 4;

export class ReportsNotQueued extends Error {
  constructor(readonly familyId: string, readonly failed: number) {
    super(`${failed} weekly report(s) of family ${familyId} could not be queued; the queue delivers the family's message again`);
  }
}

export interface ReportsResult {
  /** Messages put on the report queue. */
  queued: number;
  /** Turned on, but the address is not confirmed. */
  unconfirmed: number;
  /** Turned on, but SES reported the address undeliverable. */
  undeliverable: number;
}

/** Whether the family has anyone to send a weekly report to (what the worker's commit records). */
export const wantsReports = (family: Pick<FamilyItem, 'reportParents'>): boolean => (family.reportParents?.size ?? 0) > 0;

/**
 * Queues the report about the week before `newWeek` for every parent of the family who wants one,
 * then clears the family's `reportWeek`. Throws ReportsNotQueued when SQS refused some.
 */
export async function queueWeeklyReports(family: FamilyItem, newWeek: IsoDate): Promise<ReportsResult> {
  const result: ReportsResult = { queued: 0, unconfirmed: 0, undeliverable: 0 };
  const wanted = family.reportParents ?? new Set<string>();
  const parents = wanted.size ? (await listParents(family.familyId, true)).filter((p) => wanted.has(p.parentId) && p.weeklyReport) : [];
  const recipients = parents.filter((p) => {
    const skip = reportSkipReason(p);
    if (skip === 'unconfirmed') result.unconfirmed++;
    if (skip === 'undeliverable') result.undeliverable++;
    return !skip;
  });
  if (recipients.length) {
    const queueUrl = appEnv().reportQueueUrl;
    if (!queueUrl) throw new Error('REPORT_QUEUE_URL is not set');
    let failed = 0;
    for (let i = 0; i < recipients.length; i += BATCH) {
      const entries = recipients.slice(i, i + BATCH).map((p, j) => ({ Id: `r${j}`, MessageBody: encodeReportMailMessage({ familyId: family.familyId, parentId: p.parentId, week: newWeek }) }));
      const left = await sendBatch(queueUrl, entries);
      result.queued += entries.length - left;
      failed += left;
    }
    if (failed) throw new ReportsNotQueued(family.familyId, failed);
  }
  await clearReportWeek(family.familyId, newWeek);
  return result;
}

/** Sends one batch, again with backoff for what SQS refused; returns how many are still not sent. */
async function sendBatch(queueUrl: string, entries: SendMessageBatchRequestEntry[]): Promise<number> {
  let pending = entries;
  for (let attempt = 0; pending.length && attempt < SEND_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, backoffMs(attempt + 2)));
    try {
      const out = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
      const failed = new Set((out.Failed ?? []).map((f) => f.Id));
      pending = pending.filter((e) => failed.has(e.Id));
    } catch (err) {
      logger.warn('SendMessageBatch of weekly reports failed; sending again', { error: errorForLog(err), attempt });
    }
  }
  return pending.length;
}
