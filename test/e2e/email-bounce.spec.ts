/**
 * A parent whose address bounced (issue 20, decision 051): the local gateway's dev-only
 * `POST /local/ses-events` runs the deployed SES events handler on a permanent bounce, as SES and SNS
 * would deliver it (infra/local/ses-events.ts). The banner shows on the dashboard and Account
 * Settings, its button opens Account Settings, and the screens pass axe at 390 px in light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUpParent } from './support/family';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';

test.slow();

const BANNER_TITLE = "We couldn't deliver e-mail to your address";

async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${name}`).toEqual([]);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect.soft(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`390px ${colorScheme}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, colorScheme, hasTouch: true, isMobile: true });

    test('the parent whose address bounced sees the banner, and its button opens Account Settings', async ({ page }) => {
      // Prepare: a new family whose parent confirmed the address
      const email = uniqueEmail('bounce');
      await signUpParent(page, { firstName: 'Bo', email, password: 'bounce-pass1' });
      const welcome = await mailbox.waitFor(email, { match: (m) => m.html.includes('/verify-email') });
      await page.goto(pathOf(linkTo(welcome, '/verify-email')));
      await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
      await page.goto('/');
      const banner = page.getByRole('status').filter({ hasText: BANNER_TITLE });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);

      // Act: SES reports a permanent bounce of the address
      const res = await page.request.post('/local/ses-events', { data: { type: 'bounce', email } });
      expect(await res.json()).toEqual({ outcomes: ['marked'] });
      await page.reload();

      // Assess: the banner on the dashboard, with the address and the way to fix it
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(email);
      await expect(banner).toContainText('Change or confirm your address in Account Settings');
      await expectAccessible(page, `dashboard ${colorScheme}`);
      await banner.getByRole('link', { name: 'Open Account Settings' }).click();
      await expect(page).toHaveURL(/\/account$/);
      // On Account Settings: the banner without the button, and the e-mail card offers a new link
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link')).toHaveCount(0);
      const card = page.getByRole('status').filter({ hasText: 'Mail to this address bounced' });
      await expect(card.getByRole('button', { name: 'Send the link again' })).toBeVisible();
      await expectAccessible(page, `account settings ${colorScheme}`);
    });
  });
}
