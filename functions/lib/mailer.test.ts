import type { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppEnv } from './env';
import { logger } from './logger';
import { checkMessage, isPermanentRejection, isThrottling, sendEmail, setSesClient, type OutgoingEmail } from './mailer';

/** A stand-in SES client that records what it was asked to send (unit tests stub I/O). */
function stubSes(answer: () => Promise<unknown> = async () => ({ MessageId: 'm-1' })) {
  const sent: SendEmailCommand['input'][] = [];
  setSesClient({ send: async (cmd: SendEmailCommand) => (sent.push(cmd.input), answer()) } as unknown as SESv2Client);
  return sent;
}

const mail = (over: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  to: 'pat@example.com',
  kind: 'password-reset',
  subject: 'Reset your ChoreQuest password',
  text: 'Reset it here: https://app.example/reset',
  html: '<p>Reset it <a href="https://app.example/reset">here</a></p>',
  ...over,
});

beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 't', MAIL_FROM: 'hello@example.com' });
  delete process.env.MAIL_REPLY_TO;
  resetAppEnv();
  logger.setLogLevel('CRITICAL');
});
afterEach(() => {
  delete process.env.MAIL_FROM;
  delete process.env.MAIL_REPLY_TO;
  resetAppEnv();
  setSesClient(undefined);
});

describe('sendEmail', () => {
  it('sends Simple content with a UTF-8 text and HTML part, from the product name and the configured address', async () => {
    const sent = stubSes();

    const out = await sendEmail(mail({ subject: 'Your ChoreQuest week: Mar 2 – Mar 8' }));

    expect(out).toEqual({ messageId: 'm-1' });
    expect(sent).toEqual([
      {
        FromEmailAddress: 'ChoreQuest <hello@example.com>',
        Destination: { ToAddresses: ['pat@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: 'Your ChoreQuest week: Mar 2 – Mar 8', Charset: 'UTF-8' },
            Body: { Text: { Data: mail().text, Charset: 'UTF-8' }, Html: { Data: mail().html, Charset: 'UTF-8' } },
          },
        },
        EmailTags: [{ Name: 'kind', Value: 'password-reset' }],
      },
    ]);
  });

  it('passes extra headers as SES message headers and sets Reply-To when configured', async () => {
    process.env.MAIL_REPLY_TO = 'help@example.com';
    resetAppEnv();
    const sent = stubSes();

    await sendEmail(mail({ headers: { 'List-Unsubscribe': '<https://app.example/u?t=1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }));

    expect(sent[0]!.ReplyToAddresses).toEqual(['help@example.com']);
    expect(sent[0]!.Content!.Simple!.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://app.example/u?t=1>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('says clearly when the function was not given a sender', async () => {
    delete process.env.MAIL_FROM;
    resetAppEnv();
    const sent = stubSes();

    await expect(sendEmail(mail())).rejects.toThrow(/MAIL_FROM is not set/);
    expect(sent).toEqual([]);
  });

  it('passes SES errors on to the caller and logs them without the addresses SES names', async () => {
    const message = 'Email address is not verified. The following identities failed the check in region EU-WEST-1: pat@example.com';
    stubSes(async () => {
      throw Object.assign(new Error(message), { name: 'MessageRejected' });
    });
    const logged: unknown[] = [];
    const spy = vi.spyOn(logger, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));

    await expect(sendEmail(mail())).rejects.toThrow(message);

    spy.mockRestore();
    expect(logged).toEqual([
      ['email not sent', { emailKind: 'password-reset', error: 'MessageRejected', reason: 'Email address is not verified. The following identities failed the check in region EU-WEST-1: <address>' }],
    ]);
  });
});

describe('checkMessage refuses what SES would reject or what could add a recipient or a header', () => {
  it.each([
    ['two recipients', { to: 'a@example.com, b@example.com' }, /one plain email address/],
    ['a display name', { to: 'Pat <pat@example.com>' }, /one plain email address/],
    ['a line break in the address', { to: 'pat@example.com\r\nBcc: x@example.com' }, /one plain email address/],
    ['a two-line subject', { subject: 'Hi\r\nBcc: x@example.com' }, /one non-empty line/],
    ['an empty subject', { subject: '  ' }, /one non-empty line/],
    ['no text part', { text: '' }, /plain-text and an HTML part/],
    ['no HTML part', { html: ' ' }, /plain-text and an HTML part/],
    ['an odd kind', { kind: 'Password Reset' }, /lowercase letters/],
    ['a header value with a line break', { headers: { 'X-A': 'x\r\nBcc: y@example.com' } }, /printable ASCII/],
    ['a non-ASCII header value', { headers: { 'X-A': 'café' } }, /printable ASCII/],
    ['a header name with a colon', { headers: { 'X-A:': 'x' } }, /not allowed/],
    ['a header SES builds itself', { headers: { Bcc: 'x@example.com' } }, /not allowed/],
    ['sixteen headers', { headers: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`X-H${i}`, 'v'])) }, /At most 15/],
  ] as const)('%s', (_, over, error) => {
    expect(() => checkMessage(mail(over as Partial<OutgoingEmail>))).toThrow(error);
  });

  it('accepts the one-click unsubscribe headers', () => {
    expect(checkMessage(mail({ headers: { 'List-Unsubscribe': '<https://a.example/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }))).toHaveLength(2);
  });
});

describe('isThrottling tells SES sending too fast from other failures', () => {
  const err = (name: string, message = 'x', extra: object = {}) => Object.assign(new Error(message), { name }, extra);
  it('is true for SES v2 TooManyRequestsException, ThrottlingException and the sending-rate message', () => {
    expect(isThrottling(err('TooManyRequestsException', 'Maximum sending rate exceeded.'))).toBe(true);
    expect(isThrottling(err('ThrottlingException'))).toBe(true);
    expect(isThrottling(err('Throttling', 'Maximum sending rate exceeded.'))).toBe(true);
    expect(isThrottling(err('SomethingElse', 'x', { $retryable: { throttling: true } }))).toBe(true);
  });
  it('is false for permanent rejections, network errors and nothing', () => {
    expect(isThrottling(err('MessageRejected', 'Email address is not verified.'))).toBe(false);
    expect(isPermanentRejection(err('MessageRejected'))).toBe(true);
    expect(isThrottling(err('TimeoutError'))).toBe(false);
    expect(isThrottling(err('LimitExceededException', 'Daily message quota exceeded.'))).toBe(false);
    expect(isThrottling(undefined)).toBe(false);
  });
});
