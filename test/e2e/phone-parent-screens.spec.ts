/**
 * A parent's screens on a phone (issue 29, points 16, 17 and 8), at 390 × 844 with touch: the
 * confirm-your-email banner leaves the first screen to the page, every action of a child's card is
 * reachable and none is cut off, and the chore dialog's category and rhythm read as one choice with
 * nothing cut off.
 */
import type { Locator } from '@playwright/test';
import { childAction, childCard } from './support/family';
import { expect, test } from './support/fixtures';
import { fitsAPhone } from './support/layout';
import { newFamily } from './support/own-family';
import { choose, openChorePlan } from './support/planner';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** The controls inside `scope` whose text is cut off (wider than their box) or that reach past `scope`'s edges. */
async function clipped(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const edge = root.getBoundingClientRect();
    const problems: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('button, a[href], [role="combobox"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`"${name}" cut off (${el.scrollWidth} > ${el.clientWidth})`);
      if (r.left < edge.left - 1 || r.right > edge.right + 1) problems.push(`"${name}" reaches past the edge`);
      for (const text of el.querySelectorAll<HTMLElement>('*')) {
        if (text.children.length === 0 && text.scrollWidth > text.clientWidth + 1 && getComputedStyle(text).overflow !== 'visible') problems.push(`"${name}": "${text.textContent}" cut off`);
      }
    }
    return problems;
  });
}

test('the confirm-your-email banner takes a few lines of a phone’s first screen, its details on request', async ({ page }) => {
  await newFamily(page, 'phone-banner');
  const banner = page.getByRole('status').filter({ hasText: 'Please confirm your email address' });
  await expect(banner).toBeVisible();
  // At most about three lines of text: the page's own heading stays on the first screen.
  const box = (await banner.boundingBox())!;
  expect(box.height, 'the banner’s height at 390 × 844').toBeLessThanOrEqual(100);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to ChoreQuest, Pat!' })).toBeInViewport();
  // Its actions stay one tap away; the why and the address unfold on request.
  await expect(banner.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Dismiss the reminder' })).toBeVisible();
  const details = banner.getByRole('button', { name: 'Why?' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(banner.getByText(/^We sent a link to phone-banner-.*@example\.com\. Confirming lets you reset a forgotten password/)).toBeVisible();
  await fitsAPhone(page, 'dashboard with the banner unfolded');
});

test.describe('the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('a child’s card on a phone: every action is reachable, none is cut off, and the card does not scroll sideways', async ({ page }) => {
    await page.goto('/children');
    await expect(page.getByRole('heading', { level: 1, name: 'All Children' })).toBeVisible();
    const card = childCard(page, 'Emma');
    await expect(card.getByRole('button', { name: 'Edit Chores' })).toBeVisible();
    expect(await clipped(card), 'controls of Emma’s card').toEqual([]);
    await fitsAPhone(page, '/children');

    // "Bonus or deduction" shows its whole label on its own button.
    const bonus = card.getByRole('button', { name: 'Bonus or deduction' });
    await expect(bonus).toBeVisible();
    // Edit Chores is a toggle of the card itself.
    await card.getByRole('button', { name: 'Edit Chores' }).click();
    await expect(card.getByRole('button', { name: 'Done Editing' })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('button', { name: 'Done Editing' }).click();

    // The spec's actions and the newer ones each open what they name.
    for (const [action, dialogName] of [
      ['Edit Profile', 'Edit Child Profile'],
      ['Update Login', /Login/],
      ['Reset Earnings', /Emma/],
      ['Bonus or deduction', 'Bonus or deduction for Emma'],
      ['Availability', 'Availability: Emma'],
      ['Goals', "Emma's goals and jars"],
    ] as const) {
      await (await childAction(page, 'Emma', action)).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog, action).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await expect(await childAction(page, 'Emma', 'Print Calendar')).toHaveAttribute('href', /^\/print-calendar\//);
    await page.keyboard.press('Escape');
    await expect(await childAction(page, 'Emma', 'Activity log')).toHaveAttribute('href', /^\/activity\?child=/);
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'Delete Emma' })).toBeVisible();
  });
});

test.describe('a family of its own', () => {
  test.use({ signedInAs: 'own family' });

  test('the chore dialog on a phone: the category says how the rhythm files the chore, and Repeat is not cut off', async ({ page }) => {
    const dialog = await openChorePlan(page);
    const category = dialog.getByRole('combobox', { name: /^Category/ });
    await choose(page, dialog, /^Category/, 'Weekly Chore');
    await expect(category).toHaveAccessibleDescription(/Once a week/);
    await choose(page, dialog, /^Repeat/, 'Monthly on a weekday (e.g. first Saturday)');
    // The category and the rhythm read as one choice: a monthly chore listed with the weekly ones says so.
    await expect(category).toHaveAccessibleDescription('Listed with the Weekly Chores, and it happens on the first Saturday of each month.');
    await choose(page, dialog, /^Category/, 'Daily Chore');
    await expect(category).toHaveAccessibleDescription('Listed with the Daily Chores, and it happens on the first Saturday of each month.');
    const repeat = dialog.getByRole('combobox', { name: /^Repeat/ });
    await expect(repeat).toHaveText('Monthly on a weekday (e.g. first Saturday)');
    expect(await clipped(dialog), 'the chore dialog’s controls').toEqual([]);
    await fitsAPhone(page, 'chore dialog, a monthly rhythm');
  });
});
