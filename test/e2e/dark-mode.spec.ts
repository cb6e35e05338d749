/**
 * Dark mode (issue 12): the app follows the system setting; a toggle in the parent shell and in the
 * child's header overrides it and is remembered on the device; printing stays light. The axe checks
 * of every screen run in both schemes in a11y.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, openChildDashboard, openParentDashboard, test } from './support/fixtures';

const NIGHT = 'rgb(21, 18, 31)'; // theme.ts BRAND.night
const DAY = 'rgb(247, 245, 255)'; // theme.ts BRAND.background

const scheme = (page: Page) => page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('with the system in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test.describe('the demo parent', () => {
    test.use({ signedInAs: 'parent' });

    test('the app follows it; the parent’s toggle switches to light and is remembered; printing is light', async ({ page }) => {
      await openParentDashboard(page);
      const toggle = page.getByRole('button', { name: 'Dark mode' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(await scheme(page)).toBe('dark');
      await expect.poll(() => background(page)).toBe(NIGHT);
      await page.screenshot({ path: '/tmp/a11y-shots/dark-dashboard.png', fullPage: true });

      // Printing: light while the print dialog is up, dark again afterwards.
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      expect(await scheme(page)).toBe('light');
      await expect.poll(() => background(page)).toBe(DAY);
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      expect(await scheme(page)).toBe('dark');

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => background(page)).toBe(DAY);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
      expect(await scheme(page)).toBe('light');
      await page.goto('/children');
      await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
    });
  });

  test('the prerendered landing page follows it without any script', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'ChoreQuest' })).toBeVisible();
    await expect.poll(() => background(page)).toBe(NIGHT);
  });
});

test.describe('with the system in light mode', () => {
  test.use({ colorScheme: 'light', signedInAs: 'emma' });

  test('the child’s header toggle switches to dark, remembered on the device', async ({ page }) => {
    await openChildDashboard(page);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await background(page)).toBe(DAY);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => background(page)).toBe(NIGHT);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => background(page)).toBe(NIGHT);
    await page.screenshot({ path: '/tmp/a11y-shots/dark-child.png', fullPage: true });
  });
});
