/** Layout checks shared by the specs: what a phone's screen needs (phone-layout.spec.ts) and charts that fit. */
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

/** Every earnings table's cells show their whole text; every chart's tick labels stay inside it and do not overlap; nothing scrolls sideways. */
export async function expectChartFits(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const problems: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('[data-testid^="earnings-history-"] td, [data-testid^="earnings-history-"] th')) {
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`cell "${cell.textContent}" clipped (${cell.scrollWidth} > ${cell.clientWidth})`);
      const r = cell.getBoundingClientRect();
      const region = cell.closest('[role="region"]')!.getBoundingClientRect();
      if (r.right > region.right + 1) problems.push(`cell "${cell.textContent}" past its table's edge`);
    }
    for (const svg of document.querySelectorAll<SVGSVGElement>('[data-testid^="earnings-history-"] svg.MuiChartsSvgLayer-root')) {
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll<SVGTextElement>('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
      if (labels.length < 3) problems.push(`only ${labels.length} week labels`);
      labels.forEach((l, i) => {
        if (l.r.left < box.left - 1 || l.r.right > box.right + 1) problems.push(`label "${l.text}" cut at the chart's edge`);
        const next = labels[i + 1];
        if (next && next.r.left < l.r.right) problems.push(`labels "${l.text}" and "${next.text}" overlap`);
      });
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
    return problems;
  });
  expect(report).toEqual([]);
}

/** Nothing on the page reaches past the right edge of the screen (so the page never scrolls sideways); `at` (e.g. "360px") goes into the message. */
export async function expectNoSidewaysScroll(page: Page, name: string, at?: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`);
    return { scrollWidth: root.scrollWidth, clientWidth: limit, wide };
  });
  expect.soft(overflow.scrollWidth, `"${name}" scrolls sideways${at ? ` at ${at}` : ''}; elements past the right edge:\n  ${overflow.wide.join('\n  ')}`).toBeLessThanOrEqual(overflow.clientWidth);
}

/**
 * Every visible button, link, tab, checkbox, radio, switch and text field (in the open dialog when
 * there is one) can be hit with a finger: at least 24 × 24 CSS pixels (WCAG 2.2's target size,
 * level AA), and the bottom bar's tabs at least 44 × 44 (the platforms' comfortable size: a parent
 * taps them most). The child's tick boxes have their own 44 px check (child.spec.ts).
 */
export async function expectTouchTargets(page: Page, name: string): Promise<void> {
  const small = await page.evaluate(async () => {
    // Measure at rest: a toast or a dialog that is still growing in (MUI's Grow starts at 75 % × 56 %) or
    // shrinking out is not its size. Spinners and skeletons animate forever, so only finite animations count.
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const scope = document.querySelector('[role="dialog"]') ?? document.body;
    const controls = scope.querySelectorAll<HTMLElement>('button, a[href], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], input:not([type="hidden"]), select, textarea');
    const problems: string[] = [];
    for (const el of controls) {
      const target = el.matches('input[type="checkbox"], input[type="radio"]') ? (el.closest('.MuiCheckbox-root, .MuiRadio-root, .MuiSwitch-root') as HTMLElement | null) ?? el : el;
      const r = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || target.closest('[aria-hidden="true"]')) continue;
      // A link inside a sentence is exempt (WCAG 2.5.8's inline exception).
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
      const big = !!el.closest('nav[aria-label="Parent sections"]');
      const min = big ? 44 : 24;
      if (r.width < min || r.height < min) problems.push(`${label}: ${Math.round(r.width)}×${Math.round(r.height)} (needs ${min}×${min})`);
    }
    return [...new Set(problems)];
  });
  expect.soft(small, `"${name}": controls too small to tap`).toEqual([]);
}

/** What a phone needs of the page as it is now: no sideways scrolling, controls a finger can hit, axe clean in both schemes. */
export async function fitsAPhone(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  await expectTouchTargets(page, name);
  expect.soft(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}
