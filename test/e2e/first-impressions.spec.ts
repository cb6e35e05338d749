/**
 * Issue 18, as a new family sees it: navigation to every parent page with the current one marked
 * (390 and 1280 px), the getting-started guide ticking itself off from real data, missed days said
 * kindly, charts that fit every width (checked with bounding boxes), the weekly report's header and
 * Print button, sign-up marking every empty field, the date on every day cell, and "Forgot
 * password?" on an unconfirmed address done with one link. axe stays at 0 serious on the new parts.
 */
import type { Page } from '@playwright/test';
import { API_ERRORS, VALIDATION } from '../../shared/messages';
import { axeScan, isSerious } from './support/axe';
import { expectChartFits } from './support/layout';
import { addChild } from './support/family';
import { expect, openChildDashboard, openParentDashboard, test } from './support/fixtures';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';
import { newFamily } from './support/own-family';
import { logInByApi, SAME_ORIGIN, toast } from './support/session';

test.slow();

const PARENT_PAGES = [
  { tab: 'Dashboard', path: '/', heading: /^Welcome/ },
  { tab: 'Children', path: '/children', heading: 'All Children' },
  { tab: 'Chores', path: '/chores', heading: 'All Chores' },
  { tab: 'Schedule', path: '/weekly-schedule', heading: 'Weekly Schedule' },
] as const;

