/**
 * The parent's pages beyond the dashboard: /chores, /children, /weekly-schedule and the printable
 * calendar. Every test starts signed in as the parent of this spec's own family (made through the
 * API, with a chore of each category: support/fixtures.ts) and makes the children and chores it
 * changes itself (through the API), so the tests pass in any order and never touch what another
 * test looks at.
 */
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { addDays, longDate, WEEKDAYS } from '../../shared/time';
import { childCard, pickOption } from './support/family';
import { expect, test } from './support/fixtures';
import { logInByApi, SAME_ORIGIN, toast } from './support/session';

test.use({ signedInAs: 'own family' });

type Category = 'daily' | 'weekly' | 'continuous';
interface Chore {
  id: string;
  name: string;
  category: Category;
  amount: string;
}
interface Child {
  id: string;
  displayName: string;
}
interface Clock {
  today: string;
  weekday: string;
  weekStart: string;
}

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`;

async function createChore(request: APIRequestContext, category: Category, amount = '1.25', difficultyLevel = 1): Promise<Chore> {
  const res = await request.post('/api/chores', {
    data: { name: unique(`E2E ${category}`), description: 'Made by an end-to-end test', category, amount, difficultyLevel },
    headers: SAME_ORIGIN,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Chore;
}

async function createChild(request: APIRequestContext): Promise<Child> {
  const res = await request.post('/api/children', { data: { displayName: unique('Kid'), age: 8, maxDifficultyLevel: 5 }, headers: SAME_ORIGIN });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Child;
}

async function clock(request: APIRequestContext): Promise<Clock> {
  const res = await request.get('/api/dashboard');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Clock;
}

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

test.describe('/weekly-schedule', () => {
  test('shows each chore of a child once with a Monday-to-Sunday strip', async ({ page }) => {
    const child = await createChild(page.request);
    const daily = await createChore(page.request, 'daily', '0.50');
    const weekly = await createChore(page.request, 'weekly', '3.00');
    const { weekStart } = await clock(page.request);
    const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    const at = (i: number) => new Date(Date.parse(`${weekStart}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    for (const [i, day] of days.entries()) {
      await page.request.post('/api/assignments', { data: { childId: child.id, choreId: daily.id, weekStart, assignedDate: at(i), dayOfWeek: day }, headers: SAME_ORIGIN });
    }
    await page.request.post('/api/assignments', { data: { childId: child.id, choreId: weekly.id, weekStart, assignedDate: at(6), dayOfWeek: 'saturday' }, headers: SAME_ORIGIN });

    await page.goto(`/weekly-schedule?child=${child.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Schedule' })).toBeVisible();
    await expect(page.getByText(`${child.displayName}’s week`)).toBeVisible();
    // Assigned today: the days before today were never due (issue 29), Saturday's weekly chore is.
    const { today } = await clock(page.request);
    const dueDays = days.length - Math.round((Date.parse(today) - Date.parse(weekStart)) / 86_400_000);
    await expect(page.getByText(`0 of ${dueDays + 1} chores completed · $0.00 earned this week`)).toBeVisible();

    const dailyStrip = page.getByRole('list', { name: `${daily.name}, Monday to Sunday` });
    await expect(dailyStrip.getByRole('listitem')).toHaveCount(7);
    await expect(dailyStrip.locator('[data-state="to do"]')).toHaveCount(7);
    const weeklyStrip = page.getByRole('list', { name: `${weekly.name}, Monday to Sunday` });
    await expect(weeklyStrip.locator('[data-state="to do"]')).toContainText('Saturday');
    await expect(weeklyStrip.locator('[data-state="not scheduled"]')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  });
});

test.describe('/print-calendar', () => {
  test('shows the child’s name, the week and what the week can earn', async ({ page }) => {
    const child = await createChild(page.request);
    const chore = await createChore(page.request, 'weekly', '4.00');
    const { weekStart } = await clock(page.request);
    await page.request.post('/api/assignments', { data: { childId: child.id, choreId: chore.id, weekStart, assignedDate: weekStart, dayOfWeek: 'sunday' }, headers: SAME_ORIGIN });

    await page.goto(`/print-calendar/${child.id}?autoprint=0`);
    await expect(page.getByRole('heading', { level: 1, name: `${child.displayName}’s Chore Calendar` })).toBeVisible();
    await expect(page.getByText(`Week of ${longDate(weekStart)}`)).toBeVisible();
    await expect(page.getByText('Earn up to $4.00 this week')).toBeVisible();
    await expect(page.getByText('1 chore assigned')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sunday', exact: true })).toContainText(chore.name);
    await expect(page.getByRole('region', { name: 'Monday', exact: true })).toContainText('Free day!');
    await expect(page.getByRole('button', { name: 'Print Calendar' })).toBeVisible();
  });

  test('opens the print dialog by itself one second after loading', async ({ page }) => {
    const child = await createChild(page.request);
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    await page.goto(`/print-calendar/${child.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(child.displayName);
    expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls), { timeout: 3000 }).toBe(1);
  });

  test('opens in a new tab from the child’s card on /children, for the family’s week', async ({ page, context }) => {
    const child = await createChild(page.request);
    const { weekStart } = await clock(page.request);
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    await page.goto(`/children?child=${child.id}`);
    const [calendarTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Print Calendar' }).click()]);
    const request = await calendarTab.waitForRequest((r) => r.url().includes(`/api/children/${child.id}/calendar`));
    expect(new URL(request.url()).searchParams.get('weekStart')).toBe(weekStart);
    await expect(calendarTab.getByRole('heading', { level: 1, name: `${child.displayName}’s Chore Calendar` })).toBeVisible();
    await expect(calendarTab.getByText(`Week of ${longDate(weekStart)}`)).toBeVisible();
    await calendarTab.close();
  });

  test('prints on one landscape A4 or Letter page, in a quiet week and in a busy one', async ({ page }) => {
    const { weekStart } = await clock(page.request);
    /** Pages in a PDF that Chromium printed: one `/Type /Page` object per page. */
    const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
    const assignDaily = async (childId: string, count: number) => {
      for (let i = 0; i < count; i += 1) {
        const chore = await createChore(page.request, 'daily');
        // As the Manual Chore Assignment form does: one assignment per day of the week.
        for (const [offset, dayOfWeek] of WEEKDAYS.entries()) {
          const data = { childId, choreId: chore.id, weekStart, assignedDate: addDays(weekStart, offset), dayOfWeek };
          const res = await page.request.post('/api/assignments', { data, headers: SAME_ORIGIN });
          expect(res.ok(), await res.text()).toBeTruthy();
        }
      }
    };

    const quiet = await createChild(page.request);
    await assignDaily(quiet.id, 2);
    // More daily chores than the chore settings allow (10), as manual assignments can add.
    const busy = await createChild(page.request);
    await assignDaily(busy.id, 16);

    for (const child of [quiet, busy]) {
      await page.goto(`/print-calendar/${child.id}?autoprint=0`);
      await expect(page.getByRole('region', { name: 'Monday', exact: true })).toContainText('E2E daily');
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: 'Print Calendar' })).toBeHidden();
      // Back to no emulation: page.pdf() prints with whatever media is emulated.
      await page.emulateMedia({ media: null });
      for (const format of ['A4', 'Letter'] as const) {
        const pdf = await page.pdf({ format, landscape: true, printBackground: true, preferCSSPageSize: true });
        expect(pagesOf(pdf), `${child.displayName} on ${format}`).toBe(1);
      }
    }

    // On a phone the sheet is one long column; fitting it to the paper again just before printing
    // leaves the reader where they were.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('shows Calendar not found for an unknown child', async ({ page }) => {
    await page.goto(`/print-calendar/${randomUUID()}?autoprint=0`);
    await expect(page.getByRole('heading', { name: 'Calendar not found' })).toBeVisible();
    await expect(page.getByText('Failed to fetch calendar').first()).toBeVisible();
  });
});
