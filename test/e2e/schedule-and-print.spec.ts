/**
 * The parent's /weekly-schedule and the printable calendar (/print-calendar).
 * Every test starts signed in as the parent of this spec's own family (made through the API, with a
 * chore of each category: support/fixtures.ts) and makes the children and chores it changes itself
 * (through the API: support/parent-pages.ts), so the tests pass in any order and never touch what
 * another test looks at.
 */
import { randomUUID } from 'node:crypto';
import { addDays, longDate, WEEKDAYS } from '../../shared/time';
import { expect, test } from './support/fixtures';
import { clock, createChild, createChore } from './support/parent-pages';
import { SAME_ORIGIN } from './support/session';

test.use({ signedInAs: 'own family' });

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
