/**
 * SES's bounce and complaint events, locally (issue 20, decision 051). aws-ses-v2-local accepts every
 * message and never bounces, and has no configuration sets or event publishing, so nothing would ever
 * reach the handler. This module builds the event exactly as SES publishes it (the event-publishing
 * JSON of a `Bounce` or `Complaint`, as the message of an SNS notification as Lambda receives it) and
 * hands it to the same handler the stack deploys (functions/jobs/ses-events/handler.ts), in process.
 *
 * Used by the tests (test/integration/ses-events.test.ts, the e2e server) and by the local gateway's
 * dev-only `POST /local/ses-events` (`{ "type": "bounce" | "transient-bounce" | "complaint", "email": … }`),
 * so you can make the demo parent's address bounce with curl (docs/local.md). What it does not
 * exercise: SES deciding that something bounced, SNS's delivery and retries, the dead-letter queue.
 */
import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';
import { handler, type SesEventsResult } from '../../functions/jobs/ses-events/handler';

export type LocalSesEventType = 'bounce' | 'transient-bounce' | 'complaint';

/** The `mail` object SES puts in every event (shortened: no headers). */
function mailObject(to: string, at: Date, kind: string) {
  return {
    timestamp: new Date(at.getTime() - 2_000).toISOString(),
    source: 'ChoreQuest <hello@chorequest.test>',
    sourceArn: 'arn:aws:ses:eu-west-1:000000000000:identity/chorequest.test',
    sendingAccountId: '000000000000',
    messageId: `local-${randomUUID()}`,
    destination: [to],
    headersTruncated: false,
    commonHeaders: { from: ['ChoreQuest <hello@chorequest.test>'], to: [to], subject: 'Your ChoreQuest week' },
    tags: { 'ses:configuration-set': ['chorequest-local'], kind: [kind] },
  };
}

/** An SES event as event publishing writes it for one recipient. */
export function sesEvent(type: LocalSesEventType, to: string, opts: { at?: Date; kind?: string } = {}): Record<string, unknown> {
  const at = opts.at ?? new Date();
  const mail = mailObject(to, at, opts.kind ?? 'weekly-report');
  if (type === 'complaint') {
    return {
      eventType: 'Complaint',
      complaint: {
        complainedRecipients: [{ emailAddress: to }],
        timestamp: at.toISOString(),
        feedbackId: `local-${randomUUID()}`,
        userAgent: 'ChoreQuest local',
        complaintFeedbackType: 'abuse',
        arrivalDate: at.toISOString(),
      },
      mail,
    };
  }
  const permanent = type === 'bounce';
  return {
    eventType: 'Bounce',
    bounce: {
      bounceType: permanent ? 'Permanent' : 'Transient',
      bounceSubType: permanent ? 'General' : 'MailboxFull',
      bouncedRecipients: [
        {
          emailAddress: to,
          action: 'failed',
          status: permanent ? '5.1.1' : '4.2.2',
          diagnosticCode: permanent ? 'smtp; 550 5.1.1 user unknown' : 'smtp; 452 4.2.2 mailbox full',
        },
      ],
      timestamp: at.toISOString(),
      feedbackId: `local-${randomUUID()}`,
      reportingMTA: 'dsn; local.chorequest.test',
    },
    mail,
  };
}

/** The SNS notification Lambda receives for one published message (any text: the tests also send broken ones). */
export function snsEventFor(message: string, at = new Date()): SNSEvent {
  const topic = 'arn:aws:sns:eu-west-1:000000000000:chorequest-local-ses-events';
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topic}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topic,
          Subject: '',
          Message: message,
          Timestamp: at.toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: 'https://sns.invalid/local.pem',
          UnsubscribeUrl: 'https://sns.invalid/unsubscribe',
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** Runs the deployed handler on one SES event for `to`, as SNS would deliver it. */
export async function deliverSesEvent(type: LocalSesEventType, to: string, opts: { at?: Date; kind?: string } = {}): Promise<SesEventsResult> {
  return handler(snsEventFor(JSON.stringify(sesEvent(type, to, opts)), opts.at));
}

/** Runs the handler on an SNS message of any text (a malformed one, a redelivery of the same text). */
export const deliverSnsMessage = (message: string): Promise<SesEventsResult> => handler(snsEventFor(message));

export const LOCAL_SES_EVENT_TYPES: readonly LocalSesEventType[] = ['bounce', 'transient-bounce', 'complaint'];

/** The local gateway's `POST /local/ses-events`: checks what it was given, then delivers it. */
export async function deliverLocalSesEvent(type: string, email: string): Promise<SesEventsResult> {
  if (!(LOCAL_SES_EVENT_TYPES as readonly string[]).includes(type)) throw new Error(`type must be one of ${LOCAL_SES_EVENT_TYPES.join(', ')}`);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) throw new Error('email must be one address');
  return deliverSesEvent(type as LocalSesEventType, email);
}
