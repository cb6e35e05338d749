/**
 * Lighthouse against the local server, shared by `npm run lighthouse` (test/bench/lighthouse.bench.ts,
 * every category, figures) and the e2e checks (test/e2e/lighthouse.spec.ts, accessibility and best
 * practices, asserted). Chromium is Debian's, started by Playwright with a debugging port that
 * Lighthouse drives. Signed-in pages get the session's cookies as real cookies of the browser, so
 * every run is a cold load of one user (Lighthouse clears the origin's storage, caches and service
 * worker first, but not its cookies). Real cookies, not a request header: the page itself reads the
 * sign-in hint cookie (shared/role-hint.ts) to start its data and to pick the dashboard, and with a
 * header only, the server sent the app shell while the app, seeing no hint, showed the landing page.
 */
import { createServer } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { ROLE_HINT_COOKIE_NAMES } from '../../shared/role-hint';
import { CHILD_SCREEN_PATH, PARENT_SCREEN_PATH } from '../../shared/start-data';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { DEMO_CHILDREN, DEMO_PARENT } from '../../shared/demo';

export type FormFactor = 'mobile' | 'desktop';
export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
export type Who = 'signed-out' | 'parent' | 'child';

export interface AuditPage {
  name: string;
  path: string;
  who: Who;
  /** The screen's one API call (shared/start-data.ts), which shows that the page audited is the dashboard and not the landing page. */
  screenCall?: string;
}

/** The four pages of issue 12: what a visitor, a parent and a child open first. */
export const AUDIT_PAGES: readonly AuditPage[] = [
  { name: 'landing', path: '/', who: 'signed-out' },
  { name: 'parent login', path: '/parent-login', who: 'signed-out' },
  { name: 'parent dashboard', path: '/', who: 'parent', screenCall: PARENT_SCREEN_PATH },
  { name: 'child dashboard', path: '/', who: 'child', screenCall: CHILD_SCREEN_PATH },
];

/** Throws when a run did not show the page meant: a dashboard that never asked for its screen was another page. */
export function checkShownPage(page: AuditPage, result: AuditResult): void {
  if (page.screenCall && !result.apiCalls.includes(page.screenCall)) {
    throw new Error(`${page.name}: the page made no ${page.screenCall} call (it asked ${result.apiCalls.join(', ') || 'nothing'}), so it was not the dashboard`);
  }
  if (page.who === 'signed-out' && result.apiCalls.length) throw new Error(`${page.name}: a signed-out page asked ${result.apiCalls.join(', ')}`);
}

export interface AuditResult {
  scores: Partial<Record<Category, number>>;
  /** Milliseconds (CLS unitless); only when performance was audited. */
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number; si?: number };
  /** Audits of the chosen categories that did not pass, with their titles (for assertion messages). */
  failed: { id: string; title: string; score: number | null }[];
  /** Bytes transferred for the whole load. */
  transferBytes?: number;
  /** The paths of the API calls the page made (network-requests), to check the page shown is the one meant. */
  apiCalls: string[];
  /** Lighthouse's measure of the machine's CPU speed for this run (higher is faster; simulated throttling scales the work it observes). */
  benchmarkIndex?: number;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A Chromium that Lighthouse can drive; close it when done. */
export async function launchAuditBrowser(): Promise<{ browser: Browser; port: number }> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  return { browser, port };
}

/** Signs in through the API and returns the cookies it sets (session and role hint, `a=1; b=2`), or undefined when signed out. */
export async function sessionCookie(baseUrl: string, who: Who): Promise<string | undefined> {
  if (who === 'signed-out') return undefined;
  const child = DEMO_CHILDREN[0]!;
  const [path, body] =
    who === 'parent'
      ? ['/api/auth/parent-login', { email: DEMO_PARENT.email, password: DEMO_PARENT.password }]
      : ['/api/auth/child-login', { username: child.username, password: child.password }];
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(body),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!res.ok || !cookie) throw new Error(`${who} sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/**
 * The cookies `cookie` holds (`a=1; b=2`, as sessionCookie gives them) as a browser keeps them for
 * the site at `url`: the session cookie HttpOnly as the API sets it, the sign-in hint readable by the page.
 */
export function browserCookies(cookie: string, url: string): { name: string; value: string; url: string; httpOnly: boolean }[] {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    return { name, value: pair.slice(at + 1), url: new URL('/', url).href, httpOnly: !(ROLE_HINT_COOKIE_NAMES as readonly string[]).includes(name) };
  });
}

/**
 * The browser's cookies become exactly `cookie` for the audited origin, or none: in the default
 * browser context, the one Lighthouse opens its tab in.
 */
async function useCookies(browser: Browser, url: string, cookie: string | undefined): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    await cdp.send('Storage.clearCookies', {});
    if (!cookie) return;
    await cdp.send('Storage.setCookies', { cookies: browserCookies(cookie, url) });
  } finally {
    await cdp.detach();
  }
}

/** One Lighthouse run of one page, as the user whose cookies `cookie` holds (none: signed out). */
export async function audit(opts: {
  browser: Browser;
  port: number;
  url: string;
  formFactor: FormFactor;
  categories: readonly Category[];
  cookie?: string;
}): Promise<AuditResult> {
  await useCookies(opts.browser, opts.url, opts.cookie);
  const flags: Flags = {
    port: opts.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...opts.categories],
    // Whatever the categories, the requests the page made (checkShownPage).
    onlyAudits: ['network-requests'],
  };
  const result = await lighthouse(opts.url, flags, opts.formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${opts.url}`);
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_SAVE_DIR) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(process.env.LIGHTHOUSE_SAVE_DIR, { recursive: true });
    writeFileSync(`${process.env.LIGHTHOUSE_SAVE_DIR}/${opts.formFactor}-${new URL(opts.url).pathname.replace(/\W+/g, '_')}-${opts.cookie?.includes('child') ? 'child' : opts.cookie ? 'parent' : 'visitor'}.json`, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: AuditResult['scores'] = {};
  const failed: AuditResult['failed'] = [];
  for (const category of opts.categories) {
    const cat = lhr.categories[category];
    if (!cat) continue;
    scores[category] = Math.round((cat.score ?? 0) * 100);
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      // Only audits that count towards the score (weight > 0) and did not fully pass.
      if (a && ref.weight > 0 && a.score !== null && a.score < 1) failed.push({ id: a.id, title: a.title, score: a.score });
    }
  }
  const num = (id: string) => (lhr.audits[id]?.numericValue === undefined ? undefined : lhr.audits[id]!.numericValue);
  return {
    scores,
    failed,
    metrics: {
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
    },
    transferBytes: num('total-byte-weight'),
    apiCalls: ((lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [])
      .map((item) => new URL(item.url))
      .filter((u) => u.pathname.startsWith('/api/'))
      .map((u) => u.pathname),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