/** Serious or critical axe violations on the page as it is, in its current scheme (every rule). */
async function axeSerious(page: Page): Promise<string[]> {
  const results = await axeScan(page);
  return results.violations.filter(isSerious).flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

// At 1280 px; phone-layout.spec.ts walks the same pages at 390 px, with the bottom bar.
test.describe('navigation at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, signedInAs: 'parent' });

  test('every parent page is one tap away and the current one is marked (desktop)', async ({ page }) => {
    await openParentDashboard(page);
    const nav = page.getByRole('navigation', { name: 'Parent sections' });
    // One bar is shown: the top tabs from 600 px up (the bottom bar on a phone: phone-layout.spec.ts).
    await expect(nav).toHaveCount(1);
    for (const p of PARENT_PAGES) {
      await nav.getByRole('tab', { name: p.tab }).click();
      await expect(page).toHaveURL(new RegExp(`${p.path === '/' ? '/$' : p.path}`));
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      // Exactly one tab is marked, and it is this page's.
      await expect(nav.getByRole('tab', { selected: true })).toHaveCount(1);
      await expect(nav.getByRole('tab', { name: p.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(nav.getByRole('tab', { name: p.tab })).toHaveAttribute('aria-current', 'page');
    }
    // The account menu is labelled with the spec's "Parent Account" and leads to the account pages.
    await page.getByRole('button', { name: 'Parent Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Family Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
    await expect(nav.getByRole('tab', { selected: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Parent Account' })).toHaveAttribute('aria-current', 'page');
  });

  test('charts and their tables fit, with no clipped or overlapping text (desktop)', async ({ page }) => {
    await page.goto('/children');
    const history = page.locator('[data-testid^="earnings-history-"]').first();
    // The demo's latest weeks have earnings (its first weeks are empty, their bars flat).
    await expect(history.locator('svg .MuiBarChart-element').last()).toBeVisible();
    await expectChartFits(page);
  });
});

test.describe('charts at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 }, hasTouch: true, isMobile: true, signedInAs: 'parent' });
  test('fit with every label whole', async ({ page }) => {
    await page.goto('/children');
    await expect(page.locator('[data-testid^="earnings-history-"]').first().locator('svg .MuiBarChart-element').last()).toBeVisible();
    await expectChartFits(page);
  });
});

test('a new family’s getting-started guide ticks itself off from what they do, and is gone once done', async ({ page, browser }) => {
  await newFamily(page, 'guide', { firstName: 'Gwen' });
  const guide = page.getByRole('region', { name: 'Getting started' });
  await expect(guide).toContainText('0 of 5 steps done');
  expect(await axeSerious(page)).toEqual([]);

  await addChild(page, guide.getByRole('button', { name: 'Add Child' }), { name: 'Nora', age: 6 });
  await expect(guide).toContainText('1 of 5 steps done');

  await guide.getByRole('button', { name: 'Set Nora’s Login' }).click();
  const login = page.getByRole('dialog', { name: /Login$/ });
  const username = `nora${Date.now().toString(36)}`;
  await login.getByLabel(/^Username/).fill(username);
  await login.getByLabel(/^Password/).fill('nora123');
  await login.getByRole('button', { name: /^(Set|Save|Update)/ }).click();
  await expect(toast(page, 'Login credentials set for the child')).toBeVisible();
  await expect(guide).toContainText('2 of 5 steps done');

  await guide.getByRole('button', { name: 'Add New Chore' }).click();
  const chore = page.getByRole('dialog', { name: 'Add New Chore' });
  await chore.getByLabel(/^Name/).fill('Feed the fish');
  await chore.getByLabel(/^Amount/).fill('0.50');
  await chore.getByRole('button', { name: 'Create Chore' }).click();
  await expect(toast(page, 'Chore created successfully!')).toBeVisible();
  await expect(guide).toContainText('3 of 5 steps done');

  await guide.getByRole('button', { name: 'Hand Out the Week' }).click();
  await expect(toast(page, 'Weekly chores have been reassigned!')).toBeVisible();
  await expect(guide).toContainText('4 of 5 steps done');
  await guide.getByRole('button', { name: 'Show How' }).click();
  await expect(guide.getByRole('alert')).toContainText('/child-login');

  // The child signs in on their own device; the parent's dashboard sees it on the next load.
  const kid = await (await browser.newContext({ storageState: undefined })).newPage();
  await logInByApi(kid, 'child', username, 'nora123');
  await kid.context().close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Gwen!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect(guide).toHaveCount(0);
});

test('the guide can be hidden, and stays hidden on this device', async ({ page }) => {
  await newFamily(page, 'hide', { firstName: 'Hal' });
  const guide = page.getByRole('region', { name: 'Getting started' });
  await guide.getByRole('button', { name: 'Hide the getting-started guide' }).click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect(guide).toHaveCount(0);
});

test.describe('a new family’s first look, the guide’s code arriving late', () => {
  // The service worker would serve the code from its cache, past the delay.
  test.use({ serviceWorkers: 'block' });
  test('Quick Actions shows only with the guide above it: nothing drops in over a button about to be clicked', async ({ page }) => {
    // Before, the content showed first and the guide dropped in above it when its code came: a
    // click on "Add New Chore" could land on the moved page and open nothing (a flaky test found it).
    await page.route(/\/getting-started-card-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await newFamily(page, 'late-guide', { firstName: 'Lou' });
    const quickActions = page.getByRole('region', { name: 'Quick Actions' });
    await quickActions.waitFor();
    expect(await page.getByRole('region', { name: 'Getting started' }).count()).toBe(1);
    const before = await quickActions.boundingBox();
    await expect(page.getByRole('region', { name: 'Master Chore List' })).toBeVisible();
    expect(await quickActions.boundingBox()).toEqual(before);
  });
});

test.describe('Mia', () => {
  test.use({ signedInAs: 'mia' });

  test('a child sees past days as missed, kindly, and goals counted in what can still be done', async ({ page }) => {
    await openChildDashboard(page);
    const progress = page.getByRole('region', { name: 'My Progress' });
    const outlook = progress.getByTestId('progress-outlook');
    await expect(outlook).toContainText('still to do this week');
    // The demo's week began before today: days without a tick are missed, never "open".
    const weekday = await page.evaluate(() => document.body.innerText.match(/Today is (\w+)/)?.[1]);
    test.skip(weekday === 'Sunday', 'On a Sunday no day of the week has passed yet.');
    await expect(outlook).toContainText('missed, and that’s OK');
    // Daily chores count done, to go and missed days, never "0 of 7" with past days open.
    await expect(page.getByText(/^\d+ done(, \d+ to go)?(, \d+ missed)?$/).first()).toBeVisible();
    await expect(page.getByText(/of 7 days done/)).toHaveCount(0);
    // The earnings tiles speak a child's language, the spec's names beside them.
    for (const [words, spec] of [['This week', 'Week to Date'], ['This month', 'Month to Date'], ['This year', 'Year to Date']] as const) {
      await expect(progress.getByText(words, { exact: true }).last()).toBeVisible();
      await expect(progress.getByText(spec, { exact: true })).toBeVisible();
    }
  });
});

test.describe('the child on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, signedInAs: 'emma' });
  test('sees the chores before progress and earnings', async ({ page }) => {
    await openChildDashboard(page);
    const chores = (await page.getByRole('heading', { name: 'My Chores' }).boundingBox())!;
    const progress = (await page.getByRole('heading', { name: 'My Progress' }).boundingBox())!;
    expect(chores.y).toBeLessThan(progress.y);
    expect(chores.y).toBeLessThan(844);
  });
});

test.describe('the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('the weekly report has a way back, a working Print button and the dark scheme on screen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.goto('/api/reports/weekly');
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Report' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to ChoreQuest/ })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(18, 16, 24)');
    expect(await axeSerious(page)).toEqual([]);
    // Printing stays light: the print media turns the scheme back.
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(255, 255, 255)');
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: /Back to ChoreQuest/ }).click();
    await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  });

  test('every day cell of the schedule and the children page carries its date', async ({ page }) => {
    await page.goto('/weekly-schedule');
    const strip = page.getByRole('list', { name: /, Monday to Sunday$/ }).first();
    await expect(strip.getByTestId('day-date')).toHaveCount(7);
    const dates = await strip.getByTestId('day-date').allInnerTexts();
    // Monday to Sunday (the spec's order): the week's own Sunday, its first day, comes last.
    const numbers = dates.map(Number);
    expect(numbers.slice(0, 6).every((d, i) => i === 0 || d === numbers[i - 1]! + 1 || d === 1)).toBe(true);
    await page.goto('/children');
    await expect(page.getByTestId('day-date').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
  });

  test('a chore list speaks of ongoing chores and one difficulty scale', async ({ page }) => {
    await openParentDashboard(page);
    // Today's list names the continuous category "Ongoing", as the children page does.
    await expect(page.getByText('Ongoing', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Continuous', { exact: true })).toHaveCount(0);
    await page.goto('/chores');
    // The spec's Level badge, with the level's name beside it (the scale the child sees).
    await expect(page.getByText(/^Level \d$/).first()).toBeVisible();
    await expect(page.getByText(/^(Very Easy|Easy|Medium|Hard|Very Hard)$/).first()).toBeVisible();
  });
});

test('an empty sign-up marks every required field and focuses the first', async ({ page }) => {
  await page.goto('/parent-signup');
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, VALIDATION.signupMissing.description)).toBeVisible();
  for (const field of ['First Name', 'Email Address', /^Password/]) await expect(page.getByLabel(field).first()).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Last Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First Name')).toBeFocused();
});

test('"Forgot password?" on an address never confirmed takes one e-mail: its link goes straight to the new password', async ({ page }) => {
  const email = uniqueEmail('onelink');
  const signup = await page.request.post('/api/auth/parent-signup', { headers: SAME_ORIGIN, data: { firstName: 'Una', email, password: 'first-pass1' } });
  expect(signup.status()).toBe(201);
  await page.context().clearCookies();
  const before = await mailbox.cursor(email);
  await page.goto(`/forgot-password?${new URLSearchParams({ email })}`);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  const mail = await mailbox.waitFor(email, { after: before, match: (m) => m.html.includes('/verify-email') });
  await page.goto(pathOf(linkTo(mail, '/verify-email')));
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel(/^New Password/).fill('second-pass2');
  await page.getByLabel(/^Confirm New Password/).fill('second-pass2');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText(/Your password was changed/).first()).toBeVisible();
  const login = await page.request.post('/api/auth/parent-login', { headers: SAME_ORIGIN, data: { email, password: 'second-pass2' } });
  expect(login.status()).toBe(200);
  const old = await page.request.post('/api/auth/parent-login', { headers: SAME_ORIGIN, data: { email, password: 'first-pass1' } });
  expect(old.status()).toBe(401);
  expect((await old.json()).message).toBe(API_ERRORS.invalidCredentials);
});
