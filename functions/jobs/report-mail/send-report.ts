/**
 * One weekly report, sent by the report mailer (./worker.ts) at SES's pace
 * (docs/decisions/044-weekly-email-report-delivery.md, 050-email-at-ses-pace.md):
 *
 * - read when sent, not when queued: the parent (still a parent, report still on, address
 *   confirmed, not marked undeliverable after a bounce) and the family's week, rendered with a
 *   freshly signed unsubscribe link;
 * - the per-parent "sent once" claim (`REPORT#<week>#<parent>`, a conditional put) is taken right
 *   before sending, so a redelivered or duplicated message never sends twice;
 * - SES throttling or any passing failure gives the claim back and throws ReportNotSent (the worker
 *   puts the message back with a backoff); a lasting SES refusal keeps the claim (retrying cannot help).
 */
import { getFamily, getParent } from '../../data/family/accounts';
import { claimReportSent, readReportData, releaseReportClaim } from '../../data/planning/weekly-reports';
import { weeklyEmailContent } from '../../views/weekly-email-content';
import { appLink, LINK_LIFETIME_SECONDS } from '../../email/links';
import { weeklyReportEmail } from '../../email/templates';
import { expiresAtFrom } from '../../lib/link-tokens';
import { isPermanentRejection, isThrottling, sendEmail } from '../../lib/mailer';
import { signUnsubscribe } from '../../lib/signed-links';
import type { ReportMailMessage } from './message';
import { reportSkipReason, type SkipReason } from './recipients';

export type ReportOutcome =
  | { outcome: 'sent'; messageId: string }
  /** The claim exists: sent (or refused for good) by an earlier delivery. */
  | { outcome: 'already-sent' }
  /** Nothing to send any more: why. */
  | { outcome: 'skipped'; reason: SkipReason }
  /** SES refused this message for good; the claim is kept. */
  | { outcome: 'refused'; error: string };

/** A passing failure: the claim was given back, the message must be tried again. */
export class ReportNotSent extends Error {
  constructor(
    readonly throttled: boolean,
    override readonly cause: unknown,
  ) {
    super(throttled ? 'SES throttled the weekly report; it goes back on the queue' : 'the weekly report could not be sent; it goes back on the queue');
    this.name = 'ReportNotSent';
  }
}

/**
 * Sends one parent's report about the week before `message.week`. `beforeSend` waits for the
 * pacer's slot; it runs after the reads and the rendering, right before the claim and the send.
 */
export async function sendReport(message: ReportMailMessage, beforeSend: () => Promise<void>, now: Date = new Date()): Promise<ReportOutcome> {
  const [family, parent] = await Promise.all([getFamily(message.familyId), getParent(message.familyId, message.parentId)]);
  if (!family || family.deletion) return { outcome: 'skipped', reason: 'family-gone' };
  const skip = reportSkipReason(parent);
  if (skip) return { outcome: 'skipped', reason: skip };
  // Rendered before the claim: a read that fails leaves nothing to give back.
  const content = weeklyEmailContent(await readReportData(family, message.week));
  const token = await signUnsubscribe({ familyId: message.familyId, parentId: message.parentId }, expiresAtFrom(new Date(), LINK_LIFETIME_SECONDS.unsubscribe));
  const mail = weeklyReportEmail({
    ...content,
    firstName: parent!.firstName,
    dashboardUrl: appLink('/'),
    unsubscribeUrl: appLink('/api/email/unsubscribe', { query: { token } }),
  });
  await beforeSend();
  if ((await claimReportSent(message.familyId, message.week, message.parentId, now)) === 'already-sent') return { outcome: 'already-sent' };
  try {
    const { messageId } = await sendEmail({ to: parent!.email, ...mail });
    return { outcome: 'sent', messageId };
  } catch (err) {
    if (isPermanentRejection(err)) return { outcome: 'refused', error: (err as Error).name };
    await releaseReportClaim(message.familyId, message.week, message.parentId);
    throw new ReportNotSent(isThrottling(err), err);
  }
}
