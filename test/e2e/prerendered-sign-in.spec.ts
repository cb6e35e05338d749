import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
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

/**
 * The ids React gave the fields on the build machine are the ids it uses now. React does not patch
 * an attribute that differs when it hydrates (the DOM keeps the build's), so each id-carrying
 * attribute is compared with the prop React holds for it, and every id referred to must exist.
 */
async function expectIdsAsReactHasThem(page: Page): Promise<void> {
  const { compared, mismatched, dangling } = await page.evaluate(() => {
    const pairs = [
      ['id', 'id'],
      ['for', 'htmlFor'],
      ['aria-describedby', 'aria-describedby'],
      ['aria-labelledby', 'aria-labelledby'],
    ] as const;
    const propsOf = (el: Element) => {
      const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
      return key ? ((el as unknown as Record<string, Record<string, unknown>>)[key] ?? {}) : {};
    };
    const result = { compared: 0, mismatched: [] as string[], dangling: [] as string[] };
    for (const el of document.querySelectorAll('#root [id], #root [for], #root [aria-describedby], #root [aria-labelledby]')) {
      const props = propsOf(el);
      for (const [attribute, prop] of pairs) {
        const value = el.getAttribute(attribute);
        if (value === null) continue;
        for (const id of value.split(' ').filter(Boolean)) if (attribute !== 'id' && !document.getElementById(id)) result.dangling.push(id);
        if (props[prop] === undefined) continue;
        result.compared += 1;
        if (String(props[prop]) !== value) result.mismatched.push(`<${el.tagName.toLowerCase()} ${attribute}="${value}"> but React has ${String(props[prop])}`);
      }
    }
    return result;
  });
  expect(compared).toBeGreaterThan(2);
  expect(mismatched).toEqual([]);
  expect(dangling).toEqual([]);
}

/** Records whether the loading spinner (FullPageSpinner) was ever in the page. */
async function watchForSpinner(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = () => document.querySelector('[aria-label="Loading"]') !== null;
    new MutationObserver(() => {
      if (seen()) (window as unknown as { spinnerSeen: boolean }).spinnerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => Boolean((window as unknown as { spinnerSeen?: boolean }).spinnerSeen));
}

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
  await expectIdsAsReactHasThem(page);
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
  await expectIdsAsReactHasThem(page);
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
  await expectIdsAsReactHasThem(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('on a slow phone (CPU six times slower) each sign-in page opens only once React owns its fields', async ({ page }) => {
  // Hydrating, React commits the app's shell before the page inside its Suspense boundary: the
  // page must not open in between (it did; CI's slower machine showed it).
  const errors = collectErrors(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (const [path, field] of [['/parent-signup', 'First Name'], ['/child-login', 'Username'], ['/parent-login', 'Email']] as const) {
    await page.goto(path);
    await live(page);
    await expectIdsAsReactHasThem(page);
    await expect(page.getByLabel(field)).toBeFocused();
  }
  expect(errors).toEqual([]);
});

test('a sign-in link with an address (?email=) is rendered afresh with it filled in, straight from the prerendered page', async ({ page }) => {
  const errors = collectErrors(page);
  const spinnerSeen = await watchForSpinner(page);
  await page.goto(`/parent-login?email=${encodeURIComponent(DEMO_PARENT.email)}`);
  await live(page);
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_PARENT.email);
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Parent Sign In' })).toHaveCount(1);
  // The page's code was loaded before the render: no loading spinner between the two forms.
  expect(await spinnerSeen()).toBe(false);
  expect(errors).toEqual([]);
});

test('when the app cannot be loaded, the page tries once more, then says so with a Reload that works', async ({ page }) => {
  let blocked = true;
  await page.route('**/assets/index-*.js', (route) => (blocked ? route.abort('connectionfailed') : route.continue()));
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) loads += 1;
  });
  await page.goto('/parent-login');
  const alert = page.getByRole('alert').filter({ hasText: 'ChoreQuest could not load. Check your connection and try again.' });
  await expect(alert).toBeVisible();
  // Reloaded once, then the message (not a loop of reloads).
  expect(loads).toBe(2);
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeFocused();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');

  blocked = false;
  await alert.getByRole('button', { name: 'Reload' }).click();
  await live(page);
  await expect(alert).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeFocused();
});

test("when the page's own code cannot be loaded, the app's error page is shown, and its button can be used", async ({ page }) => {
  await page.route('**/assets/parent-login-page-*.js', (route) => route.abort('connectionfailed'));
  await page.goto('/parent-login');
  const reload = page.getByRole('button', { name: 'Reload the page' });
  await expect(reload).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await reload.focus();
  await expect(reload).toBeFocused();
});

test('a page scrolled before the app took it over stays where it was', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 480 });
  const release = await holdBoot(page);
  await page.goto('/parent-signup', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 200));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await release();
  await live(page);
  await expect(page.getByLabel('First Name')).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
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
