/**
 * Accessibility and small-screen checks (spec: "Everything reachable by keyboard, labelled for
 * screen readers; no serious axe-core violations on any screen" and "children use phones and
 * tablets: it must be comfortable at 360 px wide and with touch").
 *
 * Every screen, and every dashboard dialog and menu, is scanned with axe-core at 1280 px and at
 * 360 px (touch), in the light and the dark colour scheme (the system setting, which the app
 * follows): each state is scanned with every rule in light, then the same page is switched to dark
 * in place and scanned with the colour rules (support/axe.ts), so each screen, width and scheme has
 * its scan as before, without signing in and opening everything a second time. A violation of
 * impact serious or critical fails the test, with the rule ids and the elements in the message. A
 * new screen added here is checked in both schemes. At 360 px no screen may scroll sideways. With
 * A11Y_SHOTS_DIR set, each state is also saved there as a screenshot in both schemes with axe's full
 * report, for a person to look at (`A11Y_SHOTS_DIR=/tmp/a11y-shots npx playwright test … a11y`); the
 * suite does not spend its minutes on pictures nobody opens.
 *
 * Violations below serious are only reported (test annotations, and the .axe.txt file next to each
 * screenshot, which also lists what axe could not decide, e.g. text over a gradient). Known one: the
 * Quick Actions flyout menu is a popper rendered at the end of <body>, outside any landmark
 * ("region", moderate), as MUI menus are; focus moves into it and back, so it is left as it is.
 *
 * The tests only open dialogs and cancel them: they change nothing in the demo family. The account
 * pages: a11y-account.spec.ts; the keyboard: a11y-keyboard.spec.ts; the scans: support/a11y.ts.
 */
import type { Page } from '@playwright/test';
import { check, checkDialog, WIDTHS } from './support/a11y';
import { childAction, chooseQuickAction } from './support/family';
import { expect, openChildDashboard, openParentDashboard, test } from './support/fixtures';
import { adjust, choreForToday, cleanUp, newChild } from './support/ledger';
import { logInByApi, SAME_ORIGIN } from './support/session';

// The tests are independent (each opens its own screens and cancels what it opens): both workers share them.
test.describe.configure({ mode: 'parallel' });

interface Child {
  id: string;
  displayName: string;
}
interface Chore {
  id: string;
  name: string;
}

async function demoChildren(page: Page): Promise<Child[]> {
  const res = await page.request.get('/api/children');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Child[];
}

