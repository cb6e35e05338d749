/**
 * The family's own currency through the screens (issue 22): a euro family sets its money in Account
 * Settings (the confirmation says amounts are relabelled, not converted), types a chore of "12,50"
 * and reads "12,50 €" on the chores page, on the child's list, on the parent's dashboard after the
 * child ticks it, on the print calendar and in the weekly report; a yen family's chore of 500 reads
 * "￥500" and a decimal is refused with the yen's own message; the sign-up page sends the browser's
 * currency and locale (de-DE: EUR). axe: no serious violation on the Money section and the
 * confirmation, dark and light. Each family signs up from a loopback address of its own
 * (support/planner.ts), so the suite's per-address sign-up budget is not spent.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { amountFormatMessage } from '../../shared/amount-schema';
import { seriousViolations } from './support/axe';
import { childCard, termValue } from './support/family';
import { expect, test } from './support/fixtures';
import { addKid, kidPage, newFamily } from './support/own-family';
import { choose, reassign } from './support/planner';
import { toast } from './support/session';

test.use({ viewport: { width: 1280, height: 900 } });

/** Add New Chore from the dashboard's Quick Actions, with the amount typed as a person in that family would. */
async function addChoreInDialog(page: Page, name: string, amount: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Amount/).fill(amount);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/chores') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  expect((await created).ok()).toBe(true);
  await expect(toast(page, 'Chore created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a euro family: Money settings relabel after a plain confirmation, and "12,50 €" reads the same everywhere', async ({ page, browser }) => {
  // One family's whole journey: settings, a chore, the child's tick, four more pages and two axe scans.
  test.setTimeout(180_000);
  const tag = await newFamily(page, 'currency');
  const emma = await addKid(page, 'Emma', tag);

  await test.step('Family → Money: euros written the German way, after the confirmation', async () => {
    // Family-wide settings live on the Family page (issue 29 point 15); Account Settings points there.
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Money' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open Family Settings' }).click();
    const section = page.getByRole('region', { name: 'Money' });
    await expect(section.getByRole('combobox', { name: 'Currency' })).toHaveValue('US Dollar (USD)');
    expect(await seriousViolations(page)).toEqual([]);

    await section.getByRole('combobox', { name: 'Currency' }).fill('Euro');
    await page.getByRole('option', { name: 'Euro (EUR)', exact: true }).click();
    // The euro comes with its usual format (issue 29 point 15: it kept "$12.50" style before).
    await expect(section.getByRole('combobox', { name: /^Number format/ })).toHaveText('12,50 € · German (Germany)');
    await choose(page, section, /^Number format/, '12,50 € · German (Germany)');
    // The jars: on, the split must add up to 100.
    await section.getByRole('switch', { name: 'Spend, save and give jars' }).check();
    await expect(section.getByLabel('Spend (%)')).toHaveValue('50');
    await section.getByLabel('Give (%)').fill('20');
    await section.getByRole('button', { name: 'Save Money Settings' }).click();
    await expect(section.getByText('The three jars must add up to 100%')).toBeVisible();
    await section.getByLabel('Give (%)').fill('10');

    await section.getByRole('button', { name: 'Save Money Settings' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the currency?' });
    await expect(confirm).toContainText('12.50 US dollars will read 12,50 €; no amount is converted.');
    expect(await seriousViolations(page)).toEqual([]);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/family/money') && r.request().method() === 'PUT');
    await confirm.getByRole('button', { name: 'Change currency' }).click();
    const response = await saved;
    expect(response.ok()).toBe(true);
    expect(response.request().postDataJSON()).toEqual({ currency: 'EUR', locale: 'de-DE', jars: { spend: 50, save: 40, give: 10 } });
    await expect(toast(page, 'Money settings saved')).toBeVisible();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Money' }).getByRole('combobox', { name: 'Currency' })).toHaveValue('Euro (EUR)');
  });

  await test.step('a chore of "12,50" is 12.50 to the API and "12,50 €" on the chores page', async () => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
    // The symbol goes after the number, as German writes it.
    await expect(dialog.getByText('€', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await addChoreInDialog(page, 'Rasen mähen', '12,50');
    const chores = (await (await page.request.get('/api/chores')).json()) as { name: string; amount: string }[];
    expect(chores.find((c) => c.name === 'Rasen mähen')?.amount).toBe('12.50');
    await page.goto('/chores');
    await expect(page.getByRole('heading', { name: 'Rasen mähen' }).locator('..')).toContainText('12,50 €');
  });

  await test.step('the child sees and ticks it; the parent’s dashboard reads "12,50 €" earned today', async () => {
    await reassign(page);
    const kid = await kidPage(browser, page, emma, { width: 1280, height: 900 });
    const box = kid.getByRole('checkbox', { name: 'Mark Rasen mähen as done' }).first();
    await expect(kid.getByText('12,50 €').first()).toBeVisible();
    const ticked = kid.waitForResponse((r) => r.url().endsWith('/api/child/complete-assignment'));
    await box.focus();
    await box.press('Space');
    expect((await ticked).ok()).toBe(true);
    await expect(kid.getByRole('region', { name: 'Daily Chores' }).getByRole('checkbox', { name: /Rasen mähen/ }).first()).toBeChecked();
    await kid.context().close();

    await page.goto('/');
    await expect(termValue(childCard(page, 'Emma'), 'Earned today')).toHaveText('12,50 €');
  });

  await test.step('the print calendar and the weekly report read euros', async () => {
    await page.goto(`/print-calendar/${emma.id}?autoprint=0`);
    await expect(page.getByRole('heading', { level: 1, name: 'Emma’s Chore Calendar' })).toBeVisible();
    await expect(page.getByText('12,50 € · Daily').first()).toBeVisible();
    await expect(page.getByText(/^Earn up to \d{1,3}(\.\d{3})*,\d{2} € this week$/)).toBeVisible();

    await page.goto('/api/reports/weekly');
    const section = page.locator('section.child').filter({ has: page.getByRole('heading', { level: 2, name: 'Emma' }) });
    await expect(section).toContainText('12,50 €');
    await expect(section).not.toContainText('$');
  });
});

test('a yen family: a chore of 500 reads "￥500", and a decimal gets the yen’s own message', async ({ page }) => {
  await newFamily(page, 'currency', { currency: 'JPY', locale: 'ja-JP' });
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await dialog.getByLabel(/^Name/).fill('Sweep the genkan');
  await dialog.getByLabel(/^Amount/).fill('12.5');
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  await expect(dialog.getByText(amountFormatMessage('JPY'))).toBeVisible();
  await expect(dialog.getByLabel(/^Amount/)).toHaveAttribute('inputmode', 'numeric');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await addChoreInDialog(page, 'Sweep the genkan', '500');
  await page.goto('/chores');
  await expect(page.getByRole('heading', { name: 'Sweep the genkan' }).locator('..')).toContainText(/[¥￥]500/);
  const chores = (await (await page.request.get('/api/chores')).json()) as { name: string; amount: string }[];
  expect(chores.find((c) => c.name === 'Sweep the genkan')?.amount).toBe('500');
});

test('the sign-up page sends the browser’s locale, from which a de-DE family signs up in euros', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The request is answered here: this is about what the page sends, and a real sign-up from the
  // suite's address would spend its hourly sign-up budget (the server's side is the integration tests').
  let sent: Record<string, unknown> | undefined;
  await page.route('**/api/auth/parent-signup', async (route) => {
    sent = route.request().postDataJSON() as Record<string, unknown>;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Not now' }) });
  });
  await page.goto('/parent-signup');
  await page.getByLabel('First Name').fill('Jana');
  await page.getByLabel('Email Address').fill(`currency-signup-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel(/^Password/).fill('currency-pass-1');
  await page.getByLabel(/^Confirm Password/).fill('currency-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => sent).toBeDefined();
  // The server sets the currency from the locale's region (signupMoney; de-DE → EUR, integration-tested).
  expect(sent).toMatchObject({ locale: 'de-DE', firstName: 'Jana' });
  await context.close();
});

// Issue 29, point 21: the spec's dollar sentence stays for dollar families; a euro family reads it with its own currency and number format.
test('a euro family is never told "a dollar amount": the chore dialog names euros and writes the limit the German way', async ({ page }) => {
  await newFamily(page, 'currency', { currency: 'EUR', locale: 'de-DE' });
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await dialog.getByLabel(/^Name/).fill('Abwasch');
  await dialog.getByLabel(/^Amount/).fill('1,234');
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  await expect(dialog.getByText('Amount must be a euro amount with at most 2 decimals')).toBeVisible();
  await expect(dialog).not.toContainText('dollar');
  await dialog.getByLabel(/^Amount/).fill('10000,01');
  await expect(dialog.getByText('Amount must be at most 10.000,00 €')).toBeVisible();
  await expect(dialog).not.toContainText('10000.00');
});
