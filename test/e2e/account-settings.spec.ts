/**
 * Account settings in the browser (issue 11), on the real e-mail path: name, password, weekly report,
 * time zone, the confirm-your-email banner and an address change; an unconfirmed parent and inviting.
 * The e2e server's local SES receives every message, and the tests follow the links in it as a parent would.
 *
 * Every test makes a family of its own (unique addresses), so the tests can run in any order,
 * repeatedly, beside the other specs on the shared server; none touches the demo family.
 * Waits are on what the screen shows or on the mailbox's arrival of a message, never on time.
 * The steps they share: support/account.ts.
 */
import { ACCOUNT_TEXT, API_ERRORS } from '../../shared/messages';
import { expectSignInRefused, newFamily, openFromMenu, PASSWORD, signedOutPage } from './support/account';
import { expect, test } from './support/fixtures';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';
import { logInAsParent, toast } from './support/session';

// Whole journeys through several pages and the mailbox, on a shared 2-core machine.
test.slow();

test('account settings: name, password, weekly report, time zone, the confirm-your-email banner and an address change', async ({ page }) => {
  const { email } = await newFamily(page, 'Morgan');

  // The banner asks to confirm; "Send the link again" sends another welcome link; dismissing hides it on this device.
  const banner = page.getByRole('status').filter({ hasText: 'Please confirm your email address' });
  await expect(banner).toBeVisible();
  const before = await mailbox.cursor(email);
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(toast(page, 'Link sent')).toBeVisible();
  const again = await mailbox.waitFor(email, { after: before, match: (m) => m.html.includes('/verify-email') });
  await banner.getByRole('button', { name: 'Dismiss the reminder' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect(page.getByText('Please confirm your email address')).toHaveCount(0);

  await openFromMenu(page, 'Account Settings');
  await expect(page.getByText('Not confirmed').first()).toBeVisible();

  // Name.
  await page.getByLabel(/^First Name/).fill('Morgana');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expect(toast(page, 'Name updated')).toBeVisible();

  // Weekly report: on, and it waits for a confirmed address.
  const weekly = page.getByRole('switch', { name: 'Email me the weekly report' });
  await expect(weekly).not.toBeChecked();
  await weekly.click();
  await expect(weekly).toBeChecked();
  await expect(page.getByRole('region', { name: 'Weekly email report' }).getByText(ACCOUNT_TEXT.weeklyReportWaits)).toBeVisible();

  // Confirming through the newer link: the address shows as confirmed.
  await page.goto(pathOf(linkTo(again, '/verify-email')));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Email me the weekly report' })).toBeChecked();

  // Password: a wrong current one is refused under the field; the right one changes it.
  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByLabel(/^Current Password/).fill('wrong-pass9');
  await passwordCard.getByLabel(/^New Password/).fill('changed-pass1');
  await passwordCard.getByLabel(/^Confirm New Password/).fill('changed-pass1');
  await passwordCard.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordCard.getByText(API_ERRORS.wrongCurrentPassword)).toBeVisible();
  await passwordCard.getByLabel(/^Current Password/).fill(PASSWORD);
  await passwordCard.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();

  // Time zone: on the Family page (issue 29 point 15; Account Settings points there), searched by city, saved; the card shows the zone.
  await page.getByRole('region', { name: 'Family settings' }).getByRole('link', { name: 'Open Family Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
  const zoneCard = page.getByRole('region', { name: 'Family time zone' });
  await zoneCard.getByRole('combobox', { name: 'Time Zone' }).fill('tokyo');
  await page.getByRole('option', { name: /Asia\/Tokyo/ }).click();
  await zoneCard.getByRole('button', { name: 'Save Time Zone' }).click();
  await expect(toast(page, 'Time zone updated')).toBeVisible();
  await expect(zoneCard.getByRole('status')).toContainText('in Asia/Tokyo');
  await page.goto('/account');

  // Address change: pending until the link to the new address is followed.
  const newEmail = uniqueEmail('morgan-new');
  const emailCard = page.getByRole('region', { name: 'Email address' });
  await emailCard.getByLabel(/^New Email Address/).fill(newEmail);
  await emailCard.getByLabel(/^Current Password/).fill('changed-pass1');
  await emailCard.getByRole('button', { name: 'Change Email' }).click();
  await expect(toast(page, 'Check your new inbox')).toBeVisible();
  await expect(emailCard.getByText('Waiting for confirmation')).toBeVisible();
  const change = await mailbox.waitFor(newEmail, { match: (m) => m.html.includes('/confirm-email') });
  await page.goto(pathOf(linkTo(change, '/confirm-email')));
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Email address' }).getByText(newEmail)).toBeVisible();

  // Everything above holds for the next sign-in: new address, new password, new name.
  await page.context().clearCookies();
  await expectSignInRefused(page, email, 'changed-pass1');
  await logInAsParent(page, newEmail, 'changed-pass1');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to ChoreQuest, Morgana!' })).toBeVisible();
});

test('an unconfirmed parent is told why they cannot invite; a pending address change shows in the settings and is cancelled there or from the notice', async ({ page, browser }) => {
  const { email } = await newFamily(page, 'Quinn');

  // Inviting waits for a confirmed address, and the Family page says why and offers the link again.
  await openFromMenu(page, 'Family Members');
  const members = page.getByRole('region', { name: 'Family members' });
  const why = members.getByRole('alert').filter({ hasText: 'Confirm your email to invite a parent' });
  await expect(why).toContainText(email);
  await expect(members.getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  const before = await mailbox.cursor(email);
  await why.getByRole('button', { name: 'Send the link again' }).click();
  await expect(toast(page, 'Link sent')).toBeVisible();
  const link = await mailbox.waitFor(email, { after: before, match: (m) => m.html.includes('/verify-email') });
  await page.goto(pathOf(linkTo(link, '/verify-email')));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
  await page.goto('/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
  await expect(members.getByRole('button', { name: 'Send Invitation' })).toBeEnabled();
  await expect(members.getByText('Confirm your email to invite a parent')).toHaveCount(0);

  // An address change waits in the settings, with a Cancel button that retires it.
  await page.goto('/account');
  const emailCard = page.getByRole('region', { name: 'Email address' });
  const first = uniqueEmail('quinn-first');
  await emailCard.getByLabel(/^New Email Address/).fill(first);
  await emailCard.getByLabel(/^Current Password/).fill(PASSWORD);
  await emailCard.getByRole('button', { name: 'Change Email' }).click();
  await expect(toast(page, 'Check your new inbox')).toBeVisible();
  const waiting = emailCard.getByRole('status').filter({ hasText: 'Waiting for confirmation' });
  await expect(waiting).toContainText(first);
  const firstLink = await mailbox.waitFor(first, { match: (m) => m.html.includes('/confirm-email') });
  await waiting.getByRole('button', { name: 'Cancel change' }).click();
  await expect(toast(page, 'Email change cancelled')).toBeVisible();
  await expect(emailCard.getByText('Waiting for confirmation')).toHaveCount(0);
  const stale = await signedOutPage(browser);
  await stale.goto(pathOf(linkTo(firstLink, '/confirm-email')));
  await expect(stale.getByRole('alert')).toContainText(API_ERRORS.emailChangeLinkInvalid);

  // Asked again: the current address hears of it at once, and its link cancels in one click.
  const second = uniqueEmail('quinn-second');
  const noticeAfter = await mailbox.cursor(email);
  await emailCard.getByLabel(/^New Email Address/).fill(second);
  await emailCard.getByLabel(/^Current Password/).fill(PASSWORD);
  await emailCard.getByRole('button', { name: 'Change Email' }).click();
  await expect(waiting).toContainText(second);
  const notice = await mailbox.waitFor(email, { after: noticeAfter, match: (m) => m.html.includes('/cancel-email-change') });
  expect(notice.subject).toBe('Someone asked to change your ChoreQuest email address');
  const owner = await signedOutPage(browser);
  await owner.goto(pathOf(linkTo(notice, '/cancel-email-change')));
  await expect(owner.getByRole('heading', { level: 1, name: 'Email change cancelled' })).toBeVisible();
  await expect(owner.getByRole('status')).toContainText(`You keep signing in with ${email}`);
  await expect(owner.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', `/forgot-password?${new URLSearchParams({ email })}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(emailCard.getByText(email).first()).toBeVisible();
  await expect(emailCard.getByText('Waiting for confirmation')).toHaveCount(0);
});
