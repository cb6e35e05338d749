/**
 * The account area in the browser (issue 11), on the real e-mail path: the e2e server's local SES
 * receives every message, and the tests follow the links in it as a parent would.
 *
 * Every test makes a family of its own (unique addresses), so the tests can run in any order,
 * repeatedly, beside the other specs on the shared server; none touches the demo family.
 * Waits are on what the screen shows or on the mailbox's arrival of a message, never on time.
 */
import type { Browser, Page } from '@playwright/test';
import { ACCOUNT_TEXT, API_ERRORS, VALIDATION } from '../../shared/messages';
import { addChild, childCard, signUpParent } from './support/family';
import { expect, test } from './support/fixtures';
import { signUpFromOwnAddress } from './support/own-family';
import { thisWorkersServer } from './support/servers';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';
import { toast } from './support/session';

const PASSWORD = 'first-pass1';

// Whole journeys through several pages and the mailbox, on a shared 2-core machine.
test.slow();

/** Signs in through /parent-login (e-mail and password) and waits for the dashboard. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
}

/** Tries to sign in and expects the refusal the login page shows. */
async function expectSignInRefused(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(toast(page, API_ERRORS.invalidCredentials).first()).toBeVisible();
  await expect(page).toHaveURL(/\/parent-login/);
}

/**
 * A new family, signed up through the API (the sign-up page has specs of its own), on its welcome
 * dashboard; its parent's welcome e-mail has arrived.
 */
