/**
 * Lighthouse against the local server, shared by `npm run lighthouse` (test/bench/lighthouse.bench.ts,
 * every category, figures) and the e2e checks (test/e2e/lighthouse.spec.ts, accessibility and best
 * practices, asserted). Chromium is Debian's, started by Playwright with a debugging port that
 * Lighthouse drives; signed-in pages get the session cookie as a request header, so every run is a
 * cold load of one user (Lighthouse clears the origin's storage, caches and service worker first).
 */
import { createServer } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { DEMO_CHILDREN, DEMO_PARENT } from '../../shared/demo';

export type FormFactor = 'mobile' | 'desktop';
export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
export type Who = 'signed-out' | 'parent' | 'child';

export interface AuditPage {
  name: string;
  path: string;
  who: Who;
}

/** The four pages of issue 12: what a visitor, a parent and a child open first. */
export const AUDIT_PAGES: readonly AuditPage[] = [
  { name: 'landing', path: '/', who: 'signed-out' },
  { name: 'parent login', path: '/parent-login', who: 'signed-out' },
  { name: 'parent dashboard', path: '/', who: 'parent' },
  { name: 'child dashboard', path: '/', who: 'child' },
];

export interface AuditResult {
  scores: Partial<Record<Category, number>>;
  /** Milliseconds (CLS unitless); only when performance was audited. */
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number; si?: number };
  /** Audits of the chosen categories that did not pass, with their titles (for assertion messages). */
  failed: { id: string; title: string; score: number | null }[];
  /** Bytes transferred for the whole load. */
  transferBytes?: number;
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

/** One Lighthouse run of one page. */
export async function audit(opts: {
  port: number;
  url: string;
  formFactor: FormFactor;
  categories: readonly Category[];
  cookie?: string;
}): Promise<AuditResult> {
  const flags: Flags = {
    port: opts.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...opts.categories],
    ...(opts.cookie ? { extraHeaders: { Cookie: opts.cookie } } : {}),
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
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
