/** Set-up and steps for the household planner's journeys (issue 21). */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { SAME_ORIGIN, toast } from './session';

/**
 * The sign-up, credential and login limits count per client address (20 sign-ups an hour, 30
 * credential settings an hour, 30 logins in 15 minutes), and the whole e2e suite runs from
 * 127.0.0.1. These journeys are about the planner, not those screens (they have specs of their own),
 * so each family signs up, sets its children's logins and logs its children in from a loopback
 * address of its own (127.0.0.2–254, any of which reaches the local server), and spends none of the
 * suite's budget. The browser then carries the session cookie the API answered with.
 */
interface Loopback {
  base: URL;
  address: string;
  cookie: string;
}
const loopbacks = new WeakMap<Page, Loopback>();

interface Reply {
  status: number;
  cookies: string[];
  text: string;
}

function callFrom(base: URL, address: string, path: string, data: unknown, cookie?: string): Promise<Reply> {
  const body = JSON.stringify(data);
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: base.port,
        path,
        method: 'POST',
        localAddress: address,
        headers: { ...SAME_ORIGIN, host: base.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cookiePairs = (setCookies: string[]) =>
  setCookies.map((line) => {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });

/** Signs a parent up from a loopback address of its own and gives `page`'s browser its session. */
export async function signUpFromOwnAddress(page: Page, base: URL, parent: { firstName: string; email: string; password: string }): Promise<void> {
  const address = `127.0.0.${2 + Math.floor(Math.random() * 253)}`;
  const reply = await callFrom(base, address, '/api/auth/parent-signup', { ...parent, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  expect(reply.status, `sign-up: ${reply.text}`).toBe(201);
  const pairs = cookiePairs(reply.cookies);
  await page.context().addCookies(pairs.map((c) => ({ ...c, url: base.origin })));
  loopbacks.set(page, { base, address, cookie: pairs.map((c) => `${c.name}=${c.value}`).join('; ') });
}

/** Logs a child in from its family's loopback address (the parent's `parentPage`) and opens the child's page in `childPage`. */
export async function logInChildFromFamilyAddress(parentPage: Page, childPage: Page, username: string, password: string): Promise<void> {
  const own = loopbacks.get(parentPage);
  if (!own) throw new Error('the family was not signed up with signUpFromOwnAddress');
  const reply = await callFrom(own.base, own.address, '/api/auth/child-login', { username, password });
  expect(reply.status, `child login: ${reply.text}`).toBe(200);
  await childPage.context().addCookies(cookiePairs(reply.cookies).map((c) => ({ ...c, url: own.base.origin })));
  await childPage.goto('/');
  await expect(childPage.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  await expect(childPage.getByRole('heading', { name: 'Daily Chores' })).toBeVisible();
}

export interface Kid {
  id: string;
  name: string;
  username: string;
  password: string;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Adds a child with a login through the API (the parent's session cookie), for journeys that are about something else. */
export async function addKid(page: Page, name: string, tag: string, maxDifficultyLevel = 5): Promise<Kid> {
  const child = await ok<{ id: string }>(await page.request.post('/api/children', { data: { displayName: name, age: 9, maxDifficultyLevel }, headers: SAME_ORIGIN }));
  const username = `${name.toLowerCase()}${tag}`;
  const password = `${username}123`;
  const own = loopbacks.get(page);
  if (own) {
    const reply = await callFrom(own.base, own.address, `/api/children/${child.id}/credentials`, { username, password }, own.cookie);
    expect(reply.status, `credentials: ${reply.text}`).toBe(200);
  } else {
    await ok(await page.request.post(`/api/children/${child.id}/credentials`, { data: { username, password }, headers: SAME_ORIGIN }));
  }
  return { id: child.id, name, username, password };
}

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
