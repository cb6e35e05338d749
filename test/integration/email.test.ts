/**
 * The e-mail path end to end: the mailer (the same SES v2 client code as in AWS) sends through the
 * suite's local SES (aws-ses-v2-local), and the tests read every message back through its HTTP
 * interface: both parts, the From and Reply-To, the extra headers, the escaping, the links.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import * as templates from '../../functions/email/templates';
import { appLink } from '../../functions/email/links';
import { resetAppEnv } from '../../functions/lib/env';
import { logger } from '../../functions/lib/logger';
import { resetSesClient, sendEmail } from '../../functions/lib/mailer';
import { headerOf, linksIn, linkTo } from '../support/mailbox';
import { uniqueEmail } from './support/client';
import { testMailbox } from './support/mail';

const mailbox = testMailbox();
const APP = 'https://app.chorequest.test';

/** This test process sends like a Lambda configured by the stack: the local SES, a sender, an app URL. */
function configure(extra: Record<string, string | undefined> = {}) {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    SES_ENDPOINT: inject('sesEndpoint'),
    MAIL_FROM: inject('mailFrom'),
    APP_URL: APP,
    AWS_REGION: 'local',
  });
  delete process.env.MAIL_REPLY_TO;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetAppEnv();
  resetSesClient();
  // The mailer's error line for the unreachable-SES test is expected; keep the run's output clean.
  logger.setLogLevel('CRITICAL');
}

beforeAll(() => configure());
afterEach(() => configure());

const weekly = (unsubscribeUrl: string) =>
  templates.weeklyReportEmail({
    firstName: 'Ann & "Bob"',
    weekStart: '2025-03-02',
    children: [
      { name: '<script>alert(1)</script>', done: 3, assigned: 5, earnedCents: 250, paidOutCents: 100, owedCents: 150, payouts: [{ by: '<b>Alex</b>', cents: 100 }] },
      { name: 'Liam', done: 1, assigned: 2, earnedCents: 50, paidOutCents: 0, owedCents: 50 },
    ],
    newWeek: { weekStart: '2025-03-09', children: [{ name: 'Liam', chores: 7, rewardCents: 525 }] },
    dashboardUrl: appLink('/parent/dashboard'),
    unsubscribeUrl,
    money: { currency: 'USD', locale: 'en-US' },
  });

