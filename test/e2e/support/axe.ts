/**
 * axe-core in the page, loaded once per document and run there (`axe.run`), shared by every spec
 * that checks accessibility. @axe-core/playwright's AxeBuilder injected the 550 KB engine again on
 * every scan and finished each one in a new blank page, 2–3.4 s a scan on these machines; the rules,
 * their defaults and the results are axe-core's own either way (the app has no frames to
 * recurse into). docs/testing.md has the figures.
 *
 * A screen is scanned twice: every rule in the light scheme, then the colour rules after switching
 * the same page to dark in place (`emulateMedia`), since the dark theme changes colours only.
 */
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

type AxeResults = axe.AxeResults;
type Violation = axe.Result;

/**
 * The rules that look at colour and are on by default (axe's `cat.color` tag without the AAA
 * `color-contrast-enhanced`, which is off by default): what can differ between the two schemes.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Runs axe on the page as it is: every default rule, or only the colour rules. */
export async function axeScan(page: Page, { only }: { only?: 'colour' } = {}): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) {
    await page.evaluate(axe.source);
    await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.configure({ branding: { application: 'playwright' } }));
  }
  // Passes and inapplicable rules are summarised by their first node (resultTypes): the page sends
  // back what the checks read, not thousands of passing nodes. Every rule still runs on every node.
  const options: axe.RunOptions = {
    resultTypes: ['violations', 'incomplete'],
    ...(only === 'colour' ? { runOnly: { type: 'rule', values: [...COLOUR_RULES] } } : {}),
  };
  return page.evaluate((opts) => (window as unknown as { axe: typeof axe }).axe.run(document, opts), options);
}

export const isSerious = (v: Violation): boolean => v.impact === 'serious' || v.impact === 'critical';

/** One line per failing node: rule id, impact, CSS target and axe's summary of what is wrong. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .flatMap((v) => v.nodes.map((n) => `  [${v.impact}] ${v.id}: ${n.target.join(' ')}\n      ${(n.failureSummary ?? v.help).replace(/\n\s*/g, ' ')}`))
    .join('\n');
}

/**
 * The colour scheme the page shows: the app marks it on <html> ('dark' or 'light'); a static page
 * (the prerendered landing page, the weekly report) follows the device's setting in CSS ('media').
 */
export const shownScheme = (page: Page): Promise<'dark' | 'light' | 'media'> =>
  page.evaluate(() => {
    const classes = document.documentElement.classList;
    return classes.contains('dark') ? 'dark' : classes.contains('light') ? 'light' : 'media';
  });

/** Waits until CSS transitions and animations (dialog fades, menu grows, progress bars) have finished. */
export async function settle(page: Page): Promise<void> {
  // A prerendered sign-in page is inert until the app has taken it over (prerendered-sign-in.spec.ts).
  await expect(page.locator('#root[inert]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

/**
 * Switches the device (and so the app) to a colour scheme in place and waits for the page to show
 * it. `shows` is what the page must show then, when that is not the device's scheme: the print
 * calendar is a sheet of paper, light on a dark device too.
 */
export async function useScheme(page: Page, colorScheme: 'dark' | 'light', { shows = colorScheme }: { shows?: 'dark' | 'light' } = {}): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, colorScheme);
  if (shows !== colorScheme) {
    // The app takes the new setting in a task of its own, and the page puts its scheme back: let both run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  // Polled every animation frame: the app marks its scheme on <html> (a static page follows CSS alone).
  await page.waitForFunction((s) => {
    const classes = document.documentElement.classList;
    return classes.contains(s) || (!classes.contains('dark') && !classes.contains('light'));
  }, shows);
  await settle(page);
}

/**
 * Serious or critical violations on the page as it is, in both schemes: every rule in light, the
 * colour rules in dark (one scan each). Leaves the page in the light scheme.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await useScheme(page, 'light');
  const light = await axeScan(page);
  found.push(...light.violations.filter(isSerious).flatMap((v) => v.nodes.map((n) => `light ${v.id}: ${n.target.join(' ')}`)));
  await useScheme(page, 'dark');
  const dark = await axeScan(page, { only: 'colour' });
  found.push(...dark.violations.filter(isSerious).flatMap((v) => v.nodes.map((n) => `dark ${v.id}: ${n.target.join(' ')}`)));
  await useScheme(page, 'light');
  return found;
}
