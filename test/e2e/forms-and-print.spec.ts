/**
 * Small things a family meets at a laptop (issue 29, points 18 and 19), at 1280 px: the savings
 * goal's required fields are marked as such, and the print calendar leads back to the app and
 * prints next week as well as this one.
 */
import { randomUUID } from 'node:crypto';
import { addDays, longDate, monthDay } from '../../shared/time';
import { axeScan, describeViolations, isSerious } from './support/axe';
import { expect, test } from './support/fixtures';
import { addKid } from './support/own-family';
import { familyWeek } from './support/planner';

test.describe('a child', () => {
  test.use({ signedInAs: 'emma' });

  test('the New goal dialog marks its required fields, the icon among them', async ({ page }) => {
    await page.goto('/child/money');
    await expect(page.getByRole('heading', { level: 1, name: 'My money' })).toBeVisible();
    await page.getByRole('button', { name: 'New goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New goal' });
    const icon = dialog.getByRole('radiogroup', { name: 'Icon' });
    await expect(icon).toBeVisible();
    // Marked as required for assistive technology and on screen (the asterisk every required field has).
    await expect(icon).toHaveAttribute('aria-required', 'true');
    await expect(dialog.locator('legend.MuiFormLabel-root')).toHaveText(/^Icon\s*\*$/);
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveJSProperty('required', true);
    await expect(dialog.getByRole('textbox', { name: 'It costs' })).toHaveJSProperty('required', true);
    // Left out, it says what to do.
    await dialog.getByRole('button', { name: 'Set Goal' }).click();
    await expect(dialog.getByText('Choose an icon from the set')).toBeVisible();
    await expect(icon).toHaveAccessibleDescription('Choose an icon from the set');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('a parent', () => {
  test.use({ signedInAs: 'own family' });

  test('the print calendar leads back to the app and prints next week as well as this one', async ({ page }) => {
    const kid = await addKid(page, 'Ava', randomUUID().slice(0, 8));
    const { weekStart } = await familyWeek(page);
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);
    // As the child's card opens it: this week, printed by itself.
    await page.goto(`/print-calendar/${kid.id}?weekStart=${weekStart}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ava’s Chore Calendar' })).toBeVisible();
    await expect(page.getByText(`Week of ${longDate(weekStart)}`)).toBeVisible();
    await expect.poll(printCalls, { timeout: 3000 }).toBe(1);
    const week = page.getByRole('group', { name: 'Which week' });
    await expect(week.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');

    // Next week: the plan its Sunday job will hand out (the family's daily chore every day), printed with the button.
    await week.getByRole('button', { name: 'Next week' }).click();
    const next = addDays(weekStart, 7);
    await expect(page.getByText(`Week of ${longDate(next)}`)).toBeVisible();
    await expect(week.getByRole('button', { name: 'Next week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/^Next week’s chores are handed out on Sunday/)).toBeVisible();
    for (const day of ['Monday', 'Saturday', 'Sunday']) await expect(page.getByRole('region', { name: day, exact: true })).toContainText('Make the bed');
    await expect(page.getByRole('region', { name: 'Sunday', exact: true }).getByTestId('day-date')).toHaveText(monthDay(next));
    // A sheet of paper, light in either scheme: axe in the light one.
    expect(describeViolations((await axeScan(page)).violations.filter(isSerious)), 'axe on next week’s sheet').toBe('');
    await page.waitForTimeout(1500);
    expect(await printCalls(), 'a week chosen by hand is not printed by itself').toBe(1);
    await page.getByRole('button', { name: 'Print Calendar' }).click();
    expect(await printCalls()).toBe(2);

    // And back: this week, then the app.
    await week.getByRole('button', { name: 'This week' }).click();
    await expect(page.getByText(`Week of ${longDate(weekStart)}`)).toBeVisible();
    await page.getByRole('link', { name: 'Back to ChoreQuest' }).click();
    await expect(page).toHaveURL(new RegExp(`/children\\?child=${kid.id}$`));
    await expect(page.getByRole('article', { name: 'Ava', exact: true })).toBeVisible();
  });
});
