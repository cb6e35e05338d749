import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_CHILDREN, DEMO_PARENT } from '../../shared/demo';

/**
 * The sign-in pages arrive prerendered (frontend/prerender/, decision 025): the form is in the HTML,
 * inert and read-only until the app has taken it over in place. These tests hold the boot script
 * back to look at the page before any of our JavaScript runs, then let it go.
 */

/** Holds every request for the sign-in boot script until the returned function is called. */
async function holdBoot(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/sign-in-boot-*.js', (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.continue();
  };
}

/** React's production errors (a hydration mismatch is reported as one) and uncaught page errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const live = (page: Page) => expect(page.locator('#root[inert], [data-until-hydrated]')).toHaveCount(0);

test('the parent sign-in form is in the HTML, inert and read-only until the app takes it over in place', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdBoot(page);
  await page.goto('/parent-login', { waitUntil: 'commit' });

  // Before any of our scripts: the whole page is there, and nothing can be typed or submitted yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Parent Sign In' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  const email = page.locator('input[name="email"]');
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.locator('input[name="password"]')).toHaveAttribute('readonly', '');
  expect(await page.evaluate(() => document.querySelectorAll('script[type="module"]').length)).toBe(0);
  // The same form element before and after: hydrated, not rendered again.
  await page.evaluate(() => {
    (document.querySelector('form') as HTMLFormElement & { prerendered?: boolean }).prerendered = true;
  });

  await release();
  await live(page);
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(await page.evaluate(() => (document.querySelector('form') as HTMLFormElement & { prerendered?: boolean }).prerendered)).toBe(true);
  // The ids React gave the fields on the build machine are the ids it uses now.
  const unmatched = await page.evaluate(() =>
    [...document.querySelectorAll('label[for], [aria-describedby], [aria-labelledby]')].flatMap((el) =>
      [el.getAttribute('for'), ...(el.getAttribute('aria-describedby') ?? '').split(' '), ...(el.getAttribute('aria-labelledby') ?? '').split(' ')]
        .filter((id): id is string => Boolean(id))
        .filter((id) => !document.getElementById(id)),
    ),
  );
  expect(unmatched).toEqual([]);
  expect(errors).toEqual([]);

  // And it works: the demo parent signs in.
  await page.getByRole('button', { name: 'Fill in the demo login' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_PARENT.email);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Parent Account').first()).toBeVisible();
});

test('the child sign-in page is prerendered, and a child signs in once it is live', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdBoot(page);
  await page.goto('/child-login', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Log In to My Chores' })).toBeVisible();
  await expect(page.locator('input[name="username"]')).toHaveAttribute('readonly', '');

  await release();
  await live(page);
  const emma = DEMO_CHILDREN[0];
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(emma.username);
  await page.getByLabel(/^Password/).fill(emma.password);
  await page.getByRole('button', { name: 'Log In to My Chores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Hi, ${emma.displayName}`) })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the sign-up page is prerendered and hydrated without errors', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/parent-signup');
  await live(page);
  await expect(page.getByLabel('First Name')).toBeFocused();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a sign-in link with an address (?email=) is rendered afresh with it filled in', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`/parent-login?email=${encodeURIComponent(DEMO_PARENT.email)}`);
  await live(page);
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_PARENT.email);
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Parent Sign In' })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test.describe('on a device set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the prerendered page is dark before the app starts', async ({ page }) => {
    const release = await holdBoot(page);
    await page.goto('/parent-login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Parent Sign In' })).toBeVisible();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // theme.ts: the night background (#15121f), not the light one (#f7f5ff).
    expect(await background()).toBe('rgb(21, 18, 31)');
    await release();
    await live(page);
    expect(await background()).toBe('rgb(21, 18, 31)');
  });
});

test('the local server serves each sign-in page its prerendered document, compressed and revalidated, and other routes the shell', async ({ request }) => {
  for (const path of ['/parent-login', '/parent-signup', '/child-login']) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root" data-prerendered="" inert="">');
  }
  const shell = await (await request.get('/forgot-password')).text();
  expect(shell).toContain('<div id="root"></div>');
  // The boot script is a hashed asset: kept for a year.
  const boot = /src="(\/assets\/sign-in-boot-[^"]+\.js)"/.exec(await (await request.get('/child-login')).text())?.[1];
  expect(boot).toBeTruthy();
  expect((await request.get(boot!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
