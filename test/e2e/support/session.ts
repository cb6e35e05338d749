/** Sign-in helpers and locators shared by the end-to-end specs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PARENT } from '../../../shared/demo';

/** Signs in through the parent login page and waits for the dashboard. */
export async function logInAsParent(page: Page, email: string = DEMO_PARENT.email, password: string = DEMO_PARENT.password): Promise<void> {
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
}

/** Signs in through the child login page and waits for the child's dashboard. */
export async function logInAsChild(page: Page, username: string, password = `${username}123`): Promise<void> {
  await page.goto('/child-login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In to My Chores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
}

/**
 * Signs in through the API from the page's own browser context (the page shares its cookies), then
 * opens the dashboard: for tests that need someone signed in who has no saved session (a parent or
 * child the test made) and are not about the login page.
 */
export async function logInByApi(page: Page, who: 'parent' | 'child', login: string, password: string): Promise<void> {
  const res =
    who === 'parent'
      ? await page.request.post('/api/auth/parent-login', { data: { email: login, password }, headers: SAME_ORIGIN })
      : await page.request.post('/api/auth/child-login', { data: { username: login, password }, headers: SAME_ORIGIN });
  expect(res.ok(), `${who} login ${login}: ${res.status()} ${await res.text()}`).toBe(true);
  await page.goto('/');
  if (who === 'parent') {
    await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
  }
}

/**
 * A toast's text. Located by CSS, not by role: while a modal dialog is open MUI hides the rest of
 * the page (the toast region too) from the accessibility tree.
 */
export const toast = (page: Page, text: string | RegExp) => page.locator('section[aria-label^="Notifications"]').getByText(text);

/** Closes the visible toast, so the next step's toast cannot be confused with this one. */
export async function dismissToast(page: Page): Promise<void> {
  const region = page.locator('section[aria-label^="Notifications"]');
  await region.getByRole('button', { name: 'Close', includeHidden: true }).click();
  await expect(region.locator('.MuiAlert-root')).toHaveCount(0);
}

/**
 * Headers for API calls a test makes in place of the app's own fetches: the API refuses a write
 * that names no same-origin source (Fetch Metadata, Origin or Referer), as a browser always sends one.
 */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

/**
 * Ticks a child's chore box with the keyboard (focus, Space), as a keyboard user does, and waits
 * for it to show ticked. A pointer click lands where the box was a moment ago: right after the
 * dashboard opens, its cards above the list may still be filling in (the goal, money news), and a
 * click on the old spot missed the box now and then.
 */
export async function tickByKeyboard(box: Locator): Promise<void> {
  await expect(box).toBeEnabled();
  await box.focus();
  await box.press('Space');
  await expect(box).toBeChecked();
}
