/**
 * The parent's /chores page: chores grouped by category, filtered, edited and deleted.
 * Every test starts signed in as the parent of this spec's own family (made through the API, with a
 * chore of each category: support/fixtures.ts) and makes the children and chores it changes itself
 * (through the API: support/parent-pages.ts), so the tests pass in any order and never touch what
 * another test looks at.
 */
import { expect, test } from './support/fixtures';
import { createChore, type Chore } from './support/parent-pages';

test.use({ signedInAs: 'own family' });

test.describe('/chores', () => {
  test('lists chores grouped by category with a count on each group', async ({ page }) => {
    const chores = (await (await page.request.get('/api/chores')).json()) as Chore[];
    await page.goto('/chores');

    await expect(page.getByRole('heading', { level: 1, name: 'All Chores' })).toBeVisible();
    for (const [category, title] of [
      ['daily', 'Daily Chores'],
      ['weekly', 'Weekly Chores'],
      ['continuous', 'Continuous Assignments'],
    ] as const) {
      const n = chores.filter((c) => c.category === category).length;
      const group = page.getByRole('region', { name: title, exact: true });
      await expect(group.getByText(`${n} ${n === 1 ? 'chore' : 'chores'}`, { exact: true })).toBeVisible();
      await expect(group.getByRole('listitem')).toHaveCount(n);
    }
    const first = chores[0]!;
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: first.name, exact: true }) });
    await expect(item.getByText(`$${first.amount}`)).toBeVisible();
    await expect(item.getByText(/^Level [1-5]$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  });

  test('filters by category from the links and the query string', async ({ page }) => {
    await page.goto('/chores');
    await page.getByRole('navigation', { name: 'Chore categories' }).getByRole('link', { name: 'Weekly Chores' }).click();

    await expect(page).toHaveURL(/\/chores\?category=weekly$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Chores' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Daily Chores' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Weekly Chores' }).getByText('Weekly Chore', { exact: true }).first()).toBeVisible();

    await page.goto('/chores?category=continuous');
    await expect(page.getByRole('heading', { level: 1, name: 'Continuous Assignments' })).toBeVisible();
  });

  test('edits a chore through the chore dialog and confirms with a toast', async ({ page }) => {
    const chore = await createChore(page.request, 'daily');
    await page.goto('/chores?category=daily');

    await page.getByRole('button', { name: `Edit ${chore.name}` }).click();
    const dialog = page.getByRole('dialog');
    const renamed = `${chore.name} (edited)`;
    await dialog.getByLabel(/name/i).first().fill(renamed);
    await dialog.getByRole('button', { name: /update|save/i }).click();

    await expect(page.getByText('Chore updated successfully!').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
  });

  test('deletes a chore only after confirmation', async ({ page }) => {
    const chore = await createChore(page.request, 'weekly');
    await page.goto('/chores?category=weekly');

    await page.getByRole('button', { name: `Delete ${chore.name}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(chore.name);
    await confirm.getByRole('button', { name: 'Delete Chore' }).click();

    await expect(page.getByText('Chore deleted successfully').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: chore.name, exact: true })).toHaveCount(0);
  });
});
