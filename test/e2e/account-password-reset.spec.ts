/**
 * A forgotten password in the browser (issue 11), on the real e-mail path: the e2e server's local SES
 * receives every message, and the test follows the link in it as a parent would.
 *
 * Every test makes a family of its own (unique addresses), so the tests can run in any order,
 * repeatedly, beside the other specs on the shared server; none touches the demo family.
 * Waits are on what the screen shows or on the mailbox's arrival of a message, never on time.
 * The steps they share: support/account.ts.
 */
import { API_ERRORS, VALIDATION } from '../../shared/messages';
import { confirmAddress, expectSignInRefused, newFamily, PASSWORD } from './support/account';
import { expect, test } from './support/fixtures';
import { linkTo, mailbox, pathOf } from './support/mailbox';
import { logInAsParent, toast } from './support/session';

// Whole journeys through several pages and the mailbox, on a shared 2-core machine.
test.slow();

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
  await logInAsParent(page, email, 'second-pass2');

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel(/^New Password/).fill('third-pass3');
  await page.getByLabel(/^Confirm New Password/).fill('third-pass3');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText(API_ERRORS.resetLinkInvalid).first()).toBeVisible();
});
