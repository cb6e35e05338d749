/**
 * The installable, offline-tolerant app (issue 12): the web app manifest and its icons, the
 * service worker (Workbox) registered and controlling the app, the child dashboard offline on the
 * last loaded week (read-only, with a notice), the cached API answers cleared at logout, and a new
 * deployment announced with "New version available" and a Reload button.
 *
 * The other specs block service workers (playwright.config.ts); these allow them.
 */
import type { Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, openChildDashboard, openParentDashboard, test } from './support/fixtures';
import { thisWorkersServer } from './support/servers';
import { logInAsChild } from './support/session';

test.use({ serviceWorkers: 'allow' });

/** The web build this worker's server serves (a copy of its own, support/servers.ts). */
const DIST = thisWorkersServer().webDistDir;

/** Waits until a service worker is active and controls this page (a reload after the first install). */
async function controlledBySw(page: Page): Promise<void> {
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active), undefined, { timeout: 30_000 });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/** Entries of the service worker's offline copy of the API answers. */
const cachedApiUrls = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('chorequest-api'))) return [];
    const cache = await caches.open('chorequest-api');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });

test('the app has an install manifest with maskable icons made from the logo and the theme colour', async ({ page, request }) => {
  for (const path of ['/', '/parent-login']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  }
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'ChoreQuest', short_name: 'ChoreQuest', start_url: '/', display: 'standalone', theme_color: '#5b3cc4' });
  expect(manifest.icons.find((i) => i.purpose === 'maskable')).toMatchObject({ sizes: '512x512' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.ok(), icon.src).toBe(true);
    expect(png.headers()['content-type']).toBe('image/png');
  }
});

test('the service worker registers from the landing page and precaches the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'ChoreQuest' })).toBeVisible();
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  const shell = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(shell).toContain('/app.html');
  // Navigations all get the shell: a signed-in child never gets the static landing page from the cache.
  expect(shell).not.toContain('/index.html');
  expect(shell.some((u) => /^\/assets\/index-.*\.js$/.test(u))).toBe(true);
  // The prerendered sign-in pages and their boot script (decision 025).
  expect(shell).toEqual(expect.arrayContaining(['/parent-login.html', '/parent-signup.html', '/child-login.html']));
  expect(shell.some((u) => /^\/assets\/sign-in-boot-.*\.js$/.test(u))).toBe(true);
});

test('offline, a sign-in page opens prerendered from the cache and comes alive', async ({ page, context }) => {
  await page.goto('/');
  await controlledBySw(page);
  await context.setOffline(true);
  const response = await page.goto('/child-login');
  expect(response?.fromServiceWorker()).toBe(true);
  expect(await response!.text()).toContain('<div id="root" data-prerendered="" inert="">');
  await expect(page.locator('#root[inert], [data-until-hydrated]')).toHaveCount(0);
  await expect(page.getByLabel('Username')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Log In to My Chores' })).toBeEnabled();
  await context.setOffline(false);
});

test.describe('Liam', () => {
  test.use({ signedInAs: 'liam' });

  test('offline, the child dashboard opens on the last loaded week, read-only with a notice; online again, ticking is back', async ({ page, context }) => {
    // Prepare: the child has loaded the dashboard once with the service worker in control.
    await openChildDashboard(page);
    await controlledBySw(page);
    await expect(page.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
    const boxes = page.getByRole('checkbox', { name: /^Mark .+ as done$/ });
    const names = await boxes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names.length).toBeGreaterThan(0);
    const progress = await page.getByTestId('progress-count').innerText();
    // Issue 31: the dashboard came in one answer (the sign-in check, the week and the ongoing chores).
    expect(await cachedApiUrls(page)).toEqual(expect.arrayContaining(['/api/child/assignments']));

    // Act: the Wi-Fi drops and the app is opened again.
    await context.setOffline(true);
    await page.reload();

    // Assess: the same week, read-only, and said so.
    const notice = page.getByRole('status').filter({ hasText: 'You’re offline' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Liam!' })).toBeVisible();
    await expect(page.getByTestId('progress-count')).toHaveText(progress);
    expect(await boxes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual(names);
    for (const box of await boxes.all()) {
      await expect(box).toBeDisabled();
      await expect(box).toHaveAttribute('aria-describedby', 'child-offline-notice');
    }

    // Back online: the notice goes and today's chores can be ticked again, without a reload.
    await context.setOffline(false);
    await expect(notice).toBeHidden();
    await expect(page.getByRole('region', { name: 'Daily Chores' }).locator('input[type="checkbox"]:not(:disabled)').first()).toBeVisible();
  });
});

test('the cached API answers belong to the signed-in child and are deleted at logout', async ({ page }) => {
  // A sign-in of its own: the logout ends this session on the server.
  await logInAsChild(page, 'mia');
  await controlledBySw(page);
  await expect(page.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
  expect((await cachedApiUrls(page)).length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Child Sign In' }).first()).toBeVisible();
  expect(await cachedApiUrls(page)).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('cq_role');
});

test.describe('the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('of a parent, the worker keeps the screen’s one call alone, the copy a repeat visit shows first (issue 31)', async ({ page }) => {
    await openParentDashboard(page);
    await controlledBySw(page);
    await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
    await expect.poll(() => cachedApiUrls(page)).toEqual(['/api/dashboard']);
    const kept = await page.evaluate(async () => (await (await caches.match('/api/dashboard', { cacheName: 'chorequest-api' }))?.json()) as { user?: unknown; chores?: unknown });
    expect(kept.user).toBeTruthy();
    expect(kept.chores).toBeTruthy();
    // The parent's other pages ask for their own answers, which stay off the device.
    await page.goto('/account');
    await expect(page.getByRole('switch', { name: 'Email me the weekly report' })).toBeVisible();
    expect(await cachedApiUrls(page)).toEqual(['/api/dashboard']);
  });
});

test.describe('Emma', () => {
  test.use({ signedInAs: 'emma' });

  test('a new deployment shows "New version available" with Reload, which switches to it', async ({ page }) => {
    const swFile = resolve(DIST, 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    try {
      await openChildDashboard(page);
      await controlledBySw(page);
      const before = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      await expect(page.getByText('New version available')).toHaveCount(0);

      // A deployment changes the service worker; the browser finds it on the next load.
      writeFileSync(swFile, `${original}\n// deployment ${Date.now()}\n`);
      await page.reload();
      const prompt = page.getByRole('alert').filter({ hasText: 'New version available' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect(page.getByRole('heading', { level: 1, name: 'Hi, Emma!' })).toBeVisible();
      await expect(page.getByText('New version available')).toHaveCount(0);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting === null)).toBe(true);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(before);
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
