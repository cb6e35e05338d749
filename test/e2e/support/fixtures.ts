/**
 * The e2e suite's `test`: every spec imports it instead of @playwright/test's.
 *
 * - Each worker talks to a server of its own (support/servers.ts): `baseURL` is that server's.
 * - `test.use({ signedInAs: 'parent' })` (or 'emma', 'liam', 'mia') starts each test signed in as
 *   that demo user, from the session that sessions.setup.ts saved by signing in through the real
 *   login page once per server. Tests about signing in, logging out or a session ending sign in on
 *   their own (support/session.ts): a logout ends the session on the server, for everyone using it.
 * - `test.use({ signedInAs: 'own family' })` starts each test signed in as the parent of a family of
 *   the spec file's own, made through the API on its first test (support/own-family.ts: a parent
 *   with one chore of each category), for specs that add and change things: they leave the demo
 *   family as it was seeded.
 *   Contexts a test opens itself (`browser.newContext()`) inherit the test's options, this session
 *   included: pass `storageState` (see `savedUserContext`) to be someone else.
 */
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_STATE_DIR, e2eServer, type E2eServer } from './servers';
import { newFamilyByApi } from './own-family';

export { expect };

/** The demo users whose sessions are saved once per server. */
export const SAVED_USERS = ['parent', 'emma', 'liam', 'mia'] as const;
export type SavedUser = (typeof SAVED_USERS)[number];

export const SESSIONS_DIR = join(E2E_STATE_DIR, 'sessions');

/** The saved session (cookies and local storage) of a demo user on server `index`. */
export function savedSession(index: number, who: SavedUser): string {
  mkdirSync(SESSIONS_DIR, { recursive: true });
  return join(SESSIONS_DIR, `server-${index}-${who}.json`);
}

interface TestOptions {
  /** Start signed in as this demo user (a saved session), as the parent of the spec file's own family, or signed out (undefined). */
  signedInAs: SavedUser | 'own family' | undefined;
}
interface WorkerFixtures {
  /** This worker's server. */
  server: E2eServer;
  /** The saved session of each spec file's own family, made on first use (file → storageState path). */
  ownFamilies: Map<string, Promise<string>>;
}

export const test = base.extend<TestOptions, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter: none here
  server: [async ({}, use, workerInfo) => use(e2eServer(workerInfo.parallelIndex)), { scope: 'worker' }],
  ownFamilies: [
    // eslint-disable-next-line no-empty-pattern -- no dependencies
    async ({}, use) => use(new Map()),
    { scope: 'worker' },
  ],
  signedInAs: [undefined, { option: true }],
  baseURL: async ({ server }, use) => use(server.baseURL),
  storageState: async ({ signedInAs, server, storageState, ownFamilies, browser }, use, testInfo) => {
    if (signedInAs === 'own family') {
      const file = join(SESSIONS_DIR, `server-${server.index}-${testInfo.file.replace(/\W+/g, '-').slice(-80)}.json`);
      let made = ownFamilies.get(testInfo.file);
      if (!made) {
        made = newFamilyByApi(browser, server.baseURL, file);
        ownFamilies.set(testInfo.file, made);
      }
      await use(await made);
    } else {
      await use(signedInAs ? savedSession(server.index, signedInAs) : storageState);
    }
  },
});

/**
 * A browser context of a saved demo user's (or signed out, `who` undefined), beside the test's own:
 * e.g. the child's view next to the parent's. Close it when done.
 */
export async function savedUserContext(browser: Browser, who: SavedUser | undefined, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return browser.newContext({ ...options, storageState: who ? savedSession(index, who) : undefined });
}

/** Opens the parent dashboard of a signed-in parent and waits for its data. */
export async function openParentDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
}

/** Opens the child dashboard of a signed-in child and waits for its chores. */
export async function openChildDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
}

/**
 * When the page asked for `path` (a path, or a pattern such as a hashed chunk's name) and when its
 * HTML had been parsed (the browser's own timings): asked first means the HTML's inline script
 * asked, before the app's code could run (module scripts run once parsing is done). Issue 31's
 * screens start their one call, and their code, that way.
 */
export async function askedWhileParsing(page: Page, path: string | RegExp): Promise<{ asked?: number; parsed?: number }> {
  return page.evaluate(
    ([wanted, isPattern]) => {
      const matches = (pathname: string) => (isPattern ? new RegExp(wanted).test(pathname) : pathname === wanted);
      const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => matches(new URL(e.name).pathname));
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { asked: entry?.startTime, parsed: navigation?.domInteractive };
    },
    [typeof path === 'string' ? path : path.source, typeof path !== 'string'] as const,
  );
}