describe('sending through the local SES', () => {
  it('delivers both parts, the sender and the RFC 8058 one-click headers, and they read back as sent', async () => {
    // Prepare
    const to = uniqueEmail('report');
    const unsubscribe = appLink('/api/email/unsubscribe', { query: { token: 'tok.en-1' } });
    const message = weekly(unsubscribe);

    // Act
    const { messageId } = await sendEmail({ to, ...message });
    const mail = await mailbox.waitFor(to);

    // Assess
    expect(mail.messageId).toBe(messageId);
    expect(mail.to).toEqual([to]);
    expect(mail.from).toBe(`ChoreQuest <${inject('mailFrom')}>`);
    expect(mail.subject).toBe('Your ChoreQuest week: Mar 2 – Mar 8');
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<${APP}/api/email/unsubscribe?token=tok.en-1>`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('keeps names inert in the HTML part and readable in the text part', async () => {
    const to = uniqueEmail('escape');
    await sendEmail({ to, ...weekly(appLink('/api/email/unsubscribe', { query: { token: 't' } })) });
    const mail = await mailbox.waitFor(to);

    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Alex</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Hi Ann &amp; &quot;Bob&quot;,');
    expect(mail.html).toContain('&lt;b&gt;Alex&lt;/b&gt; paid out $1.00 to &lt;script&gt;');
    expect(mail.text).toContain('Hi Ann & "Bob",');
    expect(mail.text).toContain('- <script>alert(1)</script>: done 3 of 5, earned $2.50, paid out $1.00, owed $1.50');
  });

  it('carries links a test can follow, fragment tokens included', async () => {
    const to = uniqueEmail('reset');
    const resetUrl = appLink('/reset-password', { fragment: { token: 'abc&def' } });
    await sendEmail({ to, ...templates.passwordResetEmail({ firstName: 'Pat', resetUrl }) });
    const mail = await mailbox.waitFor(to);

    const link = linkTo(mail, '/reset-password');
    expect(link.origin).toBe(APP);
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe('abc&def');
    // The button, the copy-this-link line and the text part all carry the same URL.
    expect(linksIn(mail)).toEqual([resetUrl]);
    expect(mail.text).toContain(resetUrl);
  });

  it('accepts every template of the account e-mails', async () => {
    const link = appLink('/somewhere', { fragment: { token: 'x' } });
    const messages = [
      templates.welcomeEmail({ firstName: 'Pat', verifyUrl: link }),
      templates.verifyEmailAddressEmail({ firstName: 'Pat', verifyUrl: link }),
      templates.passwordResetEmail({ firstName: 'Pat', resetUrl: link }),
      templates.passwordChangedEmail({ firstName: 'Pat', forgotPasswordUrl: link }),
      templates.confirmNewEmailEmail({ firstName: 'Pat', newEmail: 'new@example.com', confirmUrl: link }),
      templates.emailChangedEmail({ firstName: 'Pat', oldEmail: 'old@example.com', newEmail: 'new@example.com' }),
      templates.invitationEmail({ inviterName: 'Alex Rivera', childNames: ['Emma', 'Liam'], acceptUrl: link }),
      weekly(link),
      templates.familyDeletedEmail({ firstName: 'Pat' }),
    ];
    const to = uniqueEmail('all');
    for (const m of messages) await sendEmail({ to, ...m });

    const received = await mailbox.to(to);
    expect(received.map((m) => m.subject)).toEqual(messages.map((m) => m.subject));
    for (const m of received) {
      expect(m.text.length, m.subject).toBeGreaterThan(50);
      expect(m.html, m.subject).toMatch(/^<!doctype html>/);
    }
  });

  it('waits for the next message only, not one already read', async () => {
    const to = uniqueEmail('cursor');
    await sendEmail({ to, ...templates.familyDeletedEmail({ firstName: 'First' }) });
    const first = await mailbox.waitFor(to);

    const { mail: second } = await mailbox.next(to, () => sendEmail({ to, ...templates.familyDeletedEmail({ firstName: 'Second' }) }));

    expect(second.messageId).not.toBe(first.messageId);
    expect(second.text).toContain('Hi Second,');
    expect(await mailbox.newSince(to, await mailbox.cursor(to), 50)).toEqual([]);
  });

  it('sets Reply-To when the stack configures one', async () => {
    configure({ MAIL_REPLY_TO: 'help@chorequest.test' });
    const to = uniqueEmail('reply');
    await sendEmail({ to, ...templates.emailChangedEmail({ firstName: 'Pat', oldEmail: to, newEmail: 'new@example.com' }) });
    expect((await mailbox.waitFor(to)).replyTo).toEqual(['help@chorequest.test']);
  });

  it('refuses a message that would smuggle a header, before anything reaches SES', async () => {
    const to = uniqueEmail('smuggle');
    const message = templates.familyDeletedEmail({ firstName: 'Pat' });
    const before = await mailbox.cursor(to);

    await expect(sendEmail({ to, ...message, headers: { 'X-Note': 'a\r\nBcc: victim@example.com' } })).rejects.toThrow(/printable ASCII/);
    await expect(sendEmail({ to: `${to}, victim@example.com`, ...message })).rejects.toThrow(/one plain email address/);

    expect(await mailbox.newSince(to, before, 100)).toEqual([]);
  });

  it('fails loudly when SES cannot be reached', async () => {
    configure({ SES_ENDPOINT: 'http://127.0.0.1:9' });
    await expect(sendEmail({ to: uniqueEmail('down'), ...templates.familyDeletedEmail({ firstName: 'Pat' }) })).rejects.toThrow();
  });
});
