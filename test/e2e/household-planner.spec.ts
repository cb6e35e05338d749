/**
 * The household planner (issue 21) through the screens at 1280 px (phone-layout.spec.ts opens its dialogs at 390 px):
 * who does it (each child with days per child, the first who does it), availability (a weekly away
 * day in the editor's month preview, then nothing on it and "Away" on the schedule), the family's
 * pause, the plan preview (another plan, next week, conflicts, apply) and a rhythm's sentence.
 * axe: no serious violation in the new dialogs. Each test signs up a family of its own (newFamily).
 */
import { childCard } from './support/family';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { kidPage, newFamily } from './support/own-family';
import { addChoreByApi, addKid, childDay, choose, familyWeek, openChorePlan, openFeedTheCatForEach, plusDays, reassign } from './support/planner';
import { toast } from './support/session';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// Journeys at 1280 px: the dialogs, the preview and the child's view at a phone's 390 px are in phone-layout.spec.ts.
// Each test makes a family of its own (newFamily): both workers share the file's tests.
test.describe.configure({ mode: 'parallel' });

test.describe('household planner at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an each-child chore with days per child: each child gets it only on their days', async ({ page, browser }) => {
    const tag = await newFamily(page, 'planner');
    const emma = await addKid(page, 'Emma', tag);
    const liam = await addKid(page, 'Liam', tag);
    await page.reload();

    const dialog = await openFeedTheCatForEach(page);
    const emmaDays = dialog.getByRole('group', { name: 'Emma’s days' });
    await emmaDays.getByRole('button', { name: 'Monday' }).click();
    await emmaDays.getByRole('button', { name: 'Wednesday' }).click();
    const liamDays = dialog.getByRole('group', { name: 'Liam’s days' });
    await liamDays.getByRole('button', { name: 'Tuesday' }).click();
    await liamDays.getByRole('button', { name: 'Thursday' }).click();
    await expect(emmaDays.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByTestId('plan-sentence')).toHaveText('Every day, for each child: Emma on Mon and Wed, Liam on Tue and Thu');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Chore' }).click();
    await expect(toast(page, 'Chore created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await reassign(page);
    const { weekStart } = await familyWeek(page);
    for (const [kid, days] of [
      [emma, [1, 3]],
      [liam, [2, 4]],
    ] as const) {
      const child = await kidPage(browser, page, kid, { width: 1280, height: 900 });
      await child.getByRole('button', { name: /Calendar View/ }).click();
      for (let i = 0; i < 7; i++) {
        const column = childDay(child, plusDays(weekStart, i));
        await expect(column).toBeAttached();
        if ((days as readonly number[]).includes(i)) await expect(column.getByText('Feed the cat')).toHaveCount(1);
        else await expect(column.getByText('Feed the cat')).toHaveCount(0);
      }
      await child.context().close();
    }

    // The chores list says it in words.
    await page.goto('/chores');
    await expect(page.getByTestId('chore-schedule')).toHaveText('Every day, for each child: Emma on Mon and Wed, Liam on Tue and Thu');
  });

  test('a first-wins chore: the first tick takes it, the other child sees "Done by"', async ({ page, browser }) => {
    const tag = await newFamily(page, 'planner');
    const emma = await addKid(page, 'Emma', tag);
    const liam = await addKid(page, 'Liam', tag);
    await addChoreByApi(page, { name: 'Tidy the hall', category: 'daily', amount: '1.00', who: { mode: 'first' } });
    await page.reload();
    await reassign(page);

    const emmaPage = await kidPage(browser, page, emma, { width: 1280, height: 900 });
    const liamPage = await kidPage(browser, page, liam, { width: 1280, height: 900 });
    await expect(liamPage.getByText('First one wins').first()).toBeVisible();
    const box = emmaPage.getByRole('checkbox', { name: 'Mark Tidy the hall as done' }).first();
    await expect(box).toBeEnabled();
    const ticked = emmaPage.waitForResponse((r) => r.url().endsWith('/api/child/complete-assignment'));
    await box.focus();
    await box.press('Space');
    expect((await ticked).ok()).toBe(true);
    await expect(box).toBeChecked();

    await liamPage.reload();
    const taken = liamPage.getByRole('checkbox', { name: 'Tidy the hall: done by Emma' }).first();
    await expect(taken).toBeDisabled();
    await expect(liamPage.getByText('Done by Emma').first()).toBeVisible();
    await emmaPage.context().close();
    await liamPage.context().close();
  });

  test('availability: a weekly away day shows in the month preview, gets no chore and shows as away', async ({ page }) => {
    const tag = await newFamily(page, 'planner');
    // Emma alone: one child at a time (issue 29), a second child would take some of her days.
    const emma = await addKid(page, 'Emma', tag);
    await addChoreByApi(page, { name: 'Water the plants', category: 'daily', amount: '0.75' });
    const { weekStart } = await familyWeek(page);
    const friday = plusDays(weekStart, 5);

    await page.goto(`/children?child=${emma.id}`);
    await childCard(page, 'Emma').getByRole('button', { name: 'Availability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Availability: Emma' });
    await expect(dialog.getByTestId('away-count')).toHaveText('Home every day');
    await dialog.getByRole('group', { name: 'Away on' }).getByRole('button', { name: 'Friday' }).click();
    // From this week's Sunday: nothing before a pattern's start is away (issue 29).
    await dialog.getByLabel('Starting').fill(weekStart);
    await dialog.getByLabel('Label (optional)').fill('At Dad’s');
    await dialog.getByRole('button', { name: 'Add pattern' }).click();
    await expect(dialog.getByText('Away every Friday (At Dad’s)')).toBeVisible();
    // The preview follows at once: every Friday of the month from the start on is away, with the label.
    const awayCells = dialog.locator('td[data-away="true"]');
    await expect(awayCells.first()).toHaveAttribute('aria-label', /: At Dad’s$/);
    const awayDates = await awayCells.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')!));
    expect(awayDates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(awayDates.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay()))).toEqual(new Set([5]));
    for (const date of awayDates) expect(date >= weekStart).toBe(true);
    const title = await dialog.getByTestId('away-count').locator('xpath=..').innerText();
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect(dialog.getByTestId('away-count').locator('xpath=..')).not.toHaveText(title);
    await expect(dialog.locator('td[data-away="true"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Availability' }).click();
    await expect(toast(page, 'Availability saved for Emma')).toBeVisible();
    await expect(dialog).toBeHidden();

    await reassign(page);
    await page.goto(`/children?child=${emma.id}`);
    const fridayRow = childCard(page, 'Emma').locator('li').filter({ has: page.locator('abbr[title="Friday"]') });
    await expect(fridayRow.getByTestId('away-day')).toHaveText('At Dad’s');
    await expect(fridayRow.getByText('Water the plants')).toHaveCount(0);
    const thursdayRow = childCard(page, 'Emma').locator('li').filter({ has: page.locator('abbr[title="Thursday"]') });
    await expect(thursdayRow.getByText('Water the plants')).toBeVisible();

    await page.goto(`/weekly-schedule?child=${emma.id}`);
    await expect(page.getByTestId('away-days')).toContainText('Friday: At Dad’s');
    const strip = page.getByRole('list', { name: 'Water the plants, Monday to Sunday' });
    await expect(strip.locator('[data-state="away (At Dad’s)"]')).toHaveCount(1);
    await expect(strip.locator('[data-state="to do"], [data-state="done"]')).toHaveCount(6);
    expect(friday).toBe(plusDays(weekStart, 5));
  });

  test('the whole family can be paused and resumed', async ({ page, browser }) => {
    const tag = await newFamily(page, 'planner');
    const emma = await addKid(page, 'Emma', tag);
    await addChoreByApi(page, { name: 'Make the bed', category: 'daily', amount: '0.50' });
    const { today } = await familyWeek(page);

    await page.goto('/family');
    const card = page.getByRole('region', { name: 'Pause the whole family' });
    await expect(card.getByLabel('Pause from')).toHaveValue(today);
    const paused = page.waitForResponse((r) => r.url().endsWith('/api/family/pause') && r.request().method() === 'PUT');
    await card.getByRole('button', { name: 'Pause the family' }).click();
    expect((await paused).ok()).toBe(true);
    await expect(card.getByTestId('family-pause-state')).toHaveText(/^Paused from .* until you resume\.$/);

    await reassign(page);
    await page.goto(`/weekly-schedule?child=${emma.id}`);
    const todayName = WEEKDAY_NAMES[new Date(`${today}T00:00:00Z`).getUTCDay()]!;
    await expect(page.getByTestId('away-days')).toContainText(`${todayName}: Family paused`);
    // Away today: on the parent's dashboard card and in the child's own list.
    await page.goto('/');
    await expect(childCard(page, 'Emma').getByTestId('away-today')).toHaveText('Away today (Family paused)');
    expect(await seriousViolations(page)).toEqual([]);
    const child = await kidPage(browser, page, emma, { width: 1280, height: 900 });
    await expect(child.getByTestId('away-today')).toHaveText('You’re away today (Family paused): no chores today.');
    expect(await seriousViolations(child)).toEqual([]);
    await child.context().close();

    await page.goto('/family');
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(toast(page, 'Chores are back on')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Pause the family' })).toBeVisible();
    await page.goto(`/weekly-schedule?child=${emma.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Schedule' })).toBeVisible();
    await expect(page.getByTestId('away-days')).toHaveCount(0);
    await page.goto('/');
    await expect(childCard(page, 'Emma').getByRole('heading', { name: 'Emma' })).toBeVisible();
    await expect(childCard(page, 'Emma').getByTestId('away-today')).toHaveCount(0);
  });

  test('the plan preview: another plan, next week, conflicts, then apply', async ({ page }) => {
    const tag = await newFamily(page, 'planner');
    await addKid(page, 'Emma', tag, 3);
    await addKid(page, 'Liam', tag, 3);
    await addChoreByApi(page, { name: 'Dishes', category: 'daily', amount: '1.00' });
    await addChoreByApi(page, { name: 'Vacuum', category: 'weekly', amount: '2.00' });
    // Too hard for both children: no one can take it.
    await addChoreByApi(page, { name: 'Recycling', category: 'weekly', amount: '1.50', difficultyLevel: 5 });
    await page.reload();

    const first = page.waitForResponse((r) => r.url().endsWith('/api/assignments/preview'));
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Preview Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview the week’s plan' });
    const firstPlan = (await (await first).json()) as { seed: string };
    await expect(dialog.getByRole('region', { name: 'Emma' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Liam' })).toBeVisible();
    await expect(dialog.getByTestId('plan-conflicts')).toContainText('Recycling: no child can take it');
    expect(await seriousViolations(page)).toEqual([]);

    const another = page.waitForResponse((r) => r.url().endsWith('/api/assignments/preview'));
    await dialog.getByRole('button', { name: 'Try another plan' }).click();
    const secondPlan = (await (await another).json()) as { seed: string };
    expect(secondPlan.seed).not.toBe(firstPlan.seed);
    expect(JSON.parse((await another).request().postData() ?? '{}')).toMatchObject({ seed: secondPlan.seed });

    const next = page.waitForResponse((r) => r.url().endsWith('/api/assignments/preview'));
    await dialog.getByRole('button', { name: 'Next week' }).click();
    expect((await next).ok()).toBe(true);
    await expect(dialog.getByText(/View only\.$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Apply this plan' })).toHaveCount(0);

    const back = page.waitForResponse((r) => r.url().endsWith('/api/assignments/preview'));
    await dialog.getByRole('button', { name: 'This week' }).click();
    const shown = (await (await back).json()) as { seed: string };
    await expect(dialog.getByRole('button', { name: 'Apply this plan' })).toBeEnabled();
    const applied = page.waitForResponse((r) => r.url().endsWith('/api/assignments/generate'));
    await dialog.getByRole('button', { name: 'Apply this plan' }).click();
    const request = (await applied).request();
    expect(JSON.parse(request.postData() ?? '{}')).toEqual({ seed: shown.seed });
    await expect(toast(page, 'Weekly chores have been reassigned!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('a rhythm in plain words: every other week and monthly', async ({ page }) => {
    await newFamily(page, 'planner');
    const dialog = await openChorePlan(page);
    await dialog.getByLabel(/^Name/).fill('Wash the car');
    await choose(page, dialog, /^Category/, 'Weekly Chore');
    await dialog.getByLabel(/^Amount/).fill('3.00');
    await expect(dialog.getByTestId('plan-sentence')).toHaveText('Once a week, for one child at a time (balanced)');
    await choose(page, dialog, /^Repeat/, 'Every few weeks');
    await dialog.getByRole('group', { name: 'On these days' }).getByRole('button', { name: 'Saturday' }).click();
    await choose(page, dialog, /^Who does it/, 'The first who does it');
    await expect(dialog.getByTestId('plan-sentence')).toHaveText('Every other Saturday, for whoever is home');
    await choose(page, dialog, /^Repeat/, 'Monthly on a weekday (e.g. first Saturday)');
    await choose(page, dialog, /^Weekday/, 'Saturday');
    await expect(dialog.getByTestId('plan-sentence')).toHaveText('On the first Saturday of each month, for whoever is home');
    await choose(page, dialog, /^Repeat/, 'Every few weeks');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/chores') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Chore' }).click();
    const body = JSON.parse((await saved).request().postData() ?? '{}') as { rhythm: unknown; who: unknown };
    expect(body.rhythm).toMatchObject({ kind: 'everyNWeeks', every: 2, days: ['saturday'] });
    expect(body.who).toEqual({ mode: 'first' });
    await expect(toast(page, 'Chore created successfully!')).toBeVisible();
    await page.goto('/chores');
    await expect(page.getByTestId('chore-schedule')).toHaveText('Every other Saturday, for whoever is home');
  });
});

// Turns (issue 21: rotation).
test.describe('household planner turns at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('"Take turns fairly" and "A week each, in turn": the sentence, then each goes to one child in the preview', async ({ page }) => {
    const tag = await newFamily(page, 'planner');
    await addKid(page, 'Emma', tag);
    await addKid(page, 'Liam', tag);
    await page.reload();

    const turns = [
      { name: 'Take out the bins', category: 'Weekly Chore', turns: 'Take turns fairly', sentence: 'Once a week, Emma and Liam taking turns', body: 'fair' },
      { name: 'Feed the fish', category: 'Daily Chore', turns: 'A week each, in turn', sentence: 'Every day, Emma and Liam, a week each in turn', body: 'week' },
    ];
    for (const chore of turns) {
      const dialog = await openChorePlan(page);
      await dialog.getByLabel(/^Name/).fill(chore.name);
      await choose(page, dialog, /^Category/, chore.category);
      await dialog.getByLabel(/^Amount/).fill('1.00');
      await choose(page, dialog, /^Turns/, chore.turns);
      await dialog.getByRole('checkbox', { name: 'Emma' }).check();
      await dialog.getByRole('checkbox', { name: 'Liam' }).check();
      await expect(dialog.getByTestId('plan-sentence')).toHaveText(chore.sentence);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/chores') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Create Chore' }).click();
      const body = JSON.parse((await saved).request().postData() ?? '{}') as { who: { mode: string; turns: string; children: string[] } };
      expect(body.who).toMatchObject({ mode: 'one', turns: chore.body });
      expect(body.who.children).toHaveLength(2);
      await expect(toast(page, 'Chore created successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    const previewed = page.waitForResponse((r) => r.url().endsWith('/api/assignments/preview'));
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Preview Plan' }).click();
    expect((await previewed).ok()).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Preview the week’s plan' });
    const emma = dialog.getByRole('region', { name: 'Emma' });
    const liam = dialog.getByRole('region', { name: 'Liam' });
    await expect(emma).toBeVisible();
    await expect(liam).toBeVisible();
    for (const { name } of turns) {
      // Given to one child only: all of this week's days of it with one of them, none with the other.
      const counts = [await emma.getByText(name, { exact: true }).count(), await liam.getByText(name, { exact: true }).count()].sort((a, b) => a - b);
      expect(counts[0], name).toBe(0);
      expect(counts[1], name).toBeGreaterThan(0);
    }
  });
});
