/** Set-up and steps for the household planner's journeys (issue 21). */
import { expect, type APIResponse, type Locator, type Page } from '@playwright/test';
import { ok, type Kid } from './own-family';
import { SAME_ORIGIN, toast } from './session';

export { addKid, logInChildFromFamilyAddress, signUpFromOwnAddress, type Kid } from './own-family';

/** Adds a chore through the API. */
export async function addChoreByApi(page: Page, chore: { name: string; category: 'daily' | 'weekly' | 'continuous'; amount: string; difficultyLevel?: number; who?: unknown; rhythm?: unknown }): Promise<{ id: string }> {
  return ok(await page.request.post('/api/chores', { data: { difficultyLevel: 1, ...chore }, headers: SAME_ORIGIN }));
}

/** The family's week (its Sunday) and today, as the API's clock says. */
export async function familyWeek(page: Page): Promise<{ weekStart: string; today: string }> {
  const res = await page.request.get('/api/dashboard');
  const body = (await res.json()) as { weekStart: string; today: string };
  return { weekStart: body.weekStart, today: body.today };
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Gives the child a daily chore for today through the API (the parent's session): the assignment request's response, for the caller to check. */
export async function assignChoreForToday(page: Page, kid: Kid, name: string, amount: string): Promise<APIResponse> {
  const chore = await addChoreByApi(page, { name, category: 'daily', amount });
  const { weekStart, today } = await familyWeek(page);
  const dayOfWeek = WEEKDAYS[new Date(`${today}T00:00:00Z`).getUTCDay()];
  return page.request.post('/api/assignments', { data: { childId: kid.id, choreId: chore.id, weekStart, assignedDate: today, dayOfWeek }, headers: SAME_ORIGIN });
}

/** The date `days` after an ISO date. */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Reassign Weekly Chores from the dashboard's Quick Actions, waiting for its toast. */
export async function reassign(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  const done = page.waitForResponse((r) => r.url().endsWith('/api/assignments/generate') && r.request().method() === 'POST');
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Reassign Weekly Chores' }).click();
  expect((await done).ok()).toBe(true);
  await expect(toast(page, 'Weekly chores have been reassigned!')).toBeVisible();
}

/** Opens Add New Chore from the Quick Actions and unfolds "How often and who does it". */
export async function openChorePlan(page: Page): Promise<Locator> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await dialog.getByRole('button', { name: /How often and who does it/ }).click();
  await expect(dialog.getByRole('combobox', { name: /^Repeat/ })).toBeVisible();
  return dialog;
}

/** Picks an option of a select inside a dialog. */
export async function choose(page: Page, scope: Locator, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  // The menu grows in: a click during its transition can miss the option it aimed at.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A day's column of the child's calendar view. */
export const childDay = (page: Page, date: string): Locator => page.locator(`section[aria-labelledby="day-${date}"]`);

/** Opens the chore dialog with its plan unfolded and fills in a chore Emma and Liam each do on days of their own ("Feed the cat", $0.50): the dialog, the days still to choose. */
export async function openFeedTheCatForEach(page: Page): Promise<Locator> {
  const dialog = await openChorePlan(page);
  await dialog.getByLabel(/^Name/).fill('Feed the cat');
  await dialog.getByLabel(/^Amount/).fill('0.50');
  await choose(page, dialog, /^Who does it/, 'Each child does their own');
  await dialog.getByRole('checkbox', { name: 'Emma' }).check();
  await dialog.getByRole('checkbox', { name: 'Liam' }).check();
  return dialog;
}
