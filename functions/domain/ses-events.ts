/**
 * What an Amazon SES event means for ChoreQuest (issue 20, docs/decisions/051-bounces-and-complaints.md).
 * SES publishes one JSON document per event to the configuration set's SNS topic (event publishing:
 * `eventType`; the older identity notifications say `notificationType`, read the same):
 *
 * - `Bounce` with `bounce.bounceType` `Permanent`: every address in `bounce.bouncedRecipients` is
 *   undeliverable (no more reports to it; the parent sees a banner until the address is confirmed);
 * - `Bounce` that is `Transient` or `Undetermined`: SES gave up for now; nothing changes (logged);
 * - `Complaint`: every address in `complaint.complainedRecipients` unsubscribes from the weekly report;
 * - anything else (Delivery, Send, …) is not ours to act on.
 *
 * Pure: the zod schema takes only the fields used and lets SES add more.
 */
import { z } from 'zod';

const recipients = z.array(z.object({ emailAddress: z.string().min(3).max(320) }).loose()).min(1).max(50);

const bounce = z
  .object({
    bounceType: z.string().min(1).max(40),
    bounceSubType: z.string().max(60).optional(),
    bouncedRecipients: recipients,
    timestamp: z.string().max(40).optional(),
  })
  .loose();

const complaint = z
  .object({
    complainedRecipients: recipients,
    complaintFeedbackType: z.string().max(60).optional(),
    complaintSubType: z.string().max(60).nullish(),
    timestamp: z.string().max(40).optional(),
  })
  .loose();

const mail = z
  .object({
    messageId: z.string().max(200).optional(),
    // Our mailer tags every message with its kind (functions/lib/mailer.ts): logs say which e-mail it was.
    tags: z.record(z.string(), z.array(z.string())).optional(),
  })
  .loose();

/** Any SES event: its type (event publishing says `eventType`, identity notifications `notificationType`). */
const anyEvent = z.union([
  z.object({ eventType: z.string().min(1).max(40) }).loose(),
  z.object({ notificationType: z.string().min(1).max(40) }).loose(),
]);
const bounceEvent = z.object({ bounce, mail: mail.optional() }).loose();
const complaintEvent = z.object({ complaint, mail: mail.optional() }).loose();

/** What an undeliverable address records: when and why (`Permanent: General`). */
export interface Undeliverable {
  at: string;
  reason: string;
}

/** What one SES event asks of us. */
export type SesEventAction =
  | { kind: 'undeliverable'; addresses: string[]; undeliverable: Undeliverable; emailKind?: string; messageId?: string }
  | { kind: 'complaint'; addresses: string[]; at: string; emailKind?: string; messageId?: string }
  | { kind: 'transient-bounce'; count: number; bounceType: string; bounceSubType?: string; emailKind?: string; messageId?: string }
  | { kind: 'other'; eventType: string };

export class UnreadableSesEvent extends Error {
  override name = 'UnreadableSesEvent';
}

const validTime = (t: string | undefined, fallback: Date): string => {
  const ms = t ? Date.parse(t) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : fallback.toISOString();
};

/** The event's details by its schema, or UnreadableSesEvent naming the first field that is wrong. */
function details<T>(schema: z.ZodType<T>, json: unknown, type: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UnreadableSesEvent(`a ${type} event SES did not write: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.code}` : 'invalid'}`);
}

/** Which of our e-mails it was (the mailer's `kind` tag) and SES's message id, for the logs. */
const aboutMail = (m: z.infer<typeof mail> | undefined): { emailKind?: string; messageId?: string } => ({
  ...(m?.tags?.kind?.[0] ? { emailKind: m.tags.kind[0] } : {}),
  ...(m?.messageId ? { messageId: m.messageId } : {}),
});

const dedupe = (list: { emailAddress: string }[]): string[] => [...new Set(list.map((r) => r.emailAddress.trim()))];

/**
 * Reads one SES event (the SNS message's text) into what to do. Throws UnreadableSesEvent for text
 * that is not JSON or not an SES event (the handler logs it and moves on: retrying cannot help).
 * `now` stands in when SES gave no usable timestamp.
 */
export function readSesEvent(message: string, now: Date): SesEventAction {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    throw new UnreadableSesEvent('the SNS message is not JSON');
  }
  const typed = anyEvent.safeParse(json);
  if (!typed.success) throw new UnreadableSesEvent('not an SES event: no eventType');
  const type = ('eventType' in typed.data ? typed.data.eventType : typed.data.notificationType) as string;
  if (type === 'Bounce') {
    const event = details(bounceEvent, json, type);
    const b = event.bounce;
    const about = aboutMail(event.mail);
    if (b.bounceType === 'Permanent') {
      const reason = b.bounceSubType ? `${b.bounceType}: ${b.bounceSubType}` : b.bounceType;
      return { kind: 'undeliverable', addresses: dedupe(b.bouncedRecipients), undeliverable: { at: validTime(b.timestamp, now), reason }, ...about };
    }
    return { kind: 'transient-bounce', count: b.bouncedRecipients.length, bounceType: b.bounceType, ...(b.bounceSubType ? { bounceSubType: b.bounceSubType } : {}), ...about };
  }
  if (type === 'Complaint') {
    const event = details(complaintEvent, json, type);
    return { kind: 'complaint', addresses: dedupe(event.complaint.complainedRecipients), at: validTime(event.complaint.timestamp, now), ...aboutMail(event.mail) };
  }
  return { kind: 'other', eventType: type };
}
