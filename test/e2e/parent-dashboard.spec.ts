import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { FLYOUT_CLOSE_DELAY_MS } from '../../frontend/src/features/parent-dashboard/model/dashboard-model';
import { longDate } from '../../shared/time';
import { childCard, chooseQuickAction, tabCount } from './support/family';
import { settle } from './support/axe';
import { expect, openParentDashboard, test } from './support/fixtures';
import { dismissToast, toast } from './support/session';

/**
 * The parent dashboard and its dialogs, as the demo parent uses them. Every test starts signed in
 * (the saved session) on the dashboard and reads the figures it compares from the screen or the
 * API, so the tests do not depend on each other's order or on what other specs changed in the demo
 * family.
 */
test.use({ signedInAs: 'parent' });

test('the dashboard shows the family figures, today’s date and every panel', async ({ page }) => {
  await openParentDashboard(page);
  const res = await page.request.get('/api/dashboard');
  expect(res.ok()).toBe(true);
  const dash = (await res.json()) as {
    today: string;
    stats: { completed: number; pending: number; totalEarnings: string; activeChildren: number };
    weekToDateEarned: string;
    children: { displayName: string; todayCompletedCount: number; todayTotalCount: number }[];
  };

  const stats = page.getByRole('region', { name: 'This week at a glance' });
  await expect(stats.getByText('Completed This Week')).toBeVisible();
  await expect(stats.getByText('Pending Chores')).toBeVisible();
  await expect(stats.getByText(`$${dash.stats.totalEarnings}`)).toBeVisible();
  await expect(stats.getByText('Active Children')).toBeVisible();
  await expect(stats).toContainText(String(dash.stats.pending));

  const earnings = page.getByRole('region', { name: 'Family Earnings Overview' });
  for (const label of ['Week to Date', 'Month to Date', 'Year to Date']) await expect(earnings.getByText(label)).toBeVisible();
  await expect(earnings.getByText(`$${dash.weekToDateEarned}`).first()).toBeVisible();

  await expect(page.getByText(longDate(dash.today))).toBeVisible();
  for (const child of dash.children) {
    const card = childCard(page, child.displayName);
    await expect(card).toBeVisible();
    await expect(card.getByText(`${child.todayCompletedCount}/${child.todayTotalCount} done`)).toBeVisible();
    await expect(card.getByRole('button', { name: `Chore Settings for ${child.displayName}` })).toBeVisible();
  }

  const actions = page.getByRole('region', { name: 'Quick Actions' });
  for (const name of ['Add New Chore', 'Add Child', 'Weekly Schedule', 'Reassign Weekly Chores', 'Generate Weekly Report', 'View Master Chore List', 'Manage Children']) {
    await expect(actions.getByRole('button', { name })).toBeVisible();
  }
  for (const tab of ['Daily Chores', 'Weekly Chores', 'Continuous Assignments']) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeVisible();
  }
});

