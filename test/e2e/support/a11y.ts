/**
 * The accessibility scans of the a11y*.spec.ts files: each state of a page scanned with axe-core in
 * both colour schemes (support/axe.ts), at the widths the files run at (`WIDTHS`), no sideways
 * scrolling at a phone's width (support/layout.ts), and with A11Y_SHOTS_DIR set a screenshot and
 * axe's full report of each state.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { axeScan, describeViolations, isSerious, useScheme } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';

const SHOTS_DIR = process.env.A11Y_SHOTS_DIR;
if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });

/** Saves the full axe report of the page in its current scheme next to its screenshot (A11Y_SHOTS_DIR). */
function record(dir: string, file: string, results: Awaited<ReturnType<typeof axeScan>>): void {
  writeFileSync(
    join(dir, `${file}.axe.txt`),
    `violations:\n${describeViolations(results.violations)}\n\nincomplete (needs a person):\n${results.incomplete
      .flatMap((v) => v.nodes.map((n) => `  ${v.id}: ${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? n.all[0]?.data ?? null)}`))
      .join('\n')}\n`,
  );
}

/**
 * Scans the page as it is, in both schemes: every axe rule in the scheme the page shows now (serious
 * and critical fail; the rest is attached to the report) and no sideways scrolling at phone width,
 * then the colour rules with the same page switched to the other scheme; a screenshot of each. The
 * dark theme changes colours only, so that is every rule in both schemes where they can differ, with
 * one switch a screen: the page is left in the second scheme and the next screen starts there. Soft
 * assertions, so one run lists every problem on a screen.
 */
export async function check(page: Page, name: string, { fullPage = true, darkShows }: { fullPage?: boolean; darkShows?: 'light' } = {}): Promise<void> {
  // Data first: no loading spinner (an indeterminate progress bar) may be left on the screen.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  const viewportWidth = page.viewportSize()?.width ?? 0;
  const now = (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
  const schemes = now === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const scheme of schemes) {
    const first = scheme === schemes[0];
    await useScheme(page, scheme, scheme === 'dark' && darkShows ? { shows: darkShows } : {});
    const width = `${viewportWidth}${scheme === 'dark' ? '-dark' : ''}`;
    if (SHOTS_DIR) await page.screenshot({ path: join(SHOTS_DIR, `${width}-${name}.png`), fullPage });
    const results = await axeScan(page, first ? {} : { only: 'colour' });
    const serious = results.violations.filter(isSerious);
    const minor = results.violations.filter((v) => !serious.includes(v));
    if (minor.length > 0) {
      test.info().annotations.push({ type: `axe (minor) ${width}px ${name}`, description: describeViolations(minor) });
    }
    // Kept next to the screenshot: every violation, and what axe could not decide (e.g. text over a gradient).
    if (SHOTS_DIR) record(SHOTS_DIR, `${width}-${name}`, results);
    expect.soft(serious, `axe: serious/critical violations on "${name}" at ${width}px:\n${describeViolations(serious)}`).toEqual([]);

    if (first && viewportWidth <= 360) await expectNoSidewaysScroll(page, name, `${width}px`);
  }
}

/** Opens a dialog with `open`, scans it, then closes it with its Cancel (or Close) button. */
export async function checkDialog(page: Page, name: string, open: () => Promise<void>, dialogName: string | RegExp): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  // What the user sees: a full-page shot would stretch a full-screen dialog over the whole page.
  await check(page, name, { fullPage: false });
  await closeDialog(dialog);
}

async function closeDialog(dialog: Locator): Promise<void> {
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await ((await cancel.count()) > 0 ? cancel.first() : dialog.getByRole('button', { name: 'Close' })).click();
  await expect(dialog).toBeHidden();
}

export const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { label: 'phone', viewport: { width: 360, height: 740 }, touch: true },
] as const;
