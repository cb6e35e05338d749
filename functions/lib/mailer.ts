/**
 * Sending e-mail: Amazon SES v2 `SendEmail` with Simple content (a plain-text and an HTML part,
 * UTF-8, and extra headers such as RFC 8058's List-Unsubscribe). Locally the same client talks to
 * aws-ses-v2-local (infra/local/mail.ts) through SES_ENDPOINT. Decision 030 explains why Simple
 * content and not Raw MIME.
 */
import { SESv2Client, SendEmailCommand, type MessageHeader } from '@aws-sdk/client-sesv2';
import { PRODUCT_NAME } from '../../shared/brand';
import { appEnv } from './env';
import { localClientConfig } from './local-aws';
import { errorForLog, logger } from './logger';

/** A rendered message (functions/email/templates.ts builds these). */
export interface EmailMessage {
  /** What kind of e-mail this is (`password-reset`, `weekly-report`, …): logs and the SES tag. */
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe; printable ASCII only (SES's rule). */
  headers?: Readonly<Record<string, string>>;
}

export interface OutgoingEmail extends EmailMessage {
  /** One recipient address (no display name). */
  to: string;
}

/** SES v2 accepts at most 15 extra headers, names up to 126 and values up to 870 printable ASCII characters. */
const MAX_HEADERS = 15;
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]{1,126}$/;
const HEADER_VALUE = /^[\x20-\x7e]{1,870}$/;
/** Header fields SES builds from the request itself (or rewrites); never taken from callers. */
const RESERVED_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'reply-to', 'sender', 'return-path', 'date', 'message-id',
  'mime-version', 'content-type', 'content-transfer-encoding', 'content-disposition',
]);
/** One plain address: what our schemas accept at sign-up, and nothing that could add a recipient or a header. */
const ADDRESS = /^[^\s@<>,;:"()\\[\]]+@[^\s@<>,;:"()\\[\]]+\.[^\s@<>,;:"()\\[\]]+$/;
const KIND = /^[a-z0-9-]{1,64}$/;

let client: SESv2Client | undefined;

/** One SES client per container; locally it talks to aws-ses-v2-local. */
export function ses(): SESv2Client {
  if (client) return client;
  const { sesEndpoint } = appEnv();
  client = new SESv2Client(
    sesEndpoint
      ? localClientConfig(sesEndpoint)
      : // Well inside the HTTP functions' 10 s: a slow SES call fails (and is retried) rather than hanging the request.
        { requestHandler: { requestTimeout: 5_000, connectionTimeout: 3_000 } },
  );
  return client;
}

/** Tests and the local launcher point the client elsewhere between runs. */
export function resetSesClient(): void {
  client?.destroy();
  client = undefined;
}

/** Lets unit tests stub the client. */
export function setSesClient(next: SESv2Client | undefined): void {
  client = next;
}

/** The From header: the product's name and the configured sender address. */
export function senderAddress(): string {
  const { mailFrom } = appEnv();
  if (!mailFrom) {
    throw new Error('MAIL_FROM is not set: this function cannot send e-mail (give it `email` in infra/stacks/app-function.ts)');
  }
  return `${PRODUCT_NAME} <${mailFrom}>`;
}

/**
 * Sends one message and returns SES's message id. Throws on a bad message (a programming error)
 * and on SES errors after the SDK's retries; the caller decides whether that fails its request
 * (the weekly report: yes, the queue retries) or not (a password reset answers the same either way).
 */
export async function sendEmail(mail: OutgoingEmail): Promise<{ messageId: string }> {
  const headers = checkMessage(mail);
  const { mailReplyTo, sesConfigurationSet } = appEnv();
  const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
  try {
    const out = await ses().send(
      new SendEmailCommand({
        FromEmailAddress: senderAddress(),
        Destination: { ToAddresses: [mail.to] },
        ...(mailReplyTo ? { ReplyToAddresses: [mailReplyTo] } : {}),
        Content: {
          Simple: {
            Subject: utf8(mail.subject),
            Body: { Text: utf8(mail.text), Html: utf8(mail.html) },
            ...(headers.length ? { Headers: headers } : {}),
          },
        },
        EmailTags: [{ Name: 'kind', Value: mail.kind }],
        ...(sesConfigurationSet ? { ConfigurationSetName: sesConfigurationSet } : {}),
      }),
    );
    const messageId = out.MessageId ?? '';
    // Never the address or the content: they are personal data, and links carry tokens.
    logger.info('email sent', { emailKind: mail.kind, messageId });
    return { messageId };
  } catch (err) {
    logger.error('email not sent', { emailKind: mail.kind, ...mailFailure(err) });
    throw err;
  }
}

/**
 * What a log may say about a failed send: the error's name and its message with every address
 * masked (SES names unverified recipients in its message in the sandbox). Callers that log a
 * failure of their own log this, never the raw error.
 */
export function mailFailure(err: unknown): { error: string; reason: string } {
  const { name, message } = errorForLog(err);
  return { error: name, reason: message };
}

/** Validates what SES would reject (or what could smuggle in a header) and returns the SES headers. */
export function checkMessage(mail: OutgoingEmail): MessageHeader[] {
  if (!ADDRESS.test(mail.to) || mail.to.length > 254) throw new Error('Recipient must be one plain email address');
  if (!KIND.test(mail.kind)) throw new Error(`Email kind must be lowercase letters, digits and dashes: ${mail.kind}`);
  if (!mail.subject.trim() || /[\r\n]/.test(mail.subject)) throw new Error('Subject must be one non-empty line');
  if (!mail.text.trim() || !mail.html.trim()) throw new Error('Every email needs a plain-text and an HTML part');
  const entries = Object.entries(mail.headers ?? {});
  if (entries.length > MAX_HEADERS) throw new Error(`At most ${MAX_HEADERS} extra headers`);
  return entries.map(([Name, Value]) => {
    if (!HEADER_NAME.test(Name) || RESERVED_HEADERS.has(Name.toLowerCase())) throw new Error(`Header name not allowed: ${Name}`);
    if (!HEADER_VALUE.test(Value)) throw new Error(`Header ${Name} must be printable ASCII, 1 to 870 characters`);
    return { Name, Value };
  });
}

/**
 * SES refused this one message for good (a malformed or rejected recipient): sending it again cannot
 * help, unlike throttling, a network error or a service error. Jobs skip such a message rather than
 * retry it forever.
 */
export function isPermanentRejection(err: unknown): boolean {
  const name = (err as Error | undefined)?.name;
  return name === 'MessageRejected' || name === 'BadRequestException';
}

/**
 * SES refused because the account is sending faster than its quota (SES v2 answers
 * TooManyRequestsException; the AWS-wide name is ThrottlingException; the message names the
 * sending rate). Passing: the same message goes through a moment later. The report mailer puts such
 * a message back on its queue with a backoff (docs/decisions/050-email-at-ses-pace.md).
 */
export function isThrottling(err: unknown): boolean {
  const e = err as (Error & { $retryable?: { throttling?: boolean } }) | undefined;
  if (!e) return false;
  return e.name === 'ThrottlingException' || e.name === 'TooManyRequestsException' || e.$retryable?.throttling === true || /maximum sending rate exceeded/i.test(e.message ?? '');
}
