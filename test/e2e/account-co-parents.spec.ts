/**
 * A second parent in the browser (issue 11), on the real e-mail path: invited, accepted, removed, leaving,
 * and a revoked invitation. The e2e server's local SES receives every message, and the tests follow the
 * links in it as a parent would.
 *
 * Every test makes a family of its own (unique addresses), so the tests can run in any order,
 * repeatedly, beside the other specs on the shared server; none touches the demo family.
 * Waits are on what the screen shows or on the mailbox's arrival of a message, never on time.
 * The steps they share: support/account.ts.
 */
import { API_ERRORS } from '../../shared/messages';
import { expectSignInRefused, newConfirmedFamily, openFromMenu, signedOutPage } from './support/account';
import { addChild, childCard } from './support/family';
import { expect, test } from './support/fixtures';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';
import { toast } from './support/session';

// Whole journeys through several pages and the mailbox, on a shared 2-core machine.
test.slow();

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
