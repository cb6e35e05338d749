/**
 * Savings goals and jars (issue 22) through the screens at 1280 px (phone-layout.spec.ts opens them at 390 px):
 * a child sets a goal on "My money", earns by ticking a chore a parent gave them and sees the
 * progress on the dashboard's "My goal" card; the parent marks it bought (the confirmation says
 * what it records) and the child sees it bought. With jars on (the Family page), a Reset Earnings
 * payout shows up split in the child's three jars, the goal the save jar covers celebrates once
 * (gone after a reload), and the parent records spending from the spend jar.
 *
 * The ETA: "About N more weeks at this pace" needs savings in the last 4 full weeks, which a family
 * signed up today does not have; these journeys assert the no-pace line ("Keep going: every chore
 * gets you closer") and the weeks wording is covered by the unit test of etaLine
 * (frontend/src/features/savings/model/goals.test.ts).
 *
 * axe (light and dark): no serious violation on My money, the goal card and the new dialogs.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { childCard } from './support/family';
import { expect, test } from './support/fixtures';
import { addKid, kidPage, newFamily, type Kid } from './support/own-family';
import { assignChoreForToday } from './support/planner';
import { tickByKeyboard, toast } from './support/session';

const NO_PACE = 'Keep going: every chore gets you closer';

/** Gives the child a chore for today through the API (the parent's session). */
async function choreForToday(page: Page, kid: Kid, name: string, amount: string): Promise<void> {
  const res = await assignChoreForToday(page, kid, name, amount);
  expect(res.ok(), await res.text()).toBe(true);
}

