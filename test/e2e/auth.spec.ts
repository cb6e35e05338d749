import { expect, test } from './support/fixtures';
import { randomUUID } from 'node:crypto';

test('a new parent signs up through the page, lands on the dashboard and logs out', async ({ page }) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Create Parent Account' }).first().click();
  await expect(page).toHaveURL(/\/parent-signup$/);

  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill('secret123');
  await page.getByLabel(/^Confirm Password/).fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /log out/i }).first()).toBeVisible();
  await expect(page.getByText('Parent Account').first()).toBeVisible();

  await page.getByRole('button', { name: /log out/i }).first().click();
  await expect(page.getByRole('link', { name: 'Create Parent Account' }).first()).toBeVisible();
  const me = await page.request.get('/api/auth/parent-user');
  expect(me.status()).toBe(401);
});

test('signup shows the spec validation toasts', async ({ page }) => {
  await page.goto('/parent-signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();

  await page.getByLabel('First Name').fill('Jo');
  await page.getByLabel('Email Address').fill('jo@example.com');
  await page.getByLabel(/^Password/).fill('secret1');
  await page.getByLabel(/^Confirm Password/).fill('secret2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match. Please try again.').first()).toBeVisible();
});

test('the demo parent logs in with the credentials the hint shows', async ({ page }) => {
  await page.goto('/parent-login');
  await expect(page.getByText('Try the demo family')).toBeVisible();
  const [email, password] = (await page.locator('dd').allInnerTexts()).map((t) => t.trim());
  expect(email).toMatch(/@/);
  expect(password).toBeTruthy();
  await page.getByLabel('Email').fill(email!);
  await page.getByLabel(/^Password/).fill(password!);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Parent Account').first()).toBeVisible();
});

test('wrong credentials show the Login Failed toast', async ({ page }) => {
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill('demo@chorequest.app');
  await page.getByLabel(/^Password/).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByText('Login Failed').first()).toBeVisible();
});

test('a child logs in and reaches only its dashboard', async ({ page }) => {
  await page.goto('/child-login');
  await page.getByLabel('Username').fill('emma');
  await page.getByLabel(/^Password/).fill('emma123');
  await page.getByRole('button', { name: 'Log In to My Chores' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Emma/).first()).toBeVisible();
  await page.goto('/children');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
});

test('signed-out visitors see the 404 page on unknown and parent-only paths', async ({ page }) => {
  for (const path of ['/no-such-page', '/children', '/chores', '/weekly-schedule']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  }
});
