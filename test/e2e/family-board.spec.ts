/**
 * Issue 32 point 4, the family board (docs/decisions/062-family-board.md), at a phone's 390 px and on
 * a 1024×768 tablet: a parent sets a child's PIN (children page) and turns this device into the
 * board (Family settings, with the password); the board shows the children; a child taps their
 * picture, a wrong PIN says so, the right one opens their chores, they tick one and "Done" shows
 * everyone again; a minute without a touch signs them out (Playwright's clock, no waiting); repeated
 * wrong PINs lock the child out; revoking the board from another device signs the board out. Axe
 * clean in light and dark on each screen. Each test makes its own family through the API.
 */
import type { Page } from '@playwright/test';
import { BOARD_MESSAGES } from '../../shared/messages';
import { PIN_TRIES_PER_CHILD } from '../../functions/domain/board';
import { check } from './support/a11y';
import { childCard } from './support/family';
import { expect, test } from './support/fixtures';
import { choreForToday } from './support/ledger';
import { expectNoSidewaysScroll, expectTouchTargets } from './support/layout';
import { addKid, newFamily, parentElsewhere } from './support/own-family';

test.use({ signedInAs: undefined });

const PIN = '2468';

/** Every button and tick box of the board (or of its open dialog) is at least 44 × 44 px: a child's finger on a wall tablet. */
async function expectBigTargets(page: Page, name: string): Promise<void> {
  const small = await page.evaluate(() => {
    const scope = document.querySelector('[role="dialog"]') ?? document.body;
    return [...scope.querySelectorAll<HTMLElement>('button, input[type="checkbox"]')]
      .map((el) => (el.matches('input') ? (el.closest('.MuiCheckbox-root') as HTMLElement) : el))
      .map((el) => ({ label: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30), r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(({ label, r }) => `${label}: ${Math.round(r.width)}×${Math.round(r.height)}`);
  });
  expect.soft(small, `${name}: targets under 44 px`).toEqual([]);
}

/** Types four digits on the open PIN pad with its buttons, and waits for the sign-in's answer. */
async function typePin(page: Page, digits: string, status: number): Promise<void> {
  const pad = page.getByRole('dialog');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/board/sign-in'));
  for (const d of digits) await pad.getByRole('button', { name: d, exact: true }).click();
  expect((await answered).status()).toBe(status);
}

/** The parent sets the child's board PIN on the children page (at a phone's width the action is in "More"). */
async function setPinOnChildrenPage(page: Page, name: string, pin: string, phone: boolean): Promise<void> {
  await page.goto('/children');
  if (phone) {
    await page.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Set Board PIN' }).click();
  } else {
    await childCard(page, name).getByRole('button', { name: 'Set Board PIN' }).click();
  }
  const dialog = page.getByRole('dialog', { name: `${name}’s board PIN` });
  await dialog.getByLabel(/^PIN/).fill(pin);
  const saved = page.waitForResponse((r) => r.url().includes('/pin') && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save PIN' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
}

for (const { label, viewport } of [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'tablet', viewport: { width: 1024, height: 768 } },
]) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a parent sets up the board; a child signs in with their PIN, ticks, is done, idles out, gets locked out; revoking signs the board out', async ({ page, browser }) => {
      test.setTimeout(120_000);
      // Prepare: the family, two children (one with a PIN), a chore for today each. The board's clock can be fast-forwarded.
      await page.clock.install();
      const tag = await newFamily(page, 'board');
      const ava = await addKid(page, 'Ava', tag);
      await addKid(page, 'Ben', tag);
      const { chore } = await choreForToday(page.request, ava.id, { name: 'Feed the cat' });
      await setPinOnChildrenPage(page, 'Ava', PIN, label === 'phone');
      const elsewhere = await parentElsewhere(browser, page, `board-${tag}@example.com`, 'board-pass-1', '/family', viewport);

      // This device becomes the board: Family settings, "Family devices", with the password (a wrong one first).
      await page.goto('/family');
      await page.getByRole('button', { name: 'Set up this device as the family board' }).click();
      const setUp = page.getByRole('dialog', { name: 'Set up this device as the family board' });
      await setUp.getByLabel('Board name').fill('Kitchen tablet');
      await setUp.getByLabel(/^Your Password/).fill('not-my-password');
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/family/boards') && r.request().method() === 'POST');
      await setUp.getByRole('button', { name: 'Make this the board' }).click();
      expect((await refused).status()).toBe(403);
      await expect(setUp.getByText('The password is not correct').first()).toBeVisible();
      await setUp.getByLabel(/^Your Password/).fill('board-pass-1');
      await setUp.getByRole('button', { name: 'Make this the board' }).click();

      // The board: every child, Ava tappable, Ben waiting for a PIN; no money, no settings, no account links.
      await expect(page.getByRole('heading', { level: 1, name: 'Kitchen tablet' })).toBeVisible();
      const avaTile = page.getByRole('button', { name: /^Ava, 0 of 1 done/ });
      await expect(avaTile).toBeVisible();
      await expect(page.getByTestId('board-child').filter({ hasText: 'Ben' })).toContainText(BOARD_MESSAGES.noPin);
      await expect(page.getByRole('link')).toHaveCount(0);
      await expect(page.getByText(/\$|Earn|Settings|Log ?out/i)).toHaveCount(0);
      await expectNoSidewaysScroll(page, `${label} board`);
      await expectTouchTargets(page, `${label} board`);
      await expectBigTargets(page, `${label} board`);
      await check(page, `${label}-board`);

      // Ava taps her picture: a wrong PIN says so; the right one (typed on the keyboard) opens her chores.
      await avaTile.click();
      const pad = page.getByRole('dialog', { name: 'Hi Ava! Type your PIN' });
      await expect(pad).toBeVisible();
      await expectTouchTargets(page, `${label} PIN pad`);
      await expectBigTargets(page, `${label} PIN pad`);
      await typePin(page, '1111', 403);
      await expect(pad.getByRole('alert')).toHaveText(BOARD_MESSAGES.wrongPin);
      await check(page, `${label}-board-pin-pad`, { fullPage: false });
      const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/board/sign-in'));
      await page.keyboard.type(PIN);
      expect((await signedIn).status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Hi Ava!' })).toBeVisible();
      const box = page.getByRole('checkbox', { name: chore.name });
      await expect(box).not.toBeChecked();
      await expectBigTargets(page, `${label} signed in`);
      await expectNoSidewaysScroll(page, `${label} signed in`);
      await check(page, `${label}-board-signed-in`);

      // She ticks it; "Done" shows everyone again, her day done.
      const ticked = page.waitForResponse((r) => r.url().endsWith('/api/board/complete-assignment'));
      await box.click();
      expect((await ticked).status()).toBe(200);
      await expect(box).toBeChecked();
      const done = page.waitForResponse((r) => r.url().endsWith('/api/board/sign-out'));
      await page.getByRole('button', { name: 'Done', exact: true }).click();
      expect((await done).status()).toBe(200);
      await expect(page.getByRole('button', { name: /^Ava, All 1 done!/ })).toBeVisible();

      // Signed in again, a minute without a touch signs her out (the clock jumps; nothing waits).
      await page.getByRole('button', { name: /^Ava, / }).click();
      await typePin(page, PIN, 200);
      await expect(page.getByRole('heading', { name: 'Hi Ava!' })).toBeVisible();
      const idleOut = page.waitForResponse((r) => r.url().endsWith('/api/board/sign-out'));
      await page.clock.fastForward(61_000);
      expect((await idleOut).status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Hi Ava!' })).toBeHidden();
      await expect(page.getByRole('button', { name: /^Ava, / })).toBeVisible();

      // Repeated wrong PINs lock her out, with a clear message.
      await page.getByRole('button', { name: /^Ava, / }).click();
      for (let i = 1; i < PIN_TRIES_PER_CHILD; i++) await typePin(page, '0000', 403);
      await typePin(page, '0000', 429);
      await expect(pad.getByRole('alert')).toHaveText(BOARD_MESSAGES.locked);
      await typePin(page, PIN, 429);
      await expect(pad.getByRole('alert')).toHaveText(BOARD_MESSAGES.locked);
      await check(page, `${label}-board-locked`, { fullPage: false });
      await pad.getByRole('button', { name: 'Cancel' }).click();

      // From the parent's other device: Family devices lists the board; revoking it signs the board out.
      await elsewhere.reload();
      const devices = elsewhere.getByRole('list', { name: 'Family boards' });
      await expect(devices).toContainText('Kitchen tablet');
      await elsewhere.getByRole('button', { name: 'Revoke Kitchen tablet' }).click();
      const revoked = elsewhere.waitForResponse((r) => r.url().includes('/api/family/boards/') && r.request().method() === 'DELETE');
      await elsewhere.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      expect((await revoked).status()).toBe(200);
      await expect(elsewhere.getByText('No family board yet.')).toBeVisible();
      await check(elsewhere, `${label}-family-devices`);
      await elsewhere.context().close();

      // The board notices on its next refresh (a minute on the wall, fast-forwarded).
      const gone = page.waitForResponse((r) => r.url().endsWith('/api/board'));
      await page.clock.fastForward(61_000);
      expect((await gone).status()).toBe(401);
      await expect(page.getByRole('heading', { name: 'This device is no longer the family board' })).toBeVisible();
      await page.getByRole('button', { name: 'Go to the start page' }).click();
      await expect(page.getByRole('link', { name: /Parent Sign In/ }).first()).toBeVisible();
    });
  });
}