/** The child sets a goal on My money through the New goal dialog. */
async function setGoal(kidPage: Page, name: string, target: string, icon: string, axe = false): Promise<void> {
  await kidPage.getByRole('button', { name: 'New goal' }).click();
  const dialog = kidPage.getByRole('dialog', { name: 'New goal' });
  await expect(dialog.getByRole('radiogroup', { name: 'Icon' })).toBeVisible();
  // No top-up for children: that is a parent's to give.
  await expect(dialog.getByLabel(/We add/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Set Goal' }).click();
  await expect(dialog.getByText('Give the goal a name')).toBeVisible();
  await expect(dialog.getByText('Choose an icon from the set')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('It costs').fill(target);
  await dialog.getByRole('radio', { name: icon }).check();
  if (axe) expect(await seriousViolations(kidPage)).toEqual([]);
  const sent = kidPage.waitForResponse((r) => r.url().endsWith('/api/child/goals') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Set Goal' }).click();
  expect((await sent).status()).toBe(201);
  await expect(toast(kidPage, 'Goal set!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('savings goals at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // Two people's screens, a payout and axe in both schemes at each step: longer than one screen's journey.
  // Each test makes a family of its own: both workers share them (the file ran last, on one worker).
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test('a child sets a goal, earns toward it, and the parent marks it bought', async ({ page, browser }) => {
    const tag = await newFamily(page, 'savings');
    const emma = await addKid(page, 'Emma', tag);
    await choreForToday(page, emma, 'Feed the cat', '2.50');

    const kid = await kidPage(browser, page, emma, { width: 1280, height: 900 });
    try {
      // The dashboard's card invites a goal and links to My money.
      const card = kid.getByRole('region', { name: 'My goal' });
      await expect(card).toContainText('Saving for something?');
      await card.getByRole('link', { name: 'My money' }).click();
      await expect(kid).toHaveURL(/\/child\/money$/);
      await expect(kid.getByRole('heading', { level: 1, name: 'My money' })).toBeVisible();
      // Jars are off: no jars, and the history has no jar columns.
      await expect(kid.getByRole('region', { name: 'My jars' })).toHaveCount(0);
      await expect(kid.getByRole('columnheader', { name: 'You earned' })).toBeVisible();
      await expect(kid.getByRole('columnheader', { name: 'Paid to you' })).toBeVisible();
      await expect(kid.getByRole('columnheader', { name: 'Put in savings' })).toHaveCount(0);
      // Issue 29 point 13: no goal, jars off: nothing is "saved" (earnings are not savings), and the page says how saving starts.
      await expect(kid.getByTestId('savings')).toHaveCount(0);
      await expect(kid.getByTestId('savings-explains')).toHaveText('Set a goal and what you earn from then on is saved toward it.');

      await setGoal(kid, 'Lego set', '5', 'Toy', true);
      const goals = kid.getByRole('region', { name: 'My goals' });
      await expect(goals.getByRole('heading', { name: 'Lego set' })).toBeVisible();
      await expect(goals.getByRole('img', { name: 'Toy icon' })).toBeVisible();
      await expect(goals.getByTestId('goal-progress-line')).toHaveText('$0.00 of $5.00');
      await expect(goals.getByTestId('goal-eta')).toHaveText(NO_PACE);
      expect(await seriousViolations(kid)).toEqual([]);

      // Earn: tick today's chore on the dashboard; the card shows the progress.
      await kid.getByRole('link', { name: 'My chores' }).click();
      const box = kid.getByRole('checkbox', { name: 'Mark Feed the cat as done' }).first();
      await tickByKeyboard(box);
      await expect(card.getByRole('heading', { name: 'Lego set' })).toBeVisible();
      await expect(card.getByTestId('goal-progress-line')).toHaveText('$2.50 of $5.00');
      await expect(card.getByRole('progressbar', { name: 'Saved toward Lego set' })).toHaveAttribute('aria-valuetext', '$2.50 of $5.00, 50 percent');
      // A family signed up today has no savings in the last 4 full weeks: no pace yet.
      await expect(card.getByTestId('goal-eta')).toHaveText(NO_PACE);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousViolations(kid)).toEqual([]);

      // The parent marks it bought before it is reached: the savings pay what they hold, the parent the rest.
      await page.goto(`/children?child=${emma.id}`);
      await childCard(page, 'Emma').getByRole('button', { name: 'Goals' }).click();
      const dialog = page.getByRole('dialog', { name: "Emma's goals and jars" });
      await expect(dialog.getByRole('heading', { name: 'Lego set' })).toBeVisible();
      // Issue 29 point 13: the figure says what it counts, and the goal's part adds up to it.
      await expect(dialog.getByTestId('parent-savings')).toHaveText('Saved for Emma’s goals: $2.50');
      await expect(dialog.getByTestId('parent-savings-explains')).toHaveText('What Emma earned since Emma’s goals began, less what goals already bought. Goals take it oldest first.');
      await expect(dialog.getByTestId('parent-savings-parts')).toHaveText('$2.50 for Lego set');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Mark as bought' }).click();
      const confirm = page.getByRole('dialog', { name: 'Mark Lego set as bought?' });
      // Jars off, Emma's savings were not paid out yet: the purchase settles them (she is not paid twice).
      await expect(confirm).toContainText(
        "Records that Lego set was bought for $5.00: $2.50 from Emma's savings, $2.50 added by you. You had not paid $2.50 of those savings out yet, so what you owe Emma goes down by $2.50.",
      );
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Mark as Bought' }).click();
      await expect(toast(page, 'Lego set marked as bought')).toBeVisible();
      await expect(toast(page, "$2.50 came from Emma's savings, $2.50 added by you. What you owe Emma went down by $2.50.")).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(dialog.getByRole('heading', { name: 'Bought' })).toBeVisible();
      // No goal left: nothing is being saved until the next one.
      await expect(dialog.getByTestId('parent-savings')).toHaveCount(0);
      await expect(dialog.getByTestId('parent-savings-explains')).toHaveText('Set a goal and what Emma earns from then on is saved toward it.');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      // What was owed paid for the goal: nothing is left to pay out again.
      await expect(page.getByText('Total amount owed').locator('..')).toContainText('$0.00');

      // The child sees it bought.
      await kid.goto('/child/money');
      const bought = kid.getByRole('region', { name: 'My goals' });
      await expect(bought.getByRole('heading', { name: 'Bought' })).toBeVisible();
      await expect(bought.getByTestId('goal-eta')).toHaveText(/^Bought on [A-Z][a-z]{2} \d{1,2}$/);
      await expect(bought).toContainText('No goal yet.');
    } finally {
      await kid.context().close();
    }
  });

  test('jars: a payout is split into the three jars, the goal it covers celebrates once, and spending is recorded', async ({ page, browser }) => {
    const tag = await newFamily(page, 'savings');
    const liam = await addKid(page, 'Liam', tag);
    await choreForToday(page, liam, 'Wash the car', '10.00');

    // The parent turns jars on in the family's settings: 50 / 40 / 10.
    await page.goto('/family');
    await page.getByLabel('Spend, save and give jars').check();
    await page.getByLabel('Spend (%)').fill('50');
    await page.getByLabel('Save (%)').fill('40');
    await page.getByLabel('Give (%)').fill('10');
    await page.getByRole('button', { name: 'Save Money Settings' }).click();
    await expect(toast(page, 'Money settings saved')).toBeVisible();

    const kid = await kidPage(browser, page, liam, { width: 1280, height: 900 });
    try {
      await kid.goto('/child/money');
      const jars = kid.getByRole('region', { name: 'My jars' });
      await expect(jars.getByTestId('jar-spend-amount')).toHaveText('$0.00');
      await setGoal(kid, 'Book', '4', 'Book');
      await kid.getByRole('link', { name: 'My chores' }).click();
      await tickByKeyboard(kid.getByRole('checkbox', { name: 'Mark Wash the car as done' }).first());
      // Earned, not yet paid: with jars on, goals wait for the save jar.
      const card = kid.getByRole('region', { name: 'My goal' });
      await expect(card.getByTestId('goal-progress-line')).toHaveText('$0.00 of $4.00');

      // The parent pays everything owed: $10.00 goes $5.00 / $4.00 / $1.00 into the jars.
      await page.goto(`/children?child=${liam.id}`);
      const liamCard = childCard(page, 'Liam');
      await liamCard.getByRole('button', { name: 'Reset Earnings' }).click();
      const reset = page.getByRole('dialog', { name: 'Pay Liam' });
      await reset.getByRole('button', { name: 'Reset Earnings' }).click();
      await expect(toast(page, 'Child earnings reset successfully!')).toBeVisible();

      // The child: the three jars, and the celebration of the goal the save jar now covers.
      await kid.goto('/child/money');
      const party = kid.getByRole('dialog', { name: 'You did it! You saved enough for Book' });
      await expect(party).toBeVisible();
      expect(await seriousViolations(kid)).toEqual([]);
      await party.getByRole('button', { name: 'Yay!' }).click();
      await expect(party).toBeHidden();
      await expect(jars.getByTestId('jar-spend-amount')).toHaveText('$5.00');
      await expect(jars.getByTestId('jar-save-amount')).toHaveText('$4.00');
      await expect(jars.getByTestId('jar-give-amount')).toHaveText('$1.00');
      const goals = kid.getByRole('region', { name: 'My goals' });
      await expect(goals.getByTestId('goal-eta')).toHaveText('You saved enough!');
      // The week in the history: earned, paid, saved and given.
      const week = kid.getByTestId('kid-history').getByRole('row').nth(1);
      await expect(week.getByRole('cell')).toHaveText(['$10.00', '$10.00', '$4.00', '$1.00']);
      expect(await seriousViolations(kid)).toEqual([]);

      // Once: after a reload it does not show again, here nor on the dashboard.
      await kid.reload();
      await expect(goals.getByRole('heading', { name: 'Book' })).toBeVisible();
      await expect(kid.getByRole('dialog')).toHaveCount(0);
      await kid.goto('/');
      await expect(card.getByTestId('goal-eta')).toHaveText('You saved enough!');
      await expect(kid.getByRole('dialog')).toHaveCount(0);

      // The parent records spending from the spend jar.
      await liamCard.getByRole('button', { name: 'Goals' }).click();
      const dialog = page.getByRole('dialog', { name: "Liam's goals and jars" });
      await expect(dialog.getByTestId('jar-spend-amount')).toHaveText('$5.00');
      await dialog.getByRole('button', { name: 'Record spending' }).click();
      const spend = page.getByRole('dialog', { name: 'Record spending' });
      await spend.getByLabel('Amount spent').fill('6');
      await spend.getByRole('button', { name: 'Record Spending' }).click();
      await expect(spend.getByText('That is more than the spend jar holds ($5.00)')).toBeVisible();
      await spend.getByLabel('Amount spent').fill('2');
      await spend.getByLabel('Note').fill('Comic book');
      expect(await seriousViolations(page)).toEqual([]);
      await spend.getByRole('button', { name: 'Record Spending' }).click();
      await expect(toast(page, 'Spending recorded')).toBeVisible();
      await expect(dialog.getByTestId('jar-spend-amount')).toHaveText('$3.00');
    } finally {
      await kid.context().close();
    }
  });
});
