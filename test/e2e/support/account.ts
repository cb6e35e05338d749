/**
 * The account area's steps (issue 11), shared by the account-*.spec.ts files: families made through the
 * API whose welcome e-mail has arrived (confirmed or not), the refused sign-in, the account menu and a
 * signed-out browser. Signing in through the form: logInAsParent (support/session.ts).
 */
import type { Browser, Page } from '@playwright/test';
import { API_ERRORS } from '../../../shared/messages';
import { expect } from './fixtures';
import { linkTo, mailbox, pathOf, uniqueEmail } from './mailbox';
import { signUpFromOwnAddress } from './own-family';
import { thisWorkersServer } from './servers';
import { toast } from './session';

export const PASSWORD = 'first-pass1';

/** Tries to sign in and expects the refusal the login page shows. */
export async function expectSignInRefused(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(toast(page, API_ERRORS.invalidCredentials).first()).toBeVisible();
  await expect(page).toHaveURL(/\/parent-login/);
}

/**
 * A new family, signed up through the API (the sign-up page has specs of its own), on its welcome
 * dashboard; its parent's welcome e-mail has arrived.
 */
export async function newFamily(page: Page, firstName: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  await signUpFromOwnAddress(page, new URL(thisWorkersServer().baseURL), { firstName, email, password: PASSWORD });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ChoreQuest, ${firstName}!` })).toBeVisible();
  await mailbox.waitFor(email, { match: (m) => /confirm/i.test(m.subject) || m.html.includes('/verify-email') });
  return { email, password: PASSWORD };
}

/** Follows the welcome e-mail's link: the address is confirmed. */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  const welcome = await mailbox.waitFor(email, { match: (m) => m.html.includes('/verify-email') });
  await page.goto(pathOf(linkTo(welcome, '/verify-email')));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
}

/** A new family whose parent has confirmed the address (inviting takes it, issue 17), back on the dashboard. */
export async function newConfirmedFamily(page: Page, firstName: string): Promise<{ email: string; password: string }> {
  const family = await newFamily(page, firstName);
  await confirmAddress(page, family.email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Children’s Daily Progress' })).toBeVisible();
  return family;
}

/** Opens a page of the account area through the parent shell's account menu. */
export async function openFromMenu(page: Page, entry: 'Account Settings' | 'Family Members'): Promise<void> {
  await page.getByRole('button', { name: 'Parent Account' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await expect(page.getByRole('heading', { level: 1, name: entry === 'Account Settings' ? 'Account Settings' : 'Family' })).toBeVisible();
}

export async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}
