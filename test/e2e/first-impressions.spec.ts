/**
 * Issue 18, as a new family sees it: navigation to every parent page with the current one marked
 * (390 and 1280 px), the getting-started guide ticking itself off from real data, missed days said
 * kindly, charts that fit every width (checked with bounding boxes), the weekly report's header and
 * Print button, sign-up marking every empty field, the date on every day cell, and "Forgot
 * password?" on an unconfirmed address done with one link. axe stays at 0 serious on the new parts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CHILDREN } from '../../shared/demo';
import { API_ERRORS, VALIDATION } from '../../shared/messages';
import { addChild, signUpParent } from './support/family';
import { linkTo, mailbox, pathOf, uniqueEmail } from './support/mailbox';
import { logInAsChild, logInAsParent, SAME_ORIGIN, toast } from './support/session';

test.slow();

const PARENT_PAGES = [
  { tab: 'Dashboard', path: '/', heading: /^Welcome/ },
  { tab: 'Children', path: '/children', heading: 'All Children' },
  { tab: 'Chores', path: '/chores', heading: 'All Chores' },
  { tab: 'Schedule', path: '/weekly-schedule', heading: 'Weekly Schedule' },
] as const;

async function axeSerious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

for (const { label, viewport, mobile } of [
  { label: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  { label: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false },
]) {
  test.describe(`navigation at ${viewport.width}px`, () => {
    test.use({ viewport, hasTouch: mobile, isMobile: mobile });

    test(`every parent page is one tap away and the current one is marked (${label})`, async ({ page }) => {
      await logInAsParent(page);
      const nav = page.getByRole('navigation', { name: 'Parent sections' });
      // One bar is shown: the top tabs from 600 px up, the bottom bar on a phone.
      await expect(nav).toHaveCount(1);
      if (mobile) {
        const box = (await nav.boundingBox())!;
        expect(box.y + box.height).toBeGreaterThan(viewport.height - 2);
      }
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
      // Nothing of the page hides behind the phone's bottom bar: the page's end scrolls clear of it.
      if (mobile) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const navTop = (await nav.boundingBox())!.y;
        const lastCard = page.locator('main .MuiCard-root').last();
        expect((await lastCard.boundingBox())!.y + (await lastCard.boundingBox())!.height).toBeLessThanOrEqual(navTop + 1);
      }
    });

    test(`charts and their tables fit, with no clipped or overlapping text (${label})`, async ({ page }) => {
      await logInAsParent(page);
      await page.goto('/children');
      const history = page.locator('[data-testid^="earnings-history-"]').first();
      // The demo's latest weeks have earnings (its first weeks are empty, their bars flat).
      await expect(history.locator('svg .MuiBarChart-element').last()).toBeVisible();
      await expectChartFits(page);
    });
  });
}

test.describe('charts at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 }, hasTouch: true, isMobile: true });
  test('fit with every label whole', async ({ page }) => {
    await logInAsParent(page);
    await page.goto('/children');
    await expect(page.locator('[data-testid^="earnings-history-"]').first().locator('svg .MuiBarChart-element').last()).toBeVisible();
    await expectChartFits(page);
  });
});

/** Every earnings table's cells show their whole text; every chart's tick labels stay inside it and do not overlap; nothing scrolls sideways. */
async function expectChartFits(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const problems: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('[data-testid^="earnings-history-"] td, [data-testid^="earnings-history-"] th')) {
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`cell "${cell.textContent}" clipped (${cell.scrollWidth} > ${cell.clientWidth})`);
      const r = cell.getBoundingClientRect();
      const region = cell.closest('[role="region"]')!.getBoundingClientRect();
      if (r.right > region.right + 1) problems.push(`cell "${cell.textContent}" past its table's edge`);
    }
    for (const svg of document.querySelectorAll<SVGSVGElement>('[data-testid^="earnings-history-"] svg.MuiChartsSvgLayer-root')) {
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll<SVGTextElement>('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
      if (labels.length < 3) problems.push(`only ${labels.length} week labels`);
      labels.forEach((l, i) => {
        if (l.r.left < box.left - 1 || l.r.right > box.right + 1) problems.push(`label "${l.text}" cut at the chart's edge`);
        const next = labels[i + 1];
        if (next && next.r.left < l.r.right) problems.push(`labels "${l.text}" and "${next.text}" overlap`);
      });
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
    return problems;
  });
  expect(report).toEqual([]);
}

test('a new family’s getting-started guide ticks itself off from what they do, and is gone once done', async ({ page, browser }) => {
  const email = uniqueEmail('guide');
  await signUpParent(page, { firstName: 'Gwen', email, password: 'guide-pass1' });
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
  const kid = await (await browser.newContext()).newPage();
  await logInAsChild(kid, username, 'nora123');
  await kid.context().close();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Gwen!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect(guide).toHaveCount(0);
});

test('the guide can be hidden, and stays hidden on this device', async ({ page }) => {
  await signUpParent(page, { firstName: 'Hal', email: uniqueEmail('hide'), password: 'hide-pass1' });
  const guide = page.getByRole('region', { name: 'Getting started' });
  await guide.getByRole('button', { name: 'Hide the getting-started guide' }).click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect(guide).toHaveCount(0);
});

test('a child sees past days as missed, kindly, and goals counted in what can still be done', async ({ page }) => {
  await logInAsChild(page, DEMO_CHILDREN[2].username, DEMO_CHILDREN[2].password);
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

test.describe('the child on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('sees the chores before progress and earnings', async ({ page }) => {
    await logInAsChild(page, DEMO_CHILDREN[0].username, DEMO_CHILDREN[0].password);
    const chores = (await page.getByRole('heading', { name: 'My Chores' }).boundingBox())!;
    const progress = (await page.getByRole('heading', { name: 'My Progress' }).boundingBox())!;
    expect(chores.y).toBeLessThan(progress.y);
    expect(chores.y).toBeLessThan(844);
  });
});

test('the weekly report has a way back, a working Print button and the dark scheme on screen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await logInAsParent(page);
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

test('an empty sign-up marks every required field and focuses the first', async ({ page }) => {
  await page.goto('/parent-signup');
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, VALIDATION.signupMissing.description)).toBeVisible();
  for (const field of ['First Name', 'Email Address', /^Password/]) await expect(page.getByLabel(field).first()).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Last Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First Name')).toBeFocused();
});

test('every day cell of the schedule and the children page carries its date', async ({ page }) => {
  await logInAsParent(page);
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

test('a chore list speaks of ongoing chores and one difficulty scale', async ({ page }) => {
  await logInAsParent(page);
  // Today's list names the continuous category "Ongoing", as the children page does.
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect(page.getByText('Ongoing', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Continuous', { exact: true })).toHaveCount(0);
  await page.goto('/chores');
  // The spec's Level badge, with the level's name beside it (the scale the child sees).
  await expect(page.getByText(/^Level \d$/).first()).toBeVisible();
  await expect(page.getByText(/^(Very Easy|Easy|Medium|Hard|Very Hard)$/).first()).toBeVisible();
});
