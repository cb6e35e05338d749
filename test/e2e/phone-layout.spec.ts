/**
 * The phone's layout, at 390 px with touch: what a phone needs that the journeys (at 1280 px) do not
 * show. The parent's bottom bar on every parent page (and nothing hidden behind it), every page and
 * dialog of the household planner, savings goals and jars opened as a parent and a child open them,
 * and on each: nothing scrolls sideways, every control can be hit with a finger (support/layout.ts),
 * and axe finds no serious violation in the light and the dark scheme (support/axe.ts). Charts fit.
 *
 * The other screens and dialogs are scanned at a phone's 360 px in a11y.spec.ts; the specs whose
 * subject is a phone's layout (the child's tick boxes, the chores before the progress, the bounce
 * banner, charts at 320 px, print on a phone) keep their own phone widths.
 */
import type { Page } from '@playwright/test';
import { addDays, dateInWeek, monthOf, weekStartOfDate } from '../../shared/time';
import { childAction, childCard } from './support/family';
import { expect, openParentDashboard, test } from './support/fixtures';
import { expectChartFits, expectNoSidewaysScroll, expectTouchTargets, fitsAPhone } from './support/layout';
import { addKid, kidPage, newFamily, ok, type Kid } from './support/own-family';
import { addChoreByApi, assignChoreForToday, choose, familyWeek, openFeedTheCatForEach, reassign } from './support/planner';
import { childPage, choreForToday as choreForDemoChild, cleanUp, newChild } from './support/ledger';
import { SAME_ORIGIN, tickByKeyboard, toast } from './support/session';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
// Each test makes its own family or child, or only reads the demo family: both workers share them.
test.describe.configure({ mode: 'parallel' });

/** A chore for today given to the child through the API (the parent's session); the assignment's id. */
async function choreForToday(page: Page, kid: Kid, name: string, amount: string): Promise<string> {
  const assignment = await ok<{ id: string }>(await assignChoreForToday(page, kid, name, amount));
  return assignment.id;
}

