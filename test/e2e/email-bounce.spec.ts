/**
 * A parent whose address bounced (issue 20, decision 051): the local gateway's dev-only
 * `POST /local/ses-events` runs the deployed SES events handler on a permanent bounce, as SES and SNS
 * would deliver it (infra/local/ses-events.ts). The banner shows on the dashboard and Account
 * Settings, its button opens Account Settings, and the screens pass axe at 390 px in light and dark.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkTo, mailbox, pathOf } from './support/mailbox';
import { signUpFromOwnAddress } from './support/own-family';
import { thisWorkersServer } from './support/servers';

test.slow();

const BANNER_TITLE = "We couldn't deliver e-mail to your address";

/** axe in both schemes (every rule in light, the colour rules in dark), and no sideways scrolling. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  expect.soft(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect.soft(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

// A phone's screen: the banner is about what a parent sees first there.
test.describe('390px, light and dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the parent whose address bounced sees the banner, and its button opens Account Settings', async ({ page }) => {
    // Prepare: a new family (through the API: the sign-up form has specs of its own) whose parent confirmed the address
    const email = `bounce-${randomUUID().slice(0, 8)}@example.com`;
    await signUpFromOwnAddress(page, new URL(thisWorkersServer().baseURL), { firstName: 'Bo', email, password: 'bounce-pass1' });
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
    await expectAccessible(page, 'dashboard');
    await banner.getByRole('link', { name: 'Open Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    // On Account Settings: the banner without the button, and the e-mail card offers a new link
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link')).toHaveCount(0);
    const card = page.getByRole('status').filter({ hasText: 'Mail to this address bounced' });
    await expect(card.getByRole('button', { name: 'Send the link again' })).toBeVisible();
    await expectAccessible(page, 'account settings');
  });
});
