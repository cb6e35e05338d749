/**
 * Accessibility of the account pages (issue 11), split from a11y.spec.ts and scanned the same way
 * (support/a11y.ts): the signed-out e-mail pages, and the account settings, the Family page with its
 * dialogs and the invitation page, at 1280 px and at 360 px (touch), in the light and the dark scheme.
 */
import type { PlaywrightWorkerArgs } from '@playwright/test';
import { check, checkDialog, WIDTHS } from './support/a11y';
import { expect, test } from './support/fixtures';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';
import { SAME_ORIGIN } from './support/session';

type PlaywrightApi = PlaywrightWorkerArgs['playwright'];


/**
 * A confirmed family with a co-parent (Robin) and a pending invitation, through the API: inviting
 * takes a confirmed address (issue 17), so the welcome e-mail's link confirms it first.
 */
async function confirmedFamilyWithMembers(playwright: PlaywrightApi, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, storageState: undefined });
  const email = uniqueEmail('a11y-family');
  const password = 'a11y-pass1';
  expect((await api.post('/api/auth/parent-signup', { headers: SAME_ORIGIN, data: { firstName: 'Alex', lastName: 'Axe', email, password } })).status()).toBe(201);
  const welcome = await mailbox.waitFor(email, { match: (m) => m.html.includes('/verify-email') });
  const verifyToken = new URLSearchParams(linkTo(welcome, '/verify-email').hash.slice(1)).get('token');
  expect((await api.post('/api/auth/verify-email', { headers: SAME_ORIGIN, data: { token: verifyToken } })).status()).toBe(200);
  const coParent = uniqueEmail('a11y-co');
  expect((await api.post('/api/family/invitations', { headers: SAME_ORIGIN, data: { email: coParent } })).status()).toBe(201);
  const coToken = new URLSearchParams(linkTo(await mailbox.waitFor(coParent), '/invitation').hash.slice(1)).get('token');
  const other = await playwright.request.newContext({ baseURL, storageState: undefined });
  expect((await other.post('/api/auth/accept-invitation', { headers: SAME_ORIGIN, data: { token: coToken, firstName: 'Robin', password: 'a11y-pass2' } })).status()).toBe(201);
  await other.dispose();
  const pending = uniqueEmail('a11y-pending');
  expect((await api.post('/api/family/invitations', { headers: SAME_ORIGIN, data: { email: pending } })).status()).toBe(201);
  const invitation = await mailbox.waitFor(pending);
  await api.dispose();
  return { email, password, pending, invitation };
}
let membersFamily: ReturnType<typeof confirmedFamilyWithMembers> | undefined;
// The tests are independent (each opens its own screens and cancels what it opens): both workers share them.
test.describe.configure({ mode: 'parallel' });

for (const { label, viewport, touch } of WIDTHS) {
  test.describe(`${label} ${viewport.width}px, light and dark`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch, colorScheme: 'light' });
    // Each test scans a screen and several dialogs with axe in two schemes.
    test.slow();

    test('account e-mail pages, signed out (issue 11)', async ({ page }) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
      await check(page, 'forgot-password');
      // An address without an account: the same answer, and no e-mail is sent. Every browser test
      // comes from 127.0.0.1, which may ask for 10 reset links an hour (the trust issue's limit):
      // one request per width, two a run, each answer page scanned in both schemes.
      await page.getByLabel('Email').fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      await check(page, 'forgot-password-sent');

      // The reset form shows for any token; the server judges it on saving.
      await page.goto('/reset-password#token=not-checked-until-saved');
      await expect(page.getByRole('button', { name: 'Save New Password' })).toBeVisible();
      await check(page, 'reset-password');

      await page.goto('/verify-email#token=forged');
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
      await check(page, 'verify-email-refused');

      await page.goto('/confirm-email');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(page, 'confirm-email-incomplete');
    });

    test('account settings, family members and their dialogs, the invitation page (issue 11)', async ({ page, playwright, baseURL }) => {
      // A family of its own for this run (the demo family stays as it is), unconfirmed: the banner,
      // and the Family page saying why inviting waits.
      const email = uniqueEmail('a11y');
      const signup = await page.request.post('/api/auth/parent-signup', { headers: SAME_ORIGIN, data: { firstName: 'Alex', lastName: 'Axe', email, password: 'a11y-pass1' } });
      expect(signup.status()).toBe(201);

      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Please confirm your email address' })).toBeVisible();
      await check(page, 'account-settings');

      await page.goto('/family');
      await expect(page.getByRole('alert').filter({ hasText: 'Confirm your email to invite a parent' })).toBeVisible();
      await check(page, 'family-unconfirmed');
      // The family's time zone lives on the Family page (issue 29 point 15).
      await page.getByRole('combobox', { name: 'Time Zone' }).fill('new york');
      await expect(page.getByRole('option', { name: /America\/New York/ })).toBeVisible();
      await check(page, 'account-time-zone-list', { fullPage: false });
      await page.keyboard.press('Escape');

      // A confirmed family with a co-parent and a pending invitation, made once for both widths:
      // every browser test comes from one address, and invitations are limited per address.
      const members = await (membersFamily ??= confirmedFamilyWithMembers(playwright, baseURL!));
      expect((await page.request.post('/api/auth/parent-login', { headers: SAME_ORIGIN, data: { email: members.email, password: members.password } })).status()).toBe(200);
      const { pending, invitation } = members;

      await page.goto('/family');
      await expect(page.getByRole('list', { name: 'Parents' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(pending);
      await check(page, 'family');
      await checkDialog(page, 'dialog-remove-parent', () => page.getByRole('button', { name: 'Remove Robin' }).click(), 'Remove Robin?');
      await checkDialog(page, 'dialog-leave-family', () => page.getByRole('button', { name: 'Leave Family' }).click(), 'Leave the family?');
      await checkDialog(page, 'dialog-delete-family', () => page.getByRole('button', { name: 'Delete Family…' }).click(), 'Delete the family for good?');

      // The invitation as its recipient sees it (here in a browser signed in as someone else, which it says).
      await page.goto(pathOf(linkTo(invitation, '/invitation')));
      await expect(page.getByRole('button', { name: 'Join the Family' })).toBeVisible();
      await check(page, 'invitation');
    });
  });
}
