/**
 * Spec section 9 toasts: one visible at a time, gone after 5 s, F8 moves focus to the region.
 * The page clock is faked so the 5 s are exact and the test does not wait for them.
 */
import { expect, test } from './support/fixtures';
import { toast } from './support/session';

const region = (page: import('@playwright/test').Page) => page.locator('section[aria-label="Notifications (F8)"]');

test('a new toast replaces the one shown, and each leaves after 5 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/parent-login');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(toast(page, 'Please enter both email and password')).toBeVisible();

  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel(/^Password/).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await expect(toast(page, 'Please enter both email and password')).toHaveCount(0);
  await expect(region(page).locator('.MuiAlert-root')).toHaveCount(1);

  // Away from the toast, so hovering does not pause its timer.
  await page.mouse.move(5, 5);
  await page.clock.runFor(4_500);
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(toast(page, 'Login Failed')).toHaveCount(0);
});

test('F8 moves keyboard focus to the notification region, and Close dismisses a toast', async ({ page }) => {
  await page.goto('/parent-login');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(toast(page, 'Missing Information')).toBeVisible();

  await page.keyboard.press('F8');
  await expect(region(page)).toBeFocused();
  await region(page).getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'Missing Information')).toHaveCount(0);
});