async function newFamily(page: Page, firstName: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  await signUpFromOwnAddress(page, new URL(thisWorkersServer().baseURL), { firstName, email, password: PASSWORD });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ChoreQuest, ${firstName}!` })).toBeVisible();
  await mailbox.waitFor(email, { match: (m) => /confirm/i.test(m.subject) || m.html.includes('/verify-email') });
  return { email, password: PASSWORD };
}

/** Follows the welcome e-mail's link: the address is confirmed. */
async function confirmAddress(page: Page, email: string): Promise<void> {
  const welcome = await mailbox.waitFor(email, { match: (m) => m.html.includes('/verify-email') });
  await page.goto(pathOf(linkTo(welcome, '/verify-email')));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
}

/** A new family whose parent has confirmed the address (inviting takes it, issue 17), back on the dashboard. */
async function newConfirmedFamily(page: Page, firstName: string): Promise<{ email: string; password: string }> {
  const family = await newFamily(page, firstName);
  await confirmAddress(page, family.email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  return family;
}

/** Opens a page of the account area through the parent shell's account menu. */
async function openFromMenu(page: Page, entry: 'Account Settings' | 'Family Members'): Promise<void> {
  await page.getByRole('button', { name: 'Parent Account' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await expect(page.getByRole('heading', { level: 1, name: entry === 'Account Settings' ? 'Account Settings' : 'Family' })).toBeVisible();
}

async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('forgot password → e-mail → reset → sign in with the new password; the old one and the used link are refused', async ({ page }) => {
  const { email } = await newFamily(page, 'Robin');
  // Reset links go only to confirmed addresses (docs/account-api.md): the parent confirms first.
  await confirmAddress(page, email);
  await page.context().clearCookies();

  await page.goto('/parent-login');
  await page.getByLabel('Email').fill(email);
  const before = await mailbox.cursor(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  // The address typed on the login page came along.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(API_ERRORS.forgotPasswordSent)).toBeVisible();

  const mail = await mailbox.waitFor(email, { after: before, match: (m) => m.html.includes('/reset-password') });
  const link = pathOf(linkTo(mail, '/reset-password'));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // The token left the address bar once read.
  await expect.poll(() => new URL(page.url()).hash).toBe('');

  // The spec's rules: six characters, and the confirmation must match.
  await page.getByLabel(/^New Password/).fill('short');
  await page.getByLabel(/^Confirm New Password/).fill('short');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(toast(page, VALIDATION.passwordTooShort.description).first()).toBeVisible();
  await page.getByLabel(/^New Password/).fill('second-pass2');
  await page.getByLabel(/^Confirm New Password/).fill('second-pass3');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(toast(page, VALIDATION.passwordMismatch.description).first()).toBeVisible();
  await page.getByLabel(/^Confirm New Password/).fill('second-pass2');
  await page.getByRole('button', { name: 'Save New Password' }).click();

  // Back on the login page with the address filled in.
  await expect(page).toHaveURL(/\/parent-login/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await expectSignInRefused(page, email, PASSWORD);
  await signIn(page, email, 'second-pass2');

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel(/^New Password/).fill('third-pass3');
  await page.getByLabel(/^Confirm New Password/).fill('third-pass3');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText(API_ERRORS.resetLinkInvalid).first()).toBeVisible();
});

test('invite → accept → the second parent sees the same children; the creator removes them and their session ends', async ({ page, browser }) => {
  const owner = await newConfirmedFamily(page, 'Casey');
  await addChild(page, page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add Child' }), { name: 'Mila', age: 8 });

  await openFromMenu(page, 'Family Members');
  const parents = page.getByRole('list', { name: 'Parents' });
  await expect(parents.getByRole('listitem')).toHaveCount(1);
  await expect(parents).toContainText(owner.email);

  // Inviting an address that already has a login says so.
  await page.getByLabel(/^Their Email Address/).fill(owner.email);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, API_ERRORS.alreadyParent).first()).toBeVisible();

  const invitee = uniqueEmail('drew');
  await page.getByLabel(/^Their Email Address/).fill(invitee);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(invitee);

  const invitation = await mailbox.waitFor(invitee, { match: (m) => m.html.includes('/invitation') });
  const other = await signedOutPage(browser);
  await other.goto(pathOf(linkTo(invitation, '/invitation')));
  await expect(other.getByText(/Casey .*invited you/)).toBeVisible();
  await expect(other.getByText('Mila').first()).toBeVisible();
  await expect(other.getByText(invitee)).toBeVisible();
  await other.getByLabel('First Name').fill('Drew');
  await other.getByLabel('Last Name').fill('Second');
  await other.getByLabel(/^Password/).fill('drew-pass1');
  await other.getByLabel(/^Confirm Password/).fill('drew-pass1');
  await other.getByRole('button', { name: 'Join the Family' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Welcome back, Drew!' })).toBeVisible();
  await expect(childCard(other, 'Mila')).toBeVisible();
  // Joined through an e-mail link: the address is confirmed, no banner.
  await expect(other.getByText('Please confirm your email address')).toHaveCount(0);

  // The creator's list shows both parents and no pending invitation.
  await page.reload();
  await expect(parents.getByRole('listitem')).toHaveCount(2);
  await expect(parents).toContainText('Drew Second');
  await expect(pending).toHaveCount(0);

  await parents.getByRole('button', { name: 'Remove Drew Second' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Drew Second?' });
  await confirm.getByRole('button', { name: 'Remove Parent' }).click();
  await expect(toast(page, 'Parent removed')).toBeVisible();
  await expect(parents.getByRole('listitem')).toHaveCount(1);

  // Drew's session ended at once, and the login is gone.
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Children’s Daily Progress' })).toHaveCount(0);
  await expect.poll(async () => (await other.request.get('/api/auth/parent-user')).status()).toBe(401);
  await expectSignInRefused(other, invitee, 'drew-pass1');
  await other.context().close();
});

test('a co-parent leaves; the last parent cannot; a revoked invitation no longer opens', async ({ page, browser }) => {
  await newConfirmedFamily(page, 'Avery');
  await openFromMenu(page, 'Family Members');
  // Alone in the family: leaving is not offered, and why is said.
  await expect(page.getByText(API_ERRORS.lastParent)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave Family' })).toHaveCount(0);

  const revoked = uniqueEmail('revoked');
  await page.getByLabel(/^Their Email Address/).fill(revoked);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(revoked);
  const revokedMail = await mailbox.waitFor(revoked, { match: (m) => m.html.includes('/invitation') });
  await page.getByRole('button', { name: `Revoke the invitation to ${revoked}` }).click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);

  const joiner = uniqueEmail('blake');
  await page.getByLabel(/^Their Email Address/).fill(joiner);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(joiner);
  const mail = await mailbox.waitFor(joiner, { match: (m) => m.html.includes('/invitation') });

  const other = await signedOutPage(browser);
  await other.goto(pathOf(linkTo(revokedMail, '/invitation')));
  await expect(other.getByText(API_ERRORS.invitationInvalid)).toBeVisible();

  // A new document: a link that differs only after the # would not load the page again.
  await other.goto('about:blank');
  await other.goto(pathOf(linkTo(mail, '/invitation')));
  await other.getByLabel('First Name').fill('Blake');
  await other.getByLabel(/^Password/).fill('blake-pass1');
  await other.getByLabel(/^Confirm Password/).fill('blake-pass1');
  await other.getByRole('button', { name: 'Join the Family' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Welcome to ChoreQuest, Blake!' })).toBeVisible();

  await openFromMenu(other, 'Family Members');
  // Not the creator: no Remove buttons, no Delete.
  await expect(other.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /Delete Family/ })).toHaveCount(0);
  await other.getByRole('button', { name: 'Leave Family' }).click();
  await other.getByRole('dialog', { name: 'Leave the family?' }).getByRole('button', { name: 'Leave Family' }).click();
  await expect(other.getByRole('link', { name: 'Create Parent Account' }).first()).toBeVisible();
  await expect.poll(async () => (await other.request.get('/api/auth/parent-user')).status()).toBe(401);
  await other.context().close();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Parents' }).getByRole('listitem')).toHaveCount(1);
});

test('delete family → every login refused, the address free to sign up again', async ({ page, browser }) => {
  const owner = await newConfirmedFamily(page, 'Jesse');
  await addChild(page, page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add Child' }), { name: 'Theo', age: 7 });
  // A second parent, signed in elsewhere, loses the session too.
  await openFromMenu(page, 'Family Members');
  const second = uniqueEmail('sam');
  await page.getByLabel(/^Their Email Address/).fill(second);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  const mail = await mailbox.waitFor(second, { match: (m) => m.html.includes('/invitation') });
  const other = await signedOutPage(browser);
  await other.goto(pathOf(linkTo(mail, '/invitation')));
  await other.getByLabel('First Name').fill('Sam');
  await other.getByLabel(/^Password/).fill('sam-pass1');
  await other.getByLabel(/^Confirm Password/).fill('sam-pass1');
  await other.getByRole('button', { name: 'Join the Family' }).click();
  await expect(childCard(other, 'Theo')).toBeVisible();

  // "Download our data" links are offered before deleting.
  await expect(page.getByRole('link', { name: 'Everything (JSON)' })).toHaveAttribute('href', '/api/family/export');

  await page.getByRole('button', { name: 'Delete Family…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the family for good?' });
  for (const lost of ['Every child and their login', 'Every chore and weekly schedule', 'Every payout and the payout history', 'Every open invitation']) {
    await expect(dialog.getByText(lost)).toBeVisible();
  }
  await dialog.getByLabel(/^Your Password/).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete Family' }).click();
  await expect(dialog.getByText(API_ERRORS.wrongPassword, { exact: true })).toBeVisible();
  await dialog.getByLabel(/^Your Password/).fill(owner.password);
  await dialog.getByRole('button', { name: 'Delete Family' }).click();
  await expect(page.getByRole('link', { name: 'Create Parent Account' }).first()).toBeVisible();

  await expect.poll(async () => (await other.request.get('/api/auth/parent-user')).status()).toBe(401);
  await expectSignInRefused(page, owner.email, owner.password);
  await expectSignInRefused(other, second, 'sam-pass1');
  await other.context().close();

  // The address can sign up again straight away.
  await signUpParent(page, { firstName: 'Jesse', email: owner.email, password: 'again-pass1' });
  await expect(page.getByText('Theo')).toHaveCount(0);
});

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
  await signIn(page, newEmail, 'changed-pass1');
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
