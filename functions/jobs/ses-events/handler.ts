/**
 * SES's bounce and complaint events (issue 20, docs/decisions/051-bounces-and-complaints.md): the
 * configuration set publishes them to an SNS topic, SNS invokes this function (asynchronously, one
 * record an invocation). Thin: the rules live in domain/ses-events.ts (what an event means) and
 * data/family/email-events.ts (what it changes).
 *
 * - A message that is not an SES event is logged and dropped: retrying it cannot help.
 * - A DynamoDB failure throws: Lambda retries the invocation twice, then the event goes to the
 *   function's dead-letter queue (alarm).
 * - Every write is idempotent, so SNS's at-least-once delivery and those retries change nothing twice.
 *
 * Logs never carry the address (personal data): the outcome, the kind of e-mail and SES's message id.
 */
import type { SNSEvent } from 'aws-lambda';
import { markAddressUndeliverable, unsubscribeAddress, type EmailEventOutcome } from '../../data/family/email-events';
import { readSesEvent, UnreadableSesEvent, type SesEventAction } from '../../domain/ses-events';
import { errorForLog, logger } from '../../lib/logger';

export interface SesEventsResult {
  /** Per record: what each address came to, or why the record was dropped. */
  outcomes: (EmailEventOutcome | 'transient' | 'ignored' | 'unreadable')[];
}

async function apply(action: SesEventAction): Promise<SesEventsResult['outcomes']> {
  switch (action.kind) {
    case 'undeliverable': {
      const outcomes: EmailEventOutcome[] = [];
      for (const address of action.addresses) outcomes.push(await markAddressUndeliverable(address, action.undeliverable));
      logger.warn('permanent bounce', { outcomes, reason: action.undeliverable.reason, emailKind: action.emailKind, messageId: action.messageId });
      return outcomes;
    }
    case 'complaint': {
      const outcomes: EmailEventOutcome[] = [];
      for (const address of action.addresses) outcomes.push(await unsubscribeAddress(address));
      logger.warn('complaint: weekly report turned off', { outcomes, emailKind: action.emailKind, messageId: action.messageId });
      return outcomes;
    }
    case 'transient-bounce':
      // SES has stopped retrying this message, but the address may work tomorrow: nothing changes.
      logger.info('transient bounce; nothing changes', { recipients: action.count, bounceType: action.bounceType, bounceSubType: action.bounceSubType, emailKind: action.emailKind, messageId: action.messageId });
      return ['transient'];
    case 'other':
      logger.info('SES event not acted on', { eventType: action.eventType });
      return ['ignored'];
  }
}

export async function handler(event: SNSEvent): Promise<SesEventsResult> {
  const outcomes: SesEventsResult['outcomes'] = [];
  const now = new Date();
  for (const record of event?.Records ?? []) {
    let action: SesEventAction;
    try {
      action = readSesEvent(record?.Sns?.Message ?? '', now);
    } catch (err) {
      if (!(err instanceof UnreadableSesEvent)) throw err;
      logger.error('unreadable SES event dropped', { snsMessageId: record?.Sns?.MessageId, error: errorForLog(err) });
      outcomes.push('unreadable');
      continue;
    }
    outcomes.push(...(await apply(action)));
  }
  return { outcomes };
}
