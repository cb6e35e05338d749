/**
 * The parent's /children page: a manual assignment, a child's profile and login, Reset Earnings (a
 * paid chore stays ticked) and deleting a child.
 * Every test starts signed in as the parent of this spec's own family (made through the API, with a
 * chore of each category: support/fixtures.ts) and makes the children and chores it changes itself
 * (through the API: support/parent-pages.ts), so the tests pass in any order and never touch what
 * another test looks at.
 */
import { randomUUID } from 'node:crypto';
import { weekRange } from '../../shared/time';
import { childCard, pickOption } from './support/family';
import { expect, test } from './support/fixtures';
import { clock, createChild, createChore, type Child } from './support/parent-pages';
import { logInByApi, SAME_ORIGIN, toast } from './support/session';

test.use({ signedInAs: 'own family' });

test.describe('/children', () => {
  test('manual assignment of a daily chore adds it to all seven days of the child schedule', async ({ page }) => {
    const child = await createChild(page.request);
    const chore = await createChore(page.request, 'daily');
    await page.goto('/children');

    const card = childCard(page, child.displayName);
    await expect(card.getByText('Daily: 0')).toBeVisible();
    const assign = page.getByRole('button', { name: 'Assign', exact: true });
    await expect(assign).toBeDisabled();
    await pickOption(page, 'Child', child.displayName);
    await expect(assign).toBeDisabled();
    await pickOption(page, 'Chore', new RegExp(chore.name));
    await assign.click();

    await expect(page.getByText('Chore assigned successfully!').first()).toBeVisible();
    await expect(card.getByText(chore.name, { exact: true })).toHaveCount(7);
    await expect(card.getByText('Daily: 7')).toBeVisible();
    const assignments = (await (await page.request.get('/api/children')).json()) as { id: string; assignments: { choreId: string; dayOfWeek: string }[] }[];
    const days = assignments.find((c) => c.id === child.id)!.assignments.filter((a) => a.choreId === chore.id).map((a) => a.dayOfWeek);
    expect(days.sort()).toEqual(['friday', 'monday', 'saturday', 'sunday', 'thursday', 'tuesday', 'wednesday']);
  });

  test('loads with one call: the children, the chores, the week and each child’s earnings history; the dashboard then asks for nothing (issue 31)', async ({ page }) => {
    const child = await createChild(page.request);
    const chore = await createChore(page.request, 'weekly');
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    });
    await page.goto('/children');

    const card = childCard(page, child.displayName);
    await expect(card.getByRole('table', { name: `${child.displayName}'s earnings per week` }).getByRole('row')).toHaveCount(13);
    const { weekStart, children } = (await (await page.request.get('/api/dashboard')).json()) as { weekStart: string; children: unknown[] };
    const summary = page.getByRole('region', { name: 'Week Summary' });
    await expect(summary.locator('dt:text-is("Active children") + dd')).toHaveText(String(children.length));
    await expect(page.getByTestId('week-range')).toContainText(weekRange(weekStart));
    await pickOption(page, 'Chore', new RegExp(chore.name));
    // One call (the sign-in check's) where the page made parent-user, children, chores, dashboard and
    // one earnings history per child.
    expect(calls).toEqual(['/api/dashboard']);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
    await expect(childCard(page, child.displayName)).toBeVisible();
    expect(calls).toEqual(['/api/dashboard']);
  });

  test('edits a child profile: the dialog is pre-filled, validates, and the card shows the change', async ({ page }) => {
    const child = await createChild(page.request);
    await page.goto('/children');

    await childCard(page, child.displayName).getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Child Profile' });
    await expect(dialog.getByLabel(/^Display Name/)).toHaveValue(child.displayName);
    await expect(dialog.getByLabel(/^Age/)).toHaveValue('8');

    await dialog.getByLabel(/^Display Name/).fill('');
    await dialog.getByRole('button', { name: 'Update Child' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();

    const renamed = `${child.displayName} B`;
    await dialog.getByLabel(/^Display Name/).fill(renamed);
    await expect(dialog.getByText('Name is required')).toHaveCount(0);
    await dialog.getByLabel(/^Age/).fill('11');
    await dialog.getByRole('button', { name: 'Update Child' }).click();

    await expect(toast(page, 'Child profile updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(childCard(page, renamed).getByText(/Age 11/)).toBeVisible();
    const saved = ((await (await page.request.get('/api/children')).json()) as (Child & { age?: number })[]).find((c) => c.id === child.id);
    expect(saved).toMatchObject({ displayName: renamed, age: 11 });
  });

  test('sets a login for a child, who can then sign in', async ({ page, browser }) => {
    const child = await createChild(page.request);
    const username = `kid${randomUUID().slice(0, 8)}`;
    await page.goto(`/children?child=${child.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${child.displayName} Profile` })).toBeVisible();

    await childCard(page, child.displayName).getByRole('button', { name: 'Set Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel(/^Password/).fill('secret99');
    await dialog.getByRole('button', { name: /set|save|update/i }).click();
    await expect(page.getByText('Login credentials set for the child').first()).toBeVisible();
    await expect(childCard(page, child.displayName).getByRole('button', { name: 'Update Login' })).toBeVisible();

    // The child's own browser, signing in through the child login page: that the login works there is the point.
    const kidContext = await browser.newContext({ storageState: undefined });
    try {
      const kid = await kidContext.newPage();
      await kid.goto('/child-login');
      await kid.getByLabel('Username').fill(username);
      await kid.getByLabel(/^Password/).fill('secret99');
      await kid.getByRole('button', { name: 'Log In to My Chores' }).click();
      await expect(kid).toHaveURL(/\/$/);
      await expect(kid.getByText(child.displayName).first()).toBeVisible();
    } finally {
      await kidContext.close();
    }
  });

  test('resets a child’s earnings after confirmation', async ({ page }) => {
    const child = await createChild(page.request);
    const chore = await createChore(page.request, 'daily', '2.00');
    const { weekStart, today, weekday } = await clock(page.request);
    const created = await page.request.post('/api/assignments', {
      data: { childId: child.id, choreId: chore.id, weekStart, assignedDate: today, dayOfWeek: weekday },
      headers: SAME_ORIGIN,
    });
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.put(`/api/assignments/${encodeURIComponent(id)}/complete`, { data: { completed: true }, headers: SAME_ORIGIN })).ok()).toBeTruthy();
    await page.goto(`/children?child=${child.id}`);
    const card = childCard(page, child.displayName);
    await expect(card.getByText('$2.00').first()).toBeVisible();

    await card.getByRole('button', { name: 'Reset Earnings' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('This resets completed chores and earnings to zero and cannot be undone.');
    await confirm.getByRole('button', { name: 'Reset Earnings' }).click();

    await expect(page.getByText('Child earnings reset successfully!').first()).toBeVisible();
    await expect(page.getByText('Total amount owed').locator('..')).toContainText('$0.00');
  });

  test('a chore paid out by Reset Earnings stays ticked, for the parent and the child', async ({ page, browser }) => {
    const child = await createChild(page.request);
    const chore = await createChore(page.request, 'daily', '2.00');
    const username = `kid${randomUUID().slice(0, 8)}`;
    const { weekStart, today, weekday } = await clock(page.request);
    const created = await page.request.post('/api/assignments', {
      data: { childId: child.id, choreId: chore.id, weekStart, assignedDate: today, dayOfWeek: weekday },
      headers: SAME_ORIGIN,
    });
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/children/${child.id}/credentials`, { data: { username, password: 'secret99' }, headers: SAME_ORIGIN })).ok()).toBeTruthy();
    expect((await page.request.put(`/api/assignments/${encodeURIComponent(id)}/complete`, { data: { completed: true }, headers: SAME_ORIGIN })).ok()).toBeTruthy();
    expect((await page.request.post(`/api/children/${child.id}/reset-earnings`, { headers: SAME_ORIGIN })).ok()).toBeTruthy();

    // The parent's dashboard: ticked, locked, and tagged Paid with the reason.
    await page.goto('/');
    const row = childCard(page, child.displayName).getByRole('checkbox', { name: `${child.displayName}: ${chore.name} done` });
    await expect(row).toBeChecked();
    await expect(row).toBeDisabled();
    await expect(row).toHaveAccessibleDescription('Paid: Paid out with Reset Earnings, so it stays ticked');

    // The child's own view: the same, in words a child reads.
    const kidContext = await browser.newContext({ storageState: undefined });
    try {
      const kid = await kidContext.newPage();
      await logInByApi(kid, 'child', username, 'secret99');
      const box = kid.getByRole('checkbox', { name: `Mark ${chore.name} as done` });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
      await expect(box).toHaveAccessibleDescription('Paid out! This one stays ticked.');
      await expect(kid.getByRole('region', { name: 'Daily Chores' }).getByText('Paid', { exact: true })).toBeVisible();
      await kid.getByRole('button', { name: 'Calendar View' }).click();
      const inCalendar = kid.getByRole('checkbox', { name: `Mark ${chore.name} as done` });
      await expect(inCalendar).toBeDisabled();
      await expect(inCalendar).toHaveAccessibleDescription('Paid out! This one stays ticked.');
    } finally {
      await kidContext.close();
      await page.request.delete(`/api/children/${child.id}`, { headers: SAME_ORIGIN });
    }
  });

  test('deletes a child only after confirmation', async ({ page }) => {
    const child = await createChild(page.request);
    await page.goto('/children');

    await childCard(page, child.displayName).getByRole('button', { name: `Delete ${child.displayName}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete Child' }).click();

    await expect(page.getByText('Child profile deleted successfully!').first()).toBeVisible();
    await expect(childCard(page, child.displayName)).toHaveCount(0);
  });

  test('a failed child deletion shows the error toast and keeps the child', async ({ page }) => {
    const child = await createChild(page.request);
    await page.route('**/api/children/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong. Please try again."}' })
        : route.fallback(),
    );
    await page.goto('/children');

    await childCard(page, child.displayName).getByRole('button', { name: `Delete ${child.displayName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Child' }).click();

    await expect(page.getByText('Failed to delete child profile. Please try again.').first()).toBeVisible();
    await expect(childCard(page, child.displayName)).toBeVisible();
  });
});
