/**
 * Families of a test's own, made through the API (the sign-up form has specs of its own), and their
 * children's pages. Shared by the specs whose journeys need a family nobody else touches.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { thisWorkersServer } from './servers';
import { SAME_ORIGIN } from './session';

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
export async function signUpFromOwnAddress(page: Page, base: URL, parent: { firstName: string; email: string; password: string; currency?: string; locale?: string }): Promise<void> {
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

export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
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


/**
 * Signs a new family up through the API (from a loopback address of its own; with the family's
 * currency and locale when given, as the sign-up page sends them) and opens its dashboard, which
 * welcomes the new family. Returns a tag unique to the family, for its children's usernames.
 */
export async function newFamily(page: Page, prefix: string, { firstName = 'Pat', ...money }: { firstName?: string; currency?: string; locale?: string } = {}): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const base = new URL(thisWorkersServer().baseURL);
  await signUpFromOwnAddress(page, base, { firstName, email: `${prefix}-${tag}@example.com`, password: `${prefix}-pass-1`, ...money });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ChoreQuest, ${firstName}!` })).toBeVisible();
  return tag;
}

/** A child's own page in a browser context of its own, signed in from the family's address (the parent stays signed in on `parentPage`). */
export async function kidPage(browser: Browser, parentPage: Page, kid: Kid, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ storageState: undefined, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await logInChildFromFamilyAddress(parentPage, page, kid.username, kid.password);
  return page;
}

/**
 * A family made through the API for a whole spec file (support/fixtures.ts, `signedInAs: 'own
 * family'`): a parent (Pat) with one chore of each category, its session saved at `path`.
 */
export async function newFamilyByApi(browser: Browser, baseURL: string, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL, storageState: undefined });
  try {
    const page = await context.newPage();
    const tag = randomUUID().slice(0, 8);
    await signUpFromOwnAddress(page, new URL(baseURL), { firstName: 'Pat', email: `family-${tag}@example.com`, password: 'family-pass-1' });
    for (const [category, name, amount] of [
      ['daily', 'Make the bed', '0.50'],
      ['weekly', 'Wash the car', '3.00'],
      ['continuous', 'Keep the room tidy', '1.00'],
    ] as const) {
      await ok(await context.request.post('/api/chores', { data: { name, description: 'Made for this spec', category, amount, difficultyLevel: 2 }, headers: SAME_ORIGIN }));
    }
    await context.storageState({ path });
    return path;
  } finally {
    await context.close();
  }
}

/**
 * Issue 32: the family's parent signed in on another device (a browser context of its own), from the
 * family's loopback address, on `path`: e.g. Account Settings on a phone while the tablet is the board.
 */
export async function parentElsewhere(browser: Browser, parentPage: Page, email: string, password: string, path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const own = loopbacks.get(parentPage);
  if (!own) throw new Error('the family was not signed up with signUpFromOwnAddress');
  const reply = await callFrom(own.base, own.address, '/api/auth/parent-login', { email, password });
  expect(reply.status, `parent login: ${reply.text}`).toBe(200);
  const context = await browser.newContext({ storageState: undefined, baseURL: own.base.origin, ...(viewport ? { viewport } : {}) });
  await context.addCookies(cookiePairs(reply.cookies).map((c) => ({ ...c, url: own.base.origin })));
  const page = await context.newPage();
  await page.goto(path);
  return page;
}