for (const { label, viewport, touch } of WIDTHS) {
  test.describe(`${label} ${viewport.width}px, light and dark`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch, colorScheme: 'light' });
    // Each test scans a screen and several dialogs with axe in two schemes.
    test.slow();

    test('signed-out screens', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(page, 'landing');

      await page.goto('/parent-login');
      await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
      await check(page, 'parent-login');

      await page.goto('/parent-signup');
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
      await check(page, 'parent-signup');

      await page.goto('/child-login');
      await expect(page.getByRole('button', { name: 'Log In to My Chores' })).toBeVisible();
      await check(page, 'child-login');

      await page.goto('/nope');
      await expect(page.getByRole('heading', { name: /404/ })).toBeVisible();
      await check(page, 'not-found');
    });

    test.describe('the demo parent', () => {
      test.use({ signedInAs: 'parent' });

      test('parent dashboard, its dialogs and the Quick Actions menu', async ({ page }) => {
        await openParentDashboard(page);
        await check(page, 'dashboard');

        const actions = page.getByRole('region', { name: 'Quick Actions' });
        await checkDialog(page, 'dialog-add-chore', () => actions.getByRole('button', { name: 'Add New Chore' }).click(), 'Add New Chore');
        await checkDialog(page, 'dialog-add-child', () => actions.getByRole('button', { name: 'Add Child' }).click(), 'Add Child Profile');
        await checkDialog(
          page,
          'dialog-chore-settings',
          () => page.getByRole('button', { name: 'Chore Settings for Emma' }).click(),
          'Chore Settings for Emma',
        );

        // The flyout: hovered with a mouse, tapped on a touch screen.
        const master = actions.getByRole('button', { name: 'View Master Chore List' });
        if (touch) await master.tap();
        else await master.hover();
        await expect(page.getByRole('menu', { name: 'View Master Chore List' }).getByRole('menuitem')).toHaveCount(3);
        await check(page, 'quick-actions-menu', { fullPage: false });
        await page.keyboard.press('Escape');
        if (touch) await master.tap(); // a tapped menu is pinned open: a second tap closes it
        else await page.mouse.move(5, 5);
        await expect(page.getByRole('menu', { name: 'View Master Chore List' })).toBeHidden();

        await checkDialog(
          page,
          'dialog-weekly-scheduler',
          async () => {
            await chooseQuickAction(page, 'Weekly Schedule', 'Emma');
            await expect(page.getByRole('button', { name: 'Emma: Make your bed on Monday' })).toBeVisible();
          },
          'Weekly Chore Scheduler: Emma',
        );
      });

      test('/chores with the Edit Chore dialog and a delete confirmation', async ({ page }) => {
        await page.goto('/chores');
        await expect(page.getByRole('heading', { level: 1, name: 'All Chores' })).toBeVisible();
        await check(page, 'chores');

        const chores = (await (await page.request.get('/api/chores')).json()) as Chore[];
        const chore = chores.find((c) => c.name === 'Make your bed') ?? chores[0]!;
        await checkDialog(page, 'dialog-edit-chore', () => page.getByRole('button', { name: `Edit ${chore.name}` }).click(), 'Edit Chore');
        await checkDialog(page, 'dialog-delete-chore', () => page.getByRole('button', { name: `Delete ${chore.name}` }).click(), /delete/i);
      });

      test('/children with the Edit Child Profile and Set Login dialogs', async ({ page }) => {
        await page.goto('/children');
        await expect(page.getByRole('heading', { level: 1, name: 'All Children' })).toBeVisible();
        await check(page, 'children');

        const emma = page.getByRole('article', { name: 'Emma' });
        // On a phone the card keeps these in its "More actions" menu (support/family.ts).
        await checkDialog(page, 'dialog-edit-child', async () => (await childAction(page, 'Emma', 'Edit Profile')).click(), 'Edit Child Profile');
        await checkDialog(page, 'dialog-credentials', async () => (await childAction(page, 'Emma', /^(Set|Update) Login$/)).click(), /login|credentials/i);
        await checkDialog(page, 'dialog-delete-child', () => emma.getByRole('button', { name: 'Delete Emma' }).click(), /delete/i);

        const [first] = await demoChildren(page);
        await page.goto(`/children?child=${first!.id}`);
        await expect(page.getByRole('heading', { level: 1, name: `${first!.displayName} Profile` })).toBeVisible();
        await check(page, 'children-one');
      });

      test('/weekly-schedule and the print calendar', async ({ page }) => {
        await page.goto('/weekly-schedule');
        await expect(page.getByRole('heading', { level: 1, name: 'Weekly Schedule' })).toBeVisible();
        await check(page, 'weekly-schedule');

        const children = await demoChildren(page);
        const emma = children.find((c) => c.displayName === 'Emma') ?? children[0]!;
        await page.goto(`/weekly-schedule?child=${emma.id}`);
        await expect(page.getByText(`${emma.displayName}’s week`)).toBeVisible();
        await check(page, 'weekly-schedule-one');

        // The calendar prints itself after a second; a stub keeps the print dialog from blocking the page.
        await page.addInitScript(() => {
          window.print = () => undefined;
        });
        await page.goto(`/print-calendar/${emma.id}`);
        await expect(page.getByRole('heading', { level: 1, name: `${emma.displayName}’s Chore Calendar` })).toBeVisible();
        // A sheet of paper: light on a dark device too (decision 023).
      await check(page, 'print-calendar', { darkShows: 'light' });
      });

      test('issue 19: Waiting for your OK, the money dialogs, the activity log, a child’s waiting and sent-back chores and money news', async ({ page, browser, playwright }) => {
        await openParentDashboard(page);
        // A child of its own with two chores that need an OK, both ticked: one waits, one is sent back.
        const child = await newChild(page.request, 'Axe');
        const waiting = await choreForToday(page.request, child.id, { needsApproval: true, name: `Feed the cat ${child.username}` });
        const sentBack = await choreForToday(page.request, child.id, { needsApproval: true, name: `Make the bed ${child.username}` });
        try {
          await adjust(page.request, child.id, 'bonus', '2.00', 'Helped Grandma');
          await adjust(page.request, child.id, 'deduction', '0.50', 'Left the lights on');
          const kidApi = await playwright.request.newContext({ storageState: undefined });
          expect((await kidApi.post('/api/auth/child-login', { headers: SAME_ORIGIN, data: { username: child.username, password: child.password } })).ok()).toBe(true);
          for (const { assignmentId } of [waiting, sentBack]) {
            expect((await kidApi.post('/api/child/complete-assignment', { headers: SAME_ORIGIN, data: { assignmentId, completed: true } })).ok()).toBe(true);
          }
          await kidApi.dispose();
          const note = { note: 'The pillows go on top, please' };
          expect((await page.request.post(`/api/assignments/${sentBack.assignmentId}/send-back`, { headers: SAME_ORIGIN, data: note })).ok()).toBe(true);

          await page.reload();
          const card = page.getByRole('region', { name: 'Waiting for your OK' });
          await expect(card.getByRole('button', { name: `Approve all for ${child.displayName}` })).toBeVisible();
          await check(page, 'dashboard-approvals');
          await checkDialog(page, 'dialog-send-back', () => card.getByRole('button', { name: new RegExp(`^Send back ${waiting.chore.name}`) }).click(), `Send back ${waiting.chore.name}?`);

          await page.goto(`/children?child=${child.id}`);
          const childArticle = page.getByRole('article', { name: child.displayName, exact: true });
          await expect(childArticle).toBeVisible();
          await checkDialog(page, 'dialog-reset-earnings', () => childArticle.getByRole('button', { name: 'Reset Earnings' }).click(), `Pay ${child.displayName}`);
          await checkDialog(page, 'dialog-bonus-deduction', () => childArticle.getByRole('button', { name: 'Bonus or deduction' }).click(), `Bonus or deduction for ${child.displayName}`);

          await page.goto(`/activity?child=${child.id}`);
          await expect(page.getByTestId('activity-row').first()).toBeVisible();
          await check(page, 'activity');
          await checkDialog(page, 'dialog-reverse', () => page.getByRole('button', { name: /^Reverse/ }).first().click(), /^Reverse this/);

          const kidContext = await browser.newContext({ storageState: undefined });
          try {
            const kid = await kidContext.newPage();
            await logInByApi(kid, 'child', child.username, child.password);
            await expect(kid.getByText('A parent sent this back: “The pillows go on top, please”')).toBeVisible();
            await expect(kid.getByRole('region', { name: 'Bonuses and payouts' }).getByRole('listitem')).toHaveCount(2);
            await check(kid, 'child-approvals');
            await kid.getByRole('button', { name: 'Calendar View' }).click();
            await expect(kid.getByRole('heading', { name: 'My Weekly Adventure' })).toBeVisible();
            await check(kid, 'child-approvals-calendar');
          } finally {
            await kidContext.close();
          }
        } finally {
          await cleanUp(page.request, { chores: [waiting.chore.id, sentBack.chore.id], children: [child.id] });
        }
      });

    });

    test.describe('a demo child', () => {
      test.use({ signedInAs: 'emma' });

      test('child dashboard in List View and Calendar View', async ({ page }) => {
        await openChildDashboard(page);
        await check(page, 'child-list');
        await page.getByRole('button', { name: 'Calendar View' }).click();
        await expect(page.getByRole('heading', { name: 'My Weekly Adventure' })).toBeVisible();
        await check(page, 'child-calendar');
      });
    });
  });
}
