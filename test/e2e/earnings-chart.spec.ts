/**
 * Earnings you can see (issue 12): the children page and the weekly report chart each child's
 * earnings per week over the last 12 weeks, with a table of the same figures beside the chart;
 * the chart's code loads on the children page only. The test makes its own child, so the figures
 * are known: one chore worth $1.75 done today, nothing in the 11 weeks before.
 */
import { request, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { addDays, monthDay, weekdayOf } from '../../shared/time';
import { expect, openParentDashboard, savedSession, test } from './support/fixtures';
import { SAME_ORIGIN } from './support/session';

test.use({ signedInAs: 'parent' });

let parent: APIRequestContext;
let child: { id: string; name: string };
let weekStart: string;

test.beforeAll(async ({ server }) => {
  parent = await request.newContext({ baseURL: server.baseURL, storageState: savedSession(server.index, 'parent'), extraHTTPHeaders: SAME_ORIGIN });
  const name = `Chart${randomUUID().slice(0, 6)}`;
  const created = await parent.post('/api/children', { data: { displayName: name, age: 9 } });
  child = { id: ((await created.json()) as { id: string }).id, name };
  const chore = (await (await parent.post('/api/chores', { data: { name: `Chart chore ${name}`, category: 'daily', amount: '1.75', difficultyLevel: 1 } })).json()) as { id: string };
  const clock = (await (await parent.get('/api/dashboard')).json()) as { today: string; weekStart: string };
  weekStart = clock.weekStart;
  const assignment = (await (
    await parent.post('/api/assignments', { data: { childId: child.id, choreId: chore.id, weekStart, assignedDate: clock.today, dayOfWeek: weekdayOf(clock.today) } })
  ).json()) as { id: string };
  expect((await parent.put(`/api/assignments/${assignment.id}/complete`, { data: { completed: true } })).ok()).toBe(true);
});

test.afterAll(async () => {
  await parent.delete(`/api/children/${child.id}`);
  await parent.dispose();
});

test('the children page shows the chart and its table with the right figures; the chart code loads there only', async ({ page }) => {
  const chartChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/charts-[^/]+\.js$/.test(new URL(r.url()).pathname)) chartChunks.push(r.url());
  });
  await openParentDashboard(page);
  expect(chartChunks, 'no chart code on the dashboard').toEqual([]);

  await page.goto('/children');
  const card = page.getByRole('article', { name: child.name, exact: true });
  const history = card.getByRole('region', { name: 'Earnings per week, last 12 weeks' });
  await expect(history).toBeVisible();

  // The table: 12 weeks, newest first, this week $1.75, the others $0.00.
  const table = history.getByRole('table', { name: `${child.name}'s earnings per week` });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(13);
  await expect(rows.nth(1)).toHaveText([monthDay(weekStart), '$1.75', '1'].join(''));
  await expect(rows.nth(2)).toHaveText([monthDay(addDays(weekStart, -7)), '$0.00', '0'].join(''));
  await expect(rows.nth(12)).toHaveText([monthDay(addDays(weekStart, -77)), '$0.00', '0'].join(''));

  // The chart: one labelled image, drawn by MUI X with one bar per week.
  const chart = history.getByRole('img', { name: new RegExp(`^Bar chart of ${child.name}'s earnings per week .*: \\$1\\.75 in total, most in the week of ${monthDay(weekStart)} \\(\\$1\\.75\\)`) });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg .MuiBarChart-element')).toHaveCount(12);
  expect(chartChunks.length).toBe(1);
});

test('the weekly report charts the same figures as static SVG with a table', async ({ page }) => {
  await page.goto('/api/reports/weekly');
  const section = page.locator('section.child').filter({ has: page.getByRole('heading', { level: 2, name: child.name }) });
  await expect(section.getByRole('heading', { name: 'Earnings per week, last 12 weeks' })).toBeVisible();
  const figure = section.getByRole('img', { name: new RegExp(`\\$1\\.75 in total`) });
  await expect(figure.locator('svg')).toBeVisible();
  const table = section.getByRole('table', { name: `${child.name}'s earnings per week` });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').nth(1)).toHaveText(`${monthDay(weekStart)}$1.751`);
  // The chart needs no script: the page's one script is the Print button's file (issue 18).
  expect(await page.locator('script').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual(['/report.js']);
});