test('adding a chore validates the form, then creates it and counts it in the Master Chore List', async ({ page }) => {
  await openParentDashboard(page);
  await page.getByRole('tab', { name: /^Weekly Chores/ }).click();
  const before = await tabCount(page, 'Weekly Chores');

  await page.getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  await expect(dialog.getByText('Chore name is required')).toBeVisible();
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();

  const name = `Sweep the porch ${randomUUID().slice(0, 6)}`;
  await dialog.getByLabel(/^Name/).fill(name);
  await expect(dialog.getByText('Chore name is required')).toHaveCount(0); // re-validated on change
  await dialog.getByLabel(/^Amount/).fill('0');
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();

  await dialog.getByLabel(/^Amount/).fill('1.75');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Weekly Chore' }).click();
  await dialog.getByRole('button', { name: 'Create Chore' }).click();

  await expect(toast(page, 'Chore created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => tabCount(page, 'Weekly Chores')).toBe(before + 1);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(name)).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: name })).toContainText('$1.75');
});

test('a failed chore creation shows the destructive toast and keeps the dialog open', async ({ page }) => {
  await openParentDashboard(page);
  await page.route('**/api/chores', (r) =>
    r.request().method() === 'POST' ? r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : r.continue(),
  );
  await page.getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await dialog.getByLabel(/^Name/).fill('Never saved');
  await dialog.getByLabel(/^Amount/).fill('2');
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  await expect(toast(page, 'Failed to create chore. Please try again.')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(/Failed to create chore\. Please try again\./);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Chore' })).toBeEnabled();
});

test('adding a child shows a new progress card', async ({ page }) => {
  await openParentDashboard(page);
  const name = `Noah ${randomUUID().slice(0, 4)}`;
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add Child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Child Profile' });
  await expect(dialog.getByText('Prevents assigning chores above this level to this child')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Child' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  await dialog.getByLabel(/^Display Name/).fill(name);
  await dialog.getByLabel('Age').fill('8');
  await dialog.getByRole('combobox', { name: 'Max Difficulty' }).click();
  await page.getByRole('option', { name: '3 - Medium and Below' }).click();
  await dialog.getByRole('button', { name: 'Create Child' }).click();

  await expect(toast(page, 'Child profile created successfully!')).toBeVisible();
  const card = childCard(page, name);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Age 8');
  await expect(card.getByText('No chores assigned for today')).toBeVisible();
});

test('chore settings are validated, saved and shown when the dialog is opened again', async ({ page }) => {
  await openParentDashboard(page);
  const open = async () => {
    await page.getByRole('button', { name: 'Chore Settings for Emma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chore Settings for Emma' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await open();
  await expect(dialog.getByText('Continuous assignments persist until manually changed')).toBeVisible();
  const daily = dialog.getByLabel('Daily Chores');
  const original = await daily.inputValue();
  await daily.fill('11');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(dialog.getByText('Each count must be a whole number from 0 to 10')).toBeVisible();

  await daily.fill('4');
  await dialog.getByLabel('Weekly Chores').fill('');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Settings Updated')).toBeVisible();
  await expect(toast(page, 'Chore settings for Emma have been updated successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await open();
  await expect(dialog.getByLabel('Daily Chores')).toHaveValue('4');
  await expect(dialog.getByLabel('Weekly Chores')).toHaveValue('0'); // blank is saved as 0
  // Put the demo family back as it was for whoever runs next.
  await dialog.getByLabel('Daily Chores').fill(original);
  await dialog.getByLabel('Weekly Chores').fill('2');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(dialog).toBeHidden();
});

test('ticking one of today’s chores moves the progress and the money earned today', async ({ page }) => {
  await openParentDashboard(page);
  const card = childCard(page, 'Liam');
  const box = card.getByRole('checkbox', { checked: false }).first();
  const boxName = await box.getAttribute('aria-label');
  const progressText = async () => {
    const m = /(\d+)\/(\d+) done/.exec(await card.innerText());
    return Number(m?.[1]);
  };
  const earnedToday = async () => {
    const tile = card.getByRole('definition').first();
    return Number((await tile.innerText()).replace('$', ''));
  };
  const doneBefore = await progressText();
  const earnedBefore = await earnedToday();

  // By keyboard: the card's rows can still move under a pointer while its figures fill in.
  await box.focus();
  await box.press('Space');
  await expect(toast(page, 'Chore status updated successfully!')).toBeVisible();
  const ticked = card.getByRole('checkbox', { name: boxName! });
  await expect(ticked).toBeChecked();
  await expect(ticked).toBeEnabled();
  await expect.poll(progressText).toBe(doneBefore + 1);
  await expect.poll(earnedToday).toBeGreaterThan(earnedBefore);

  // Unticking puts it back.
  await ticked.uncheck();
  await expect(ticked).not.toBeChecked();
  await expect.poll(progressText).toBe(doneBefore);
  await expect.poll(earnedToday).toBe(earnedBefore);
});

test('Reassign Weekly Chores confirms with a toast', async ({ page }) => {
  await openParentDashboard(page);
  await page.getByRole('button', { name: 'Reassign Weekly Chores' }).click();
  await expect(toast(page, 'Weekly chores have been reassigned!')).toBeVisible();
});

test('the weekly scheduler saves toggled days and refuses an empty schedule', async ({ page }) => {
  await openParentDashboard(page);
  const openFor = async (child: string) => {
    await chooseQuickAction(page, 'Weekly Schedule', child);
    const dialog = page.getByRole('dialog', { name: `Weekly Chore Scheduler: ${child}` });
    await expect(dialog.getByRole('button', { name: `${child}: Make your bed on Monday` })).toBeVisible();
    return dialog;
  };

  let dialog = await openFor('Liam');
  // Liam's limit is 3 (Medium): harder chores are not offered.
  await expect(dialog.getByRole('button', { name: 'Liam: Mow the lawn on Monday' })).toHaveCount(0);
  const cell = dialog.getByRole('button', { name: 'Liam: Feed the cat on Wednesday' });
  const wasPressed = (await cell.getAttribute('aria-pressed')) === 'true';
  await cell.click();
  await expect(cell).toHaveAttribute('aria-pressed', String(!wasPressed));
  const cell2 = dialog.getByRole('button', { name: 'Liam: Take out the recycling on Friday' });
  const was2 = (await cell2.getAttribute('aria-pressed')) === 'true';
  await cell2.click();
  await expect(cell2).toHaveAttribute('aria-pressed', String(!was2));

  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await expect(toast(page, 'Chores have been scheduled successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Closed as a user would: for its 5 s it sits over the dialog's buttons on a 720 px high screen.
  await dismissToast(page);

  // The saved schedule is what the scheduler opens with next time.
  dialog = await openFor('Liam');
  await expect(dialog.getByRole('button', { name: 'Liam: Feed the cat on Wednesday' })).toHaveAttribute('aria-pressed', String(!wasPressed));
  await expect(dialog.getByRole('button', { name: 'Liam: Take out the recycling on Friday' })).toHaveAttribute('aria-pressed', String(!was2));

  await dialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(dialog.locator('[aria-pressed="true"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(toast(page, 'No assignments selected')).toBeVisible();
  await expect(toast(page, 'Please select at least one chore assignment')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dismissToast(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Generate Weekly Report opens the report in a new tab', async ({ page, context }) => {
  await openParentDashboard(page);
  const [report] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Generate Weekly Report' }).click()]);
  await report.waitForLoadState();
  expect(report.url()).toContain('/api/reports/weekly');
  await expect(report.locator('body')).toContainText('Weekly Report');
  await report.close();
});

interface FlyoutEvent {
  what: string;
  t: number;
  batch: number;
}

/** Records in the page each change of a flyout button's aria-expanded (with its batch of changes) and each pointer move. */
async function watchFlyouts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { flyoutLog: FlyoutEvent[]; flyoutObserver?: MutationObserver };
    w.flyoutObserver?.disconnect();
    w.flyoutLog = [];
    let batch = 0;
    w.flyoutObserver = new MutationObserver((records) => {
      batch += 1;
      for (const r of records) {
        const el = r.target as HTMLElement;
        w.flyoutLog.push({ what: `${el.textContent?.trim() ?? ''}: ${el.getAttribute('aria-expanded')}`, t: performance.now(), batch });
      }
    });
    for (const button of document.querySelectorAll('[aria-haspopup="menu"]')) w.flyoutObserver.observe(button, { attributes: true, attributeFilter: ['aria-expanded'] });
    window.addEventListener('pointermove', (e) => w.flyoutLog.push({ what: `pointer at ${e.clientX},${e.clientY}`, t: performance.now(), batch: -1 }), { capture: true });
  });
}

const flyoutLog = (page: Page): Promise<FlyoutEvent[]> => page.evaluate(() => (window as unknown as { flyoutLog: FlyoutEvent[] }).flyoutLog);

test('the Quick Actions flyout menus open on hover and by keyboard, and navigate', async ({ page }) => {
  await openParentDashboard(page);
  // Hover opens; the menu survives the pointer leaving for a moment, then closes.
  const master = page.getByRole('button', { name: 'View Master Chore List' });
  // Centred first, so clicking into a menu never scrolls another button under the pointer.
  await master.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await master.hover();
  const menu = page.getByRole('menu', { name: 'View Master Chore List' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Daily Chores', 'Weekly Chores', 'Continuous Assignments']);
  // Timed in the page, from the pointer's move to the menu's closing: a timer never fires early, so
  // this holds however busy the machine is (polling for "still visible" missed it under load).
  await watchFlyouts(page);
  await page.mouse.move(5, 5);
  await expect(menu).toBeHidden();
  const leaving = await flyoutLog(page);
  const left = leaving.find((e) => e.what === 'pointer at 5,5');
  const closed = leaving.find((e) => e.what === 'View Master Chore List: false');
  expect(closed!.t - left!.t).toBeGreaterThanOrEqual(FLYOUT_CLOSE_DELAY_MS - 1);

  // One flyout at a time: moving on to the next button hides the first at once, not after its delay:
  // in the very render that opens the next one (the same batch of changes), however long that takes.
  await master.hover();
  await expect(menu).toBeVisible();
  await watchFlyouts(page);
  await page.getByRole('button', { name: 'Manage Children' }).hover();
  await expect(page.getByRole('menu', { name: 'Manage Children' })).toBeVisible();
  await expect(menu).toBeHidden();
  const switching = await flyoutLog(page);
  const opened = switching.find((e) => e.what === 'Manage Children: true');
  const hidden = switching.find((e) => e.what === 'View Master Chore List: false');
  expect(hidden!.batch).toBe(opened!.batch);

  // A menu opened by a click stays while the pointer crosses another button (the page scrolling
  // under a still pointer does the same); only a click on that button switches menus.
  const manageButton = page.getByRole('button', { name: 'Manage Children' });
  await page.mouse.move(5, 5);
  await expect(page.getByRole('menu', { name: 'Manage Children' })).toBeHidden();
  await master.click();
  await expect(menu).toBeVisible();
  await manageButton.hover();
  await page.waitForTimeout(400); // longer than the close delay
  await expect(menu).toBeVisible();
  await expect(page.getByRole('menu', { name: 'Manage Children' })).toBeHidden();
  await manageButton.click();
  await expect(page.getByRole('menu', { name: 'Manage Children' })).toBeVisible();
  await expect(menu).toBeHidden();
  await manageButton.click();
  await expect(page.getByRole('menu', { name: 'Manage Children' })).toBeHidden();

  // The pointer starts away from every button and nothing scrolls under it afterwards: a page that
  // scrolls under a still pointer makes Chromium hover whatever is then below it (another flyout).
  await page.mouse.move(5, 5);
  await master.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await master.hover();
  const weekly = menu.getByRole('menuitem', { name: 'Weekly Chores' });
  await expect(weekly).toBeInViewport({ ratio: 1 });
  // The pointer moves to the item where it is, once the menu has grown in, and clicks there, as a hand
  // does. Playwright's hover and click first scroll their target "into view if needed": just after the
  // menu grew, Chromium judged the item not in view inside the menu's own scroll box and centred it
  // on the page, which moved Manage Children under the resting pointer and opened it over the item
  // (two clean-clone runs, the same screenshot each time).
  await settle(page);
  const box = (await weekly.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('menu', { name: 'Manage Children' })).toBeHidden();
  await expect(menu).toBeVisible();
  await page.mouse.down();
  await page.mouse.up();
  await expect(page).toHaveURL(/\/chores\?category=weekly$/);

  // Keyboard: Enter opens and focuses the first child; Escape closes and gives focus back.
  await openParentDashboard(page);
  const manage = page.getByRole('button', { name: 'Manage Children' });
  await manage.focus();
  await page.keyboard.press('Enter');
  const children = page.getByRole('menu', { name: 'Manage Children' });
  await expect(children.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(children).toBeHidden();
  await expect(manage).toBeFocused();

  await page.keyboard.press('Space');
  await expect(children.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const second = children.getByRole('menuitem').nth(1);
  await expect(second).toBeFocused();
  const name = (await second.innerText()).trim();
  const res = await page.request.get('/api/children');
  const id = ((await res.json()) as { id: string; displayName: string }[]).find((c) => c.displayName === name)?.id;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/children\\?child=${id}$`));
});
