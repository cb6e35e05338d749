/**
 * Full-page screenshots of every page (signed out, the demo parent's and a demo child's) at a phone
 * and a desktop width, in light and dark, for looking at before and after a change (issue 18).
 *
 *   npm start                                   # the app with the demo family, on :3000
 *   npx tsx frontend/scripts/screenshots.ts [baseUrl] [outDir]
 *
 * Files are named `<page>-<width>-<scheme>.png` (long pages also in viewport-high parts). Prints a
 * warning for a page that overflows sideways. Uses the system Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_CHILDREN, DEMO_PARENT } from '../../shared/demo';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = process.argv[3] ?? '/tmp/chorequest-screenshots';

type Who = 'signed-out' | 'parent' | 'child';
interface Shot {
  name: string;
  path: string | ((ctx: { childId: string }) => string);
  ready: string;
  who: Who;
  /** Something to do on the page before the picture (e.g. switch a view). */
  before?: (page: Page) => Promise<void>;
}

const PAGES: Shot[] = [
  { name: 'landing', path: '/', ready: 'text=Create Parent Account', who: 'signed-out' },
  { name: 'parent-login', path: '/parent-login', ready: 'text=Sign In to Dashboard', who: 'signed-out' },
  { name: 'parent-signup', path: '/parent-signup', ready: 'text=Create Account', who: 'signed-out' },
  { name: 'child-login', path: '/child-login', ready: 'text=Log In to My Chores', who: 'signed-out' },
  { name: 'not-found', path: '/no-such-page', ready: 'text=404 Page Not Found', who: 'signed-out' },
  { name: 'parent-dashboard', path: '/', ready: 'text=Children’s Daily Progress', who: 'parent' },
  { name: 'children', path: '/children', ready: 'text=Manual Chore Assignment', who: 'parent' },
  { name: 'chores', path: '/chores', ready: 'h1', who: 'parent' },
  { name: 'weekly-schedule', path: '/weekly-schedule', ready: 'h1:has-text("Weekly Schedule")', who: 'parent' },
  { name: 'account', path: '/account', ready: 'h1:has-text("Account Settings")', who: 'parent' },
  { name: 'family', path: '/family', ready: 'text=Family members', who: 'parent' },
  { name: 'print-calendar', path: ({ childId }) => `/print-calendar/${childId}`, ready: 'text=Print Calendar', who: 'parent' },
  { name: 'weekly-report', path: '/api/reports/weekly', ready: 'h1', who: 'parent' },
  { name: 'child-dashboard', path: '/', ready: 'text=My Chores', who: 'child' },
  {
    name: 'child-calendar',
    path: '/',
    ready: 'text=My Progress',
    who: 'child',
    before: async (page) => {
      await page.getByRole('button', { name: 'Calendar View' }).click();
      await page.getByText('My Weekly Adventure').first().waitFor();
    },
  },
];
const WIDTHS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
];
const SCHEMES = ['light', 'dark'] as const;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function signIn(context: BrowserContext, who: Who): Promise<void> {
  if (who === 'parent') {
    const res = await context.request.post(`${baseUrl}/api/auth/parent-login`, { headers: SAME_ORIGIN, data: { email: DEMO_PARENT.email, password: DEMO_PARENT.password } });
    if (!res.ok()) throw new Error(`parent sign-in: ${res.status()}`);
  } else if (who === 'child') {
    const kid = DEMO_CHILDREN[0];
    const res = await context.request.post(`${baseUrl}/api/auth/child-login`, { headers: SAME_ORIGIN, data: { username: kid.username, password: kid.password } });
    if (!res.ok()) throw new Error(`child sign-in: ${res.status()}`);
  }
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  for (const who of ['signed-out', 'parent', 'child'] as const) {
    for (const viewport of WIDTHS) {
      for (const colorScheme of SCHEMES) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme, reducedMotion: 'reduce', serviceWorkers: 'block' });
        await signIn(context, who);
        const childId = who === 'parent' ? ((await (await context.request.get(`${baseUrl}/api/children`)).json()) as { id: string }[])[0]?.id ?? 'none' : 'none';
        const page = await context.newPage();
        page.on('pageerror', (err) => console.error(`[${viewport.label} ${colorScheme}] page error: ${err.message}`));
        for (const p of PAGES.filter((s) => s.who === who)) {
          const path = typeof p.path === 'function' ? p.path({ childId }) : p.path;
          await page.goto(`${baseUrl}${path}`);
          await page.locator(p.ready).first().waitFor();
          await p.before?.(page);
          await page.waitForTimeout(1000);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) console.warn(`[${viewport.label} ${colorScheme}] ${path} overflows horizontally by ${overflow}px`);
          const base = `${p.name}-${viewport.width}-${colorScheme}`;
          await page.screenshot({ path: join(outDir, `${base}.png`), fullPage: true });
          console.log(join(outDir, `${base}.png`));
          // Long pages are also cut into viewport-high parts, which are easier to look at closely.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, part = 1; height > viewport.height * 1.5 && y < height; y += viewport.height, part++) {
            const clip = { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) };
            await page.screenshot({ path: join(outDir, `${base}-part${part}.png`), fullPage: true, clip });
          }
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
