/**
 * Everything reachable by keyboard (spec), split from a11y.spec.ts: the parent's and the child's login
 * from the keyboard alone, and a dashboard dialog opened with Tab and Enter that traps focus and gives
 * it back on Escape.
 */
import { DEMO_PARENT } from '../../shared/demo';
import { expect, openParentDashboard, test } from './support/fixtures';

// The tests are independent (each opens its own screens and cancels what it opens): both workers share them.
test.describe.configure({ mode: 'parallel' });

test.describe('keyboard', () => {
  test('parent login: Tab goes email, password, show password, submit; Enter signs in', async ({ page }) => {
    await page.goto('/parent-login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel(/^Password/);
    await expect(email).toBeFocused(); // autofocus
    await page.keyboard.type(DEMO_PARENT.email);
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type(DEMO_PARENT.password);
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: /show password/i });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter'); // the toggle works from the keyboard
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: /hide password/i })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(password).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ signedInAs: 'parent' });

    test('dashboard: Add New Chore opens from the keyboard, traps focus, Escape closes and returns focus', async ({ page }) => {
      await openParentDashboard(page);
      const trigger = page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' });
      // Reach the button with Tab from the top of the page, as a keyboard user would.
      await page.locator('body').focus();
      let reached = false;
      // The bound allows for every child card before Quick Actions: other tests add children.
      for (let i = 0; i < 300 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await trigger.evaluate((el) => el === document.activeElement);
      }
      expect(reached, 'Add New Chore is reachable with Tab').toBe(true);
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
      await expect(dialog).toBeVisible();
      const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
      await expect.poll(focusInDialog).toBe(true);
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(), `focus stays in the dialog after ${i + 1} Tabs`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  });

  test('child login works from the keyboard alone', async ({ page }) => {
    await page.goto('/child-login');
    // The page opens with the focus in Username (autofocus), once the prerendered page is live.
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.keyboard.type('emma');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^Password/)).toBeFocused();
    await page.keyboard.type('emma123');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, Emma/ })).toBeVisible();
  });
});
