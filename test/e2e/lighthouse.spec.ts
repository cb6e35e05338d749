/**
 * Lighthouse's accessibility and best-practices audits (and SEO on the landing page) as checks:
 * 100 on the four pages `npm run lighthouse` measures, in mobile mode. These categories do not
 * depend on the machine's speed, so they are deterministic; performance stays a benchmark.
 * One Lighthouse run per page in a Chromium of its own (test/lighthouse/audit.ts).
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { audit, AUDIT_PAGES, checkShownPage, launchAuditBrowser, sessionCookie, type Category } from '../lighthouse/audit';

let browser: Browser;
let port: number;

test.beforeAll(async () => {
  ({ browser, port } = await launchAuditBrowser());
});
test.afterAll(async () => {
  await browser?.close();
});

for (const page of AUDIT_PAGES) {
  test(`${page.name}: Lighthouse accessibility and best practices${page.name === 'landing' ? ' and SEO' : ''} score 100`, async ({ baseURL }) => {
    const categories: Category[] = page.name === 'landing' ? ['accessibility', 'best-practices', 'seo'] : ['accessibility', 'best-practices'];
    const cookie = await sessionCookie(baseURL!, page.who);
    const result = await audit({ browser, port, url: new URL(page.path, baseURL).href, formFactor: 'mobile', categories, cookie });
    checkShownPage(page, result);
    const failing = result.failed.map((f) => `${f.id}: ${f.title}`).join('\n');
    for (const category of categories) expect(result.scores[category], `${category} on ${page.name}:\n${failing}`).toBe(100);
  });
}
