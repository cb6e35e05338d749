/** UI steps and locators for building a family through the parent's screens, shared by the end-to-end specs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from './session';

export type ChoreCategory = 'daily' | 'weekly' | 'continuous';

/** The Category select's option for each category (the chore dialog). */
const CATEGORY_OPTION: Record<ChoreCategory, string> = { daily: 'Daily Chore', weekly: 'Weekly Chore', continuous: 'Continuous Assignments' };

/** Whole cents from shown money ("$1.25" → 125). */
export const cents = (text: string): number => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
/** Money as the app shows it (125 → "$1.25"). */
export const dollars = (c: number): string => `$${(c / 100).toFixed(2)}`;

/** Picks an option of an MUI select by its label. */
export async function pickOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The count shown on a Master Chore List tab of the parent dashboard. */
export async function tabCount(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('tab', { name: new RegExp(`^${label}`) }).innerText();
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? NaN);
}

/** A child's card: in Children's Daily Progress on the dashboard, or on /children (an article named by the child's name). */
export const childCard = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

/**
 * An action of a child's card on /children ("Edit Profile", "Print Calendar", ...): its button, or
 * on a phone, where the card keeps its less used actions in a menu, that menu's item (the menu is
 * opened). Click it, or read its link.
 */
export async function childAction(page: Page, name: string, action: string | RegExp): Promise<Locator> {
  const card = childCard(page, name);
  await expect(card).toBeVisible();
  const direct = card.getByRole('button', { name: action, exact: true }).or(card.getByRole('link', { name: action, exact: true }));
  if (await direct.isVisible()) return direct;
  await card.getByRole('button', { name: `More actions for ${name}` }).click();
  const item = page.getByRole('menu', { name: `More actions for ${name}` }).getByRole('menuitem', { name: action, exact: true });
  await expect(item).toBeVisible();
  return item;
}

/** A stat card's value on the parent dashboard ("Completed This Week" → "3"). */
export async function statValue(page: Page, label: string): Promise<string> {
  const card = page
    .getByRole('region', { name: 'This week at a glance' })
    .locator('.MuiCard-root')
    .filter({ has: page.getByText(label, { exact: true }) });
  return (await card.innerText()).replace(label, '').trim();
}

/** Signs a new parent up through /parent-signup and waits for the (empty) dashboard. */
export async function signUpParent(page: Page, parent: { firstName: string; lastName?: string; email: string; password: string }): Promise<void> {
  await page.goto('/parent-signup');
  await page.getByLabel('First Name').fill(parent.firstName);
  if (parent.lastName) await page.getByLabel('Last Name').fill(parent.lastName);
  await page.getByLabel('Email Address').fill(parent.email);
  await page.getByLabel(/^Password/).fill(parent.password);
  await page.getByLabel(/^Confirm Password/).fill(parent.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  // A new family is welcomed as one (issue 18), with the getting-started guide.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ChoreQuest, ${parent.firstName}!` })).toBeVisible();
}

/** Fills and saves the Add Child Profile dialog (opened by `open`), and waits for the success toast. */
export async function addChild(page: Page, open: Locator, child: { name: string; age: number }): Promise<void> {
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Add Child Profile' });
  await dialog.getByLabel(/^Display Name/).fill(child.name);
  await dialog.getByLabel('Age').fill(String(child.age));
  await dialog.getByRole('button', { name: 'Create Child' }).click();
  await expect(toast(page, 'Child profile created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Fills and saves the Add New Chore dialog from the dashboard's Quick Actions, and waits for the success toast. */
export async function addChore(page: Page, chore: { name: string; description?: string; category: ChoreCategory; amount: string }): Promise<void> {
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: 'Add New Chore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Chore' });
  await dialog.getByLabel(/^Name/).fill(chore.name);
  if (chore.description) await dialog.getByLabel(/^Description/).fill(chore.description);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: CATEGORY_OPTION[chore.category], exact: true }).click();
  await dialog.getByLabel(/^Amount/).fill(chore.amount);
  await dialog.getByRole('button', { name: 'Create Chore' }).click();
  await expect(toast(page, 'Chore created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Sets (or updates) a child's login from the child's card on /children. */
export async function setChildLogin(page: Page, name: string, username: string, password: string): Promise<void> {
  await childCard(page, name).getByRole('button', { name: /^(Set|Update) Login$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^(Set|Update) Login$/ });
  await expect(dialog).toContainText(`The username and password ${name} uses on the child login page.`);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Save Login' }).click();
  await expect(toast(page, 'Login credentials set for the child')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The value (dd) a description list gives a term (dt), e.g. a child card's "Earned today". */
export const termValue = (scope: Page | Locator, term: string): Locator => scope.locator(`dt:text-is("${term}") + dd`);

/**
 * Picks an entry of a Quick Actions flyout (Weekly Schedule, Manage Children, View Master Chore
 * List) with the keyboard: focus the button, Enter opens the menu on its first entry, Arrow Down
 * to the entry, Enter. Tests that are about what the entry opens use this rather than the mouse:
 * a click into a menu at a screen edge makes Playwright scroll, and Popper moves the menu as the
 * page scrolls, so a click could land where the entry was a moment before (a flaky CI run). The
 * mouse path has its own test in parent-dashboard.spec.ts.
 */
export async function chooseQuickAction(page: Page, menu: string, entry: string): Promise<void> {
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('button', { name: menu, exact: true }).focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('menu', { name: menu });
  await expect(list.getByRole('menuitem').first()).toBeFocused();
  const item = list.getByRole('menuitem', { name: entry, exact: true });
  await expect(item).toHaveCount(1);
  for (let i = 0; i < 100 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}
