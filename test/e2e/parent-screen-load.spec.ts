import type { Page, Route } from '@playwright/test';
import { tabCount } from './support/family';
import { askedWhileParsing, expect, openParentDashboard, test } from './support/fixtures';

/**
 * Issue 31 on the parent's screens: the dashboard's data in one call that the page itself starts,
 * and a repeat visit that shows the last screen the service worker kept at once, then the fresh
 * answer (or, when the call fails, the spec's own answer to the failure). Split from
 * parent-dashboard.spec.ts, which holds the dashboard's panels and dialogs.
 */
test.use({ signedInAs: 'parent' });

test('the dashboard’s figures, parent, chores and waiting ticks come in one call, asked by the page before the app runs (issue 31)', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  await openParentDashboard(page);
  const dash = (await (await page.request.get('/api/dashboard')).json()) as {
    stats: { pending: number; totalEarnings: string };
    chores: { category: string }[];
    approvals: { count: number };
    user: { firstName: string };
  };
  // The figures are the answer's: the stats, the parent's name, the chore list's counts, the
  // waiting tick of the demo family (its approvals card).
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${dash.user.firstName}!` })).toBeVisible();
  const stats = page.getByRole('region', { name: 'This week at a glance' });
  await expect(stats.getByText(`$${dash.stats.totalEarnings}`)).toBeVisible();
  await expect(stats).toContainText(String(dash.stats.pending));
  for (const [tab, category] of [['Daily Chores', 'daily'], ['Weekly Chores', 'weekly'], ['Continuous Assignments', 'continuous']] as const) {
    expect(await tabCount(page, tab)).toBe(dash.chores.filter((c) => c.category === category).length);
  }
  expect(dash.approvals.count).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /^Approve/ }).first()).toBeVisible();
  // One call where the spec's screen made four (parent-user, dashboard, chores, approvals).
  expect(calls).toEqual(['/api/dashboard']);
  // Asked by the HTML's inline script while the page was still being parsed.
  const timing = await askedWhileParsing(page, '/api/dashboard');
  expect(timing.asked).toBeLessThan(timing.parsed!);
  // So was the dashboard's own code (app.html lists it; the inline script preloads the parent's).
  const code = await askedWhileParsing(page, /^\/assets\/parent-dashboard-page-[\w-]+\.js$/);
  expect(code.asked).toBeLessThan(code.parsed!);
  expect((await askedWhileParsing(page, /^\/assets\/child-dashboard-page-[\w-]+\.js$/)).asked).toBeUndefined();
});

/**
 * What the service worker keeps of the screen's call (pwa.spec.ts checks what it keeps, with the
 * worker in control; service workers are blocked here): its last answer, in its cache. Then the
 * call is held on the network until `release`, and answered by `answer` (the server's own answer
 * when it gives none).
 */
async function keepLastScreenAndHoldTheCall(page: Page, answer?: (route: Route) => Promise<void>) {
  await page.evaluate(async () => {
    const res = await fetch('/api/dashboard', { credentials: 'include', headers: { 'X-ChoreQuest-Screen': 'whole' } });
    await (await caches.open('chorequest-api')).put('/api/dashboard', res);
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  await page.route(
    (url) => url.pathname === '/api/dashboard' && !url.search,
    async (route) => {
      await held;
      await (answer ? answer(route) : route.continue());
    },
  );
  return { asked, release };
}

test('a repeat visit shows the last screen at once, while the screen’s call is on its way, then what it answers (issue 31)', async ({ page }) => {
  await openParentDashboard(page);
  const last = (await (await page.request.get('/api/dashboard')).json()) as { user: { firstName: string }; stats: { totalEarnings: string } };
  const stats = page.getByRole('region', { name: 'This week at a glance' });
  // The screen's one call is held until the last screen has been checked; its answer then says something new.
  const { asked, release } = await keepLastScreenAndHoldTheCall(page, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as typeof last;
    body.user.firstName = `${last.user.firstName} R.`;
    body.stats.totalEarnings = '987.65';
    await route.fulfill({ response, json: body });
  });

  await page.reload();

  // The last screen, whole, while the call is held...
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${last.user.firstName}!` })).toBeVisible();
  await expect(stats.getByText(`$${last.stats.totalEarnings}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  await expect.poll(() => asked).toEqual(['/api/dashboard']);
  // ...then what the call answers, with no second call.
  release();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${last.user.firstName} R.!` })).toBeVisible();
  await expect(stats.getByText('$987.65')).toBeVisible();
  expect(asked).toEqual(['/api/dashboard']);
});

test('a repeat visit whose session has ended takes the last screen away and offers the sign-in, not yesterday’s screen (issue 31)', async ({ page }) => {
  await openParentDashboard(page);
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome back, / });
  const ended = (route: Route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Please sign in to continue"}' });
  const { release } = await keepLastScreenAndHoldTheCall(page, ended);
  // The session ended on the server: the spec's sign-in check says so too.
  await page.route('**/api/auth/parent-user', ended);

  await page.reload();
  await expect(welcome).toBeVisible();
  release();

  await expect(page.getByRole('link', { name: 'Parent Sign In' }).first()).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await page.getByRole('link', { name: 'Parent Sign In' }).first().click();
  await expect(page).toHaveURL(/\/parent-login$/);
});

test('a repeat visit whose screen call fails takes the last screen away: the dashboard says it could not load, and Retry loads it (issue 31)', async ({ page }) => {
  await openParentDashboard(page);
  const stats = page.getByRole('region', { name: 'This week at a glance' });
  let fail = true;
  const { release } = await keepLastScreenAndHoldTheCall(page, (route) => (fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));

  await page.reload();
  await expect(stats).toBeVisible();
  release();

  // Not yesterday's figures: the dashboard's own call says what went wrong, as without a last screen.
  await expect(page.getByText('The dashboard could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(stats).toHaveCount(0);
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(stats).toBeVisible();
});