test.describe('the demo parent', () => {
  test.use({ signedInAs: 'parent' });

  test('every parent page is one tap away on the bottom bar, fits the screen, and nothing hides behind the bar', async ({ page }) => {
    await openParentDashboard(page);
    const nav = page.getByRole('navigation', { name: 'Parent sections' });
    // One bar is shown, at the bottom of the screen.
    await expect(nav).toHaveCount(1);
    const bar = (await nav.boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 2);
    await fitsAPhone(page, 'dashboard');
    for (const p of [
      { tab: 'Children', path: '/children', heading: 'All Children' },
      { tab: 'Chores', path: '/chores', heading: 'All Chores' },
      { tab: 'Schedule', path: '/weekly-schedule', heading: 'Weekly Schedule' },
      { tab: 'Activity', path: '/activity', heading: 'Activity' },
      { tab: 'Dashboard', path: '/', heading: /^Welcome/ },
    ] as const) {
      await nav.getByRole('tab', { name: p.tab }).click();
      await expect(page).toHaveURL(new RegExp(`${p.path === '/' ? '/$' : `${p.path}$`}`));
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      // Exactly one tab is marked, and it is this page's.
      await expect(nav.getByRole('tab', { selected: true })).toHaveCount(1);
      await expect(nav.getByRole('tab', { name: p.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(nav.getByRole('tab', { name: p.tab })).toHaveAttribute('aria-current', 'page');
      await expectNoSidewaysScroll(page, p.path);
      await expectTouchTargets(page, p.path);
      if (p.path === '/children') {
        // The earnings charts and their tables fit a phone.
        await expect(page.locator('[data-testid^="earnings-history-"]').first().locator('svg .MuiBarChart-element').last()).toBeVisible();
        await expectChartFits(page);
      }
    }

    // The account pages, from the account menu: the page's end scrolls clear of the bottom bar.
    await page.getByRole('button', { name: 'Parent Account' }).click();
    await page.getByRole('menuitem', { name: 'Family Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
    await expect(nav.getByRole('tab', { selected: true })).toHaveCount(0);
    // Scrolled to the end once the page has its content (its cards load after the heading): polled,
    // so a card that arrives after a scroll is scrolled to as well.
    const lastCard = page.locator('main .MuiCard-root').last();
    await expect(lastCard).toBeVisible();
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const navTop = (await nav.boundingBox())!.y;
        const last = (await lastCard.boundingBox())!;
        return last.y + last.height - navTop;
      }, { message: 'the Family page’s last card ends above the bottom bar' })
      .toBeLessThanOrEqual(1);
    await expectTouchTargets(page, '/family');
  });

  test('a tick waiting for a parent’s OK: the dashboard’s card, the send-back dialog and the child’s list fit a phone', async ({ page, browser }) => {
    const child = await newChild(page.request, 'Phone');
    const { chore, assignmentId } = await choreForDemoChild(page.request, child.id, { needsApproval: true, name: `Feed the cat ${child.username}` });
    try {
      const { kid, close } = await childPage(browser, child);
      try {
        await ok(await kid.request.post('/api/child/complete-assignment', { data: { assignmentId, completed: true }, headers: SAME_ORIGIN }));
        await kid.reload();
        await expect(kid.getByText("Waiting for a parent's OK")).toBeVisible();
        await fitsAPhone(kid, 'child, a tick waiting');
      } finally {
        await close();
      }
      await openParentDashboard(page);
      const card = page.getByRole('region', { name: 'Waiting for your OK' });
      await expect(card.getByRole('button', { name: `Approve all for ${child.displayName}` })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await fitsAPhone(page, 'dashboard, waiting for your OK');
      await card.getByRole('button', { name: new RegExp(`^Send back ${chore.name}`) }).click();
      const dialog = page.getByRole('dialog', { name: `Send back ${chore.name}?` });
      await expect(dialog).toBeVisible();
      await fitsAPhone(page, 'send-back dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await cleanUp(page.request, { chores: [chore.id], children: [child.id] });
    }
  });
});

test('the household planner on a phone: the chore plan, availability, the preview and a paused family, for a parent and a child', async ({ page, browser }) => {
  test.slow();
  const tag = await newFamily(page, 'phone-planner');
  const emma = await addKid(page, 'Emma', tag, 3);
  await addKid(page, 'Liam', tag, 3);
  await addChoreByApi(page, { name: 'Dishes', category: 'daily', amount: '1.00' });
  // Too hard for both children: the preview shows a conflict.
  await addChoreByApi(page, { name: 'Recycling', category: 'weekly', amount: '1.50', difficultyLevel: 5 });
  await page.reload();

  // The chore dialog with its plan unfolded: each child with days of their own.
  const dialog = await openFeedTheCatForEach(page);
  await dialog.getByRole('group', { name: 'Emma’s days' }).getByRole('button', { name: 'Monday' }).click();
  await dialog.getByRole('group', { name: 'Liam’s days' }).getByRole('button', { name: 'Tuesday' }).click();
  await expect(dialog.getByTestId('plan-sentence')).toHaveText('Every day, for each child: Emma on Mon, Liam on Tue');
  await fitsAPhone(page, 'chore dialog, each child with days');
  await choose(page, dialog, /^Repeat/, 'Monthly on a weekday (e.g. first Saturday)');
  await fitsAPhone(page, 'chore dialog, a monthly rhythm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The plan preview, with a conflict.
  const previewed = page.waitForResponse((r) => r.url().endsWith('/api/assignments/preview'));
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Preview Plan' }).click();
  expect((await previewed).ok()).toBe(true);
  const preview = page.getByRole('dialog', { name: 'Preview the week’s plan' });
  await expect(preview.getByTestId('plan-conflicts')).toContainText('Recycling: no child can take it');
  await fitsAPhone(page, 'plan preview');
  await preview.getByRole('button', { name: 'Cancel' }).or(preview.getByRole('button', { name: 'Close' })).first().click();
  await expect(preview).toBeHidden();

  // Availability: a weekly away day, with the month preview.
  await page.goto(`/children?child=${emma.id}`);
  await (await childAction(page, 'Emma', 'Availability')).click();
  const availability = page.getByRole('dialog', { name: 'Availability: Emma' });
  await availability.getByRole('group', { name: 'Away on' }).getByRole('button', { name: 'Friday' }).click();
  await availability.getByLabel('Label (optional)').fill('At Dad’s');
  await availability.getByRole('button', { name: 'Add pattern' }).click();
  await expect(availability.getByText('Away every Friday (At Dad’s)')).toBeVisible();
  // The month preview marks the Fridays from the pattern's start (today) on: the first is this
  // month's, or next month's when today is past the month's last Friday.
  const familyToday = (await familyWeek(page)).today;
  const thisWeeksFriday = dateInWeek(weekStartOfDate(familyToday), 'friday');
  const firstFriday = thisWeeksFriday >= familyToday ? thisWeeksFriday : addDays(thisWeeksFriday, 7);
  if (monthOf(firstFriday) !== monthOf(familyToday)) await availability.getByRole('button', { name: 'Next month' }).click();
  await expect(availability.locator(`td[data-date="${firstFriday}"][data-away="true"]`)).toBeVisible();
  await fitsAPhone(page, 'availability dialog');
  await availability.getByRole('button', { name: 'Save Availability' }).click();
  await expect(toast(page, 'Availability saved for Emma')).toBeVisible();
  await expect(availability).toBeHidden();

  // The whole family paused: the dashboard's card and the child's own page say so.
  const { today } = await familyWeek(page);
  await ok(await page.request.put('/api/family/pause', { data: { from: today }, headers: SAME_ORIGIN }));
  await reassign(page);
  await page.reload();
  await expect(childCard(page, 'Emma').getByTestId('away-today')).toHaveText('Away today (Family paused)');
  await fitsAPhone(page, 'dashboard, family paused');
  const child = await kidPage(browser, page, emma, PHONE);
  try {
    await expect(child.getByTestId('away-today')).toHaveText('You’re away today (Family paused): no chores today.');
    await fitsAPhone(child, 'child, away today');
  } finally {
    await child.context().close();
  }
});

test('savings goals and jars on a phone: My money, a goal, the card, the parent’s dialogs and the celebration', async ({ page, browser }) => {
  test.slow();
  const tag = await newFamily(page, 'phone-savings');
  const emma = await addKid(page, 'Emma', tag);
  await choreForToday(page, emma, 'Feed the cat', '2.50');

  const kid = await kidPage(browser, page, emma, PHONE);
  try {
    // The child sets a goal through the dialog.
    await kid.goto('/child/money');
    await expect(kid.getByRole('heading', { level: 1, name: 'My money' })).toBeVisible();
    await fitsAPhone(kid, 'My money, no goal');
    await kid.getByRole('button', { name: 'New goal' }).click();
    const goal = kid.getByRole('dialog', { name: 'New goal' });
    await goal.getByLabel('Name').fill('Lego set');
    await goal.getByLabel('It costs').fill('5');
    await goal.getByRole('radio', { name: 'Toy' }).check();
    await fitsAPhone(kid, 'New goal dialog');
    await goal.getByRole('button', { name: 'Set Goal' }).click();
    await expect(toast(kid, 'Goal set!')).toBeVisible();
    await expect(goal).toBeHidden();
    await expect(kid.getByRole('region', { name: 'My goals' }).getByRole('heading', { name: 'Lego set' })).toBeVisible();
    await fitsAPhone(kid, 'My money with a goal');

    // The dashboard's card after a tick.
    await kid.getByRole('link', { name: 'My chores' }).click();
    await tickByKeyboard(kid.getByRole('checkbox', { name: 'Mark Feed the cat as done' }).first());
    const card = kid.getByRole('region', { name: 'My goal' });
    await expect(card.getByTestId('goal-progress-line')).toHaveText('$2.50 of $5.00');
    await card.scrollIntoViewIfNeeded();
    await fitsAPhone(kid, 'child dashboard with the goal card');

    // The parent's goals dialog and the purchase's confirmation.
    await page.goto(`/children?child=${emma.id}`);
    await (await childAction(page, 'Emma', 'Goals')).click();
    const goals = page.getByRole('dialog', { name: "Emma's goals and jars" });
    await expect(goals.getByRole('heading', { name: 'Lego set' })).toBeVisible();
    await fitsAPhone(page, 'parent goals dialog');
    await goals.getByRole('button', { name: 'Mark as bought' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark Lego set as bought?' });
    await expect(confirm).toContainText('Records that Lego set was bought for $5.00');
    await fitsAPhone(page, 'mark bought confirmation');
    await confirm.getByRole('button', { name: 'Mark as Bought' }).click();
    await expect(toast(page, 'Lego set marked as bought')).toBeVisible();
    await goals.getByRole('button', { name: 'Close' }).first().click();
    await expect(goals).toBeHidden();

    // Jars on (no goal is saved for now), a goal the payout's save jar covers: the celebration.
    await ok(await page.request.put('/api/family/money', { data: { jars: { spend: 50, save: 40, give: 10 } }, headers: SAME_ORIGIN }));
    await ok(await kid.request.post('/api/child/goals', { data: { name: 'Book', target: '4', icon: 'book' }, headers: SAME_ORIGIN }));
    const car = await choreForToday(page, emma, 'Wash the car', '10.00');
    await ok(await kid.request.post('/api/child/complete-assignment', { data: { assignmentId: car, completed: true }, headers: SAME_ORIGIN }));
    await ok(await page.request.post(`/api/children/${emma.id}/reset-earnings`, { headers: SAME_ORIGIN }));
    await kid.goto('/child/money');
    const party = kid.getByRole('dialog', { name: 'You did it! You saved enough for Book' });
    await expect(party).toBeVisible();
    await fitsAPhone(kid, 'the celebration');
    await party.getByRole('button', { name: 'Yay!' }).click();
    await expect(party).toBeHidden();
    await expect(kid.getByRole('region', { name: 'My jars' }).getByTestId('jar-save-amount')).toHaveText('$4.00');
    await fitsAPhone(kid, 'My money with jars');

    // The parent records spending from the spend jar.
    await page.reload();
    await (await childAction(page, 'Emma', 'Goals')).click();
    await goals.getByRole('button', { name: 'Record spending' }).click();
    const spend = page.getByRole('dialog', { name: 'Record spending' });
    await spend.getByLabel('Amount spent').fill('2');
    await spend.getByLabel('Note').fill('Comic book');
    await fitsAPhone(page, 'record spending dialog');
    await spend.getByRole('button', { name: 'Record Spending' }).click();
    await expect(toast(page, 'Spending recorded')).toBeVisible();
  } finally {
    await kid.context().close();
  }
});
