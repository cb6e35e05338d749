/**
 * Deleting a family in the browser (issue 11), on the real e-mail path: the e2e server's local SES
 * receives every message, and the test follows the links in it as a parent would.
 *
 * Every test makes a family of its own (unique addresses), so the tests can run in any order,
 * repeatedly, beside the other specs on the shared server; none touches the demo family.
 * Waits are on what the screen shows or on the mailbox's arrival of a message, never on time.
 * The steps they share: support/account.ts.
 */
import { API_ERRORS } from '../../shared/messages';
import { expectSignInRefused, newConfirmedFamily, openFromMenu, signedOutPage } from './support/account';
import { addChild, childCard, signUpParent } from './support/family';
import { expect, test } from './support/fixtures';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';

// Whole journeys through several pages and the mailbox, on a shared 2-core machine.
test.slow();

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
