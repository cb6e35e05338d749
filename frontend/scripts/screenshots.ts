/**
 * Full-page screenshots of the public pages at a desktop and a phone width, for a visual check.
 *
 *   npx vite preview --config frontend/vite.config.ts --port 4173 &
 *   npx tsx frontend/scripts/screenshots.ts [baseUrl] [outDir]
 *
 * Uses the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://localhost:4173';
const outDir = process.argv[3] ?? '/tmp/chorequest-screenshots';

const PAGES = [
  { name: 'landing', path: '/', ready: 'text=Create Parent Account' },
  { name: 'parent-login', path: '/parent-login', ready: 'text=Sign In to Dashboard' },
  { name: 'parent-signup', path: '/parent-signup', ready: 'text=Create Account' },
  { name: 'child-login', path: '/child-login', ready: 'text=Log In to My Chores' },
  { name: 'not-found', path: '/no-such-page', ready: 'text=404 Page Not Found' },
];
const WIDTHS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 740 },
  { label: 'small phone', width: 360, height: 740 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`[${viewport.label}] page error: ${err.message}`));
    for (const p of PAGES) {
      await page.goto(`${baseUrl}${p.path}`);
      await page.locator(p.ready).first().waitFor();
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) console.warn(`[${viewport.label}] ${p.path} overflows horizontally by ${overflow}px`);
      const file = join(outDir, `${p.name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file}  (title: ${await page.title()})`);
      // Long pages are also cut into viewport-high parts, which are easier to look at closely.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, part = 1; height > viewport.height * 1.5 && y < height; y += viewport.height, part++) {
        const clip = { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) };
        await page.screenshot({ path: join(outDir, `${p.name}-${viewport.width}-part${part}.png`), fullPage: true, clip });
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
