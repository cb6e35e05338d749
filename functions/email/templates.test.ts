import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../lib/mailer';
import { DEFAULT_MONEY } from '../../shared/money';
import {
  childList,
  confirmNewEmailEmail,
  emailChangedEmail,
  familyDeletedEmail,
  invitationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verifyEmailAddressEmail,
  weeklyReportEmail,
  welcomeEmail,
  type WeeklyReportInput,
} from './templates';

const URL_A = 'https://app.example/page#token=abc';
const EVIL = '<script>alert("x")</script> & Co';
const EVIL_HTML = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&middot;': '·' };
/** What a reader sees of the HTML part: tags gone, entities decoded, whitespace collapsed. */
const visible = (html: string) =>
  html
    .replace(/<(style|title)>[\s\S]*?<\/\1>/g, '')
    .replace(/<div style="display:none;[\s\S]*?<\/div>/, '')
    .replace(/<\/?strong[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, (e) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ');
/** A reader of either part sees the text. */
function expectInBoth(m: EmailMessage, text: string) {
  expect(m.text.replace(/\s+/g, ' ')).toContain(text);
  expect(visible(m.html)).toContain(text);
}
/** The link is the button's href and stands in the text part. */
function expectLink(m: EmailMessage, url: string) {
  expect(m.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
  expect(m.text).toContain(url);
}
function expectInert(m: EmailMessage) {
  expect(m.html).not.toContain('<script>');
  expect(m.html).toContain(EVIL_HTML);
  expect(m.text).toContain(EVIL);
}

describe('welcome and address verification', () => {
  it('welcomes by name and asks to confirm the address through a link valid 7 days', () => {
    const m = welcomeEmail({ firstName: 'Pat', verifyUrl: URL_A });
    expect(m.kind).toBe('welcome');
    expect(m.subject).toBe('Welcome to ChoreQuest! Please confirm your email');
    expectInBoth(m, 'Welcome to ChoreQuest, Pat!');
    expectInBoth(m, 'Confirm my email');
    expectInBoth(m, 'This link works for 7 days.');
    expectLink(m, URL_A);
    expect(m.headers).toBeUndefined();
  });

  it('keeps a name inert', () => {
    expectInert(welcomeEmail({ firstName: EVIL, verifyUrl: URL_A }));
  });

  it('greets without a name when there is none', () => {
    expectInBoth(welcomeEmail({ firstName: '  ', verifyUrl: URL_A }), 'Welcome to ChoreQuest!');
    expectInBoth(verifyEmailAddressEmail({ firstName: '', verifyUrl: URL_A }), 'Hi there,');
  });

  it('sends a new verification link on request', () => {
    const m = verifyEmailAddressEmail({ firstName: 'Pat', verifyUrl: URL_A });
    expect(m.subject).toBe('Confirm your email for ChoreQuest');
    expectInBoth(m, 'Hi Pat,');
    expectLink(m, URL_A);
  });
});

describe('password', () => {
  it('sends a reset link valid one hour, once, and says ignoring it keeps the password', () => {
    const m = passwordResetEmail({ firstName: 'Pat', resetUrl: URL_A });
    expect(m.kind).toBe('password-reset');
    expect(m.subject).toBe('Reset your ChoreQuest password');
    expectInBoth(m, 'This link works for one hour and only once.');
    expectInBoth(m, 'signs you out on every device');
    expectInBoth(m, 'Ignore this email: your password stays the same.');
    expectLink(m, URL_A);
    expectInert(passwordResetEmail({ firstName: EVIL, resetUrl: URL_A }));
  });

  it('tells a parent the password changed and links to a reset for the case it was not them', () => {
    const m = passwordChangedEmail({ firstName: 'Pat', forgotPasswordUrl: 'https://app.example/forgot-password' });
    expect(m.subject).toBe('Your ChoreQuest password was changed');
    expectInBoth(m, 'If this was you, there is nothing else to do.');
    expectLink(m, 'https://app.example/forgot-password');
    expectInert(passwordChangedEmail({ firstName: EVIL, forgotPasswordUrl: URL_A }));
  });
});

describe('changing the address', () => {
  it('asks the new address to confirm, naming it, through a link valid 24 hours', () => {
    const m = confirmNewEmailEmail({ firstName: 'Pat', newEmail: 'new@example.com', confirmUrl: URL_A });
    expect(m.subject).toBe('Confirm your new ChoreQuest email address');
    expect(m.html).toContain('<strong style="color:#1f1a3d;">new@example.com</strong>');
    expectInBoth(m, 'sign in to ChoreQuest with new@example.com from now on');
    expectInBoth(m, 'This link works for 24 hours.');
    expectLink(m, URL_A);
    expectInert(confirmNewEmailEmail({ firstName: 'Pat', newEmail: EVIL, confirmUrl: URL_A }));
  });

  it('tells the old address what it was changed to, without a link to act on', () => {
    const m = emailChangedEmail({ firstName: 'Pat', oldEmail: 'old@example.com', newEmail: 'new@example.com' });
    expect(m.subject).toBe('Your ChoreQuest email address was changed');
    expectInBoth(m, 'was changed from old@example.com to new@example.com.');
    expectInBoth(m, 'Reply to this email right away');
    expect(m.html).not.toContain('href=');
    expectInert(emailChangedEmail({ firstName: 'Pat', oldEmail: 'old@example.com', newEmail: EVIL }));
  });
});

describe('co-parent invitation', () => {
  it('names the inviting parent and the children, and works for 7 days', () => {
    const m = invitationEmail({ inviterName: 'Alex Rivera', childNames: ['Emma', 'Liam', 'Mia'], acceptUrl: URL_A });
    expect(m.kind).toBe('invitation');
    expect(m.subject).toBe('Alex Rivera invited you to ChoreQuest');
    expectInBoth(m, 'Alex Rivera invited you to help run chores for Emma, Liam and Mia on ChoreQuest.');
    expectInBoth(m, 'This invitation works for 7 days.');
    expectInBoth(m, 'Accept the invitation');
    expectLink(m, URL_A);
  });

  it('speaks of the family when it has no children yet', () => {
    expectInBoth(invitationEmail({ inviterName: 'Alex', childNames: [], acceptUrl: URL_A }), 'Alex invited you to join their family on ChoreQuest.');
  });

  it('keeps the inviter and the children inert, the subject on one line', () => {
    const m = invitationEmail({ inviterName: `${EVIL}\r\nBcc: x@example.com`, childNames: [EVIL], acceptUrl: URL_A });
    expect(m.subject).toBe(`${EVIL} Bcc: x@example.com invited you to ChoreQuest`);
    expectInert(m);
  });

  it('lists up to three children, then counts the rest', () => {
    expect(childList(['Emma'])).toBe('Emma');
    expect(childList(['Emma', 'Liam'])).toBe('Emma and Liam');
    expect(childList(['A', 'B', 'C', 'D'])).toBe('A, B, C and 1 more child');
    expect(childList(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more children');
  });
});

describe('weekly report', () => {
  const input = (over: Partial<WeeklyReportInput> = {}): WeeklyReportInput => ({
    firstName: 'Alex',
    weekStart: '2025-03-02',
    children: [
      { name: 'Emma', done: 12, assigned: 14, earnedCents: 650, paidOutCents: 500, owedCents: 150, payouts: [{ by: 'Sam Rivera', cents: 500 }] },
      { name: 'Liam', done: 0, assigned: 0, earnedCents: 0, paidOutCents: 0, owedCents: 1005 },
    ],
    newWeek: { weekStart: '2025-03-09', children: [{ name: 'Emma', chores: 14, rewardCents: 725 }] },
    dashboardUrl: 'https://app.example/parent/dashboard',
    unsubscribeUrl: 'https://app.example/api/email/unsubscribe?token=t.1',
    money: DEFAULT_MONEY,
    ...over,
  });

  it('names the week in the subject and sums it up in the preview', () => {
    const m = weeklyReportEmail(input());
    expect(m.kind).toBe('weekly-report');
    expect(m.subject).toBe('Your ChoreQuest week: Mar 2 – Mar 8');
    expect(m.html).toContain('12 of 14 chores done, $6.50 earned.');
  });

  it('shows per child: done of assigned, earned, paid out and owed, in dollars, with family totals', () => {
    const m = weeklyReportEmail(input());
    expect(m.text).toContain(
      [
        'Sunday, March 2 to Saturday, March 8:',
        '- Emma: done 12 of 14, earned $6.50, paid out $5.00, owed $1.50',
        '- Liam: done 0 of 0, earned $0.00, paid out $0.00, owed $10.05',
        '- Family: done 12 of 14, earned $6.50, paid out $5.00, owed $11.55',
      ].join('\n'),
    );
    expect(m.html).toMatch(/<th scope="row"[^>]*>Emma<\/th><td[^>]*>12 of 14<\/td><td[^>]*>\$6\.50<\/td><td[^>]*>\$5\.00<\/td><td[^>]*>\$1\.50<\/td>/);
  });

  it('says which parent paid out', () => {
    expectInBoth(weeklyReportEmail(input()), 'Sam Rivera paid out $5.00 to Emma.');
  });

  it('lists the ticks still waiting for a parent’s OK (issue 19)', () => {
    const children = input().children.map((c) => (c.name === 'Emma' ? { ...c, waiting: ['Dishes (Tue, Mar 4) $1.50', 'Read (Wed, Mar 5) $0.75'] } : c));
    expectInBoth(weeklyReportEmail(input({ children })), 'Emma: 2 waiting for your OK: Dishes (Tue, Mar 4) $1.50, Read (Wed, Mar 5) $0.75.');
    expect(weeklyReportEmail(input()).text).not.toContain('waiting for your OK');
  });

  it('summarises the new week', () => {
    const m = weeklyReportEmail(input());
    expect(m.text).toContain('This week\n---------\n\nHanded out for the week of Sunday, March 9:\n- Emma: chores 14, to earn $7.25');
  });

  it('has no totals row for one child, and a friendly line for none', () => {
    const one = weeklyReportEmail(input({ children: [input().children[0]!] }));
    expect(one.text).not.toContain('- Family:');
    const none = weeklyReportEmail(input({ children: [], newWeek: { weekStart: '2025-03-09', children: [] } }));
    expectInBoth(none, 'There are no children in your family yet.');
    expect(none.text).not.toContain('This week');
  });

  it('carries the one-click unsubscribe headers and link, and a link to the dashboard', () => {
    const m = weeklyReportEmail(input());
    expect(m.headers).toEqual({
      'List-Unsubscribe': '<https://app.example/api/email/unsubscribe?token=t.1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expectInBoth(m, 'Unsubscribe from the weekly report');
    expectLink(m, 'https://app.example/api/email/unsubscribe?token=t.1');
    expectLink(m, 'https://app.example/parent/dashboard');
  });

  it('writes every amount in the family’s currency and locale (issue 22): a euro family reads "12,50 €"', () => {
    const euro = { currency: 'EUR', locale: 'de-DE' };
    const children = [{ name: 'Emma', done: 3, assigned: 4, earnedCents: 1250, paidOutCents: 500, owedCents: 750, payouts: [{ by: 'Sam', cents: 500 }] }];
    const m = weeklyReportEmail(input({ money: euro, children, newWeek: { weekStart: '2025-03-09', children: [{ name: 'Emma', chores: 7, rewardCents: 123456 }] } }));
    expect(m.text).toContain('- Emma: done 3 of 4, earned 12,50 €, paid out 5,00 €, owed 7,50 €');
    expect(m.html).toContain('3 of 4 chores done, 12,50 € earned.');
    expectInBoth(m, 'Sam paid out 5,00 € to Emma.');
    expect(m.text).toContain('- Emma: chores 7, to earn 1.234,56 €');
    expect(m.text).not.toContain('$');
    const yen = weeklyReportEmail(input({ money: { currency: 'JPY', locale: 'ja-JP' }, children: [{ ...children[0]!, earnedCents: 500, payouts: [] }] }));
    expect(yen.text).toContain('earned ￥500');
  });

  it('keeps child and parent names inert', () => {
    const m = weeklyReportEmail(
      input({
        firstName: EVIL,
        children: [{ name: EVIL, done: 1, assigned: 1, earnedCents: 1, paidOutCents: 1, owedCents: 0, payouts: [{ by: EVIL, cents: 1 }] }],
        newWeek: { weekStart: '2025-03-09', children: [{ name: EVIL, chores: 1, rewardCents: 1 }] },
      }),
    );
    expectInert(m);
  });
});

describe('family deleted', () => {
  it('confirms what was deleted and that the address can sign up again', () => {
    const m = familyDeletedEmail({ firstName: 'Pat' });
    expect(m.subject).toBe('Your ChoreQuest family was deleted');
    expectInBoth(m, 'Hi Pat,');
    expectInBoth(m, 'Nobody can sign in to it any more.');
    expectInBoth(m, 'you can sign up again with this address at any time');
    expectInert(familyDeletedEmail({ firstName: EVIL }));
  });
});
