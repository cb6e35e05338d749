/**
 * Issue 32, reminders by Web Push on screen. A parent turns reminders on for this device in Account
 * Settings, sends a test that the local push service receives and decrypts, changes quiet hours and
 * a child's time, saves, reloads and finds them kept; a busy push service's answer is shown; off
 * again. A child turns reminders on from the dashboard (the family's time shown), sends a test, and
 * the real service worker shows a push as its notification. At a phone's 390 px and a 1024×768
 * tablet, axe clean in light and dark. In Safari on an iPhone (not opened from the Home Screen) both
 * read how to get reminders there.
 *
 * Each test signs a family of its own up through the API (support/own-family.ts). Headless Chromium
 * has no push service: the browser's PushManager answers with a subscription of the local push
 * service (support/push.ts); everything else (the app's code, the API, the encryption, the service
 * worker) is real. Service workers are allowed here (the other specs block them).
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { PUSH_MESSAGES, REMINDER_TEXT } from '../../shared/push-schemas';
import { check } from './support/a11y';
import { expect, test } from './support/fixtures';
import { addKid, logInChildFromFamilyAddress, newFamily } from './support/own-family';
import { failNextPush, fakePushManager, FAKE_PUSH, localSubscription, received, type LocalSubscription } from './support/push';
import { dismissToast, SAME_ORIGIN, toast } from './support/session';
import { IOS_HOME_SCREEN_NOTE } from '../../frontend/src/lib/web-push';

test.use({ serviceWorkers: 'allow' });

const TEST_PUSH = { title: REMINDER_TEXT.title, body: REMINDER_TEXT.test, url: '/', tag: 'test' };

const answer = (page: Page, method: string, path: string | RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && (typeof path === 'string' ? new URL(r.url()).pathname === path : path.test(new URL(r.url()).pathname)));

/** Picks `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(option);
}

/** The key the app subscribed with (support/push.ts keeps it) is the server's VAPID key. */
async function subscribedWithServerKey(page: Page): Promise<void> {
  const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string };
  expect(await page.evaluate((key) => localStorage.getItem(key), FAKE_PUSH.key)).toBe(publicKey);
}

/** Waits until the local push service has received (and decrypted) `count` pushes for the subscription. */
async function expectReceived(subscription: LocalSubscription, count: number) {
  await expect.poll(async () => (await received(subscription)).length).toBe(count);
  return (await received(subscription)).at(-1)!;
}

for (const { label, viewport } of [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'tablet', viewport: { width: 1024, height: 768 } },
]) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a parent turns reminders on here, sends a test, sets quiet hours and a child’s time; all kept after a reload', async ({ page }) => {
      const subscription = await localSubscription(`parent ${label}`);
      await fakePushManager(page.context(), subscription);
      const tag = await newFamily(page, 'reminders');
      const kid = await addKid(page, 'Robin', tag);

      await page.goto('/account');
      const card = page.getByRole('region', { name: 'Reminders', exact: true });
      const thisDevice = card.getByRole('switch', { name: 'Reminders on this device' });
      await expect(thisDevice).not.toBeChecked();
      await expect(thisDevice).toBeEnabled();
      await expect(card.getByText('None yet.', { exact: false })).toBeVisible();
      // The defaults: both reminders on, quiet 9 PM to 7 AM, the child at 4:00 PM in the family's zone.
      await expect(card.getByRole('switch', { name: 'Chores are waiting for your OK' })).toBeChecked();
      await expect(card.getByRole('switch', { name: 'The weekly report is ready (Sunday morning)' })).toBeChecked();
      await expect(card.getByRole('combobox', { name: 'Quiet from' })).toHaveText('9:00 PM');
      await expect(card.getByRole('combobox', { name: 'Quiet until' })).toHaveText('7:00 AM');
      await expect(card.getByRole('combobox', { name: 'Robin’s reminder time' })).toHaveText('4:00 PM');
      await expect(card.getByText(/^Times are your family’s time, /)).toBeVisible();

      // An edit not saved yet survives what else happens on the card (this device on, a test).
      await choose(page, 'Quiet from', '10:00 PM');

      // On: the browser subscribes with the server's key and the API lists this device.
      const added = answer(page, 'PUT', '/api/push/device');
      await thisDevice.click();
      expect((await added).status()).toBe(200);
      await expect(toast(page, 'Reminders are on')).toBeVisible();
      await expect(thisDevice).toBeChecked();
      await subscribedWithServerKey(page);
      const devices = card.getByRole('region', { name: 'Your devices with reminders' });
      await expect(devices.getByRole('listitem')).toHaveCount(1);
      await expect(devices.getByRole('listitem')).toContainText(/Chrome on \w+/);
      await expect(devices.getByText('This device')).toBeVisible();
      await dismissToast(page);

      // A test: encrypted by the server, received and decrypted by the push service.
      const tested = answer(page, 'POST', '/api/push/test');
      await card.getByRole('button', { name: 'Send a test' }).click();
      expect((await tested).status()).toBe(200);
      await expect(toast(page, 'Test sent')).toBeVisible();
      expect((await expectReceived(subscription, 1)).payload).toEqual(TEST_PUSH);
      await dismissToast(page);

      // A busy push service: the API's words, and the device stays on.
      await failNextPush(subscription, 503);
      const busy = answer(page, 'POST', '/api/push/test');
      await card.getByRole('button', { name: 'Send a test' }).click();
      expect((await busy).status()).toBe(503);
      await expect(toast(page, PUSH_MESSAGES.pushUnavailable)).toBeVisible();
      await expect(thisDevice).toBeChecked();
      await dismissToast(page);

      // Quiet hours 10:00 PM (still as chosen) to 6:30 AM, no OK reminders, Robin at 5:30 PM.
      await expect(card.getByRole('combobox', { name: 'Quiet from' })).toHaveText('10:00 PM');
      await card.getByRole('switch', { name: 'Chores are waiting for your OK' }).click();
      await choose(page, 'Quiet until', '6:30 AM');
      await choose(page, 'Robin’s reminder time', '5:30 PM');
      const saved = answer(page, 'PUT', '/api/push/settings');
      const childSaved = answer(page, 'PUT', `/api/children/${kid.id}/reminder`);
      await card.getByRole('button', { name: 'Save Reminders' }).click();
      expect((await childSaved).status()).toBe(200);
      expect((await saved).status()).toBe(200);
      await expect(toast(page, 'Reminders saved')).toBeVisible();
      // What was saved stays on screen, and is what the server keeps.
      await expect(card.getByRole('combobox', { name: 'Quiet from' })).toHaveText('10:00 PM');
      await expect(card.getByRole('combobox', { name: 'Robin’s reminder time' })).toHaveText('5:30 PM');
      const kept = (await (await page.request.get('/api/push/settings')).json()) as { approvals: boolean; quietHours: unknown; children: { childId: string; time: string }[] };
      expect(kept).toMatchObject({ approvals: false, weeklyReport: true, quietHours: { from: '22:00', to: '06:30' } });
      expect(kept.children.find((c) => c.childId === kid.id)).toMatchObject({ enabled: true, time: '17:30' });

      await page.reload();
      await expect(thisDevice).toBeChecked();
      await expect(card.getByRole('switch', { name: 'Chores are waiting for your OK' })).not.toBeChecked();
      await expect(card.getByRole('switch', { name: 'The weekly report is ready (Sunday morning)' })).toBeChecked();
      await expect(card.getByRole('switch', { name: 'No reminders to me during quiet hours' })).toBeChecked();
      await expect(card.getByRole('combobox', { name: 'Quiet from' })).toHaveText('10:00 PM');
      await expect(card.getByRole('combobox', { name: 'Quiet until' })).toHaveText('6:30 AM');
      await expect(card.getByRole('combobox', { name: 'Robin’s reminder time' })).toHaveText('5:30 PM');
      await card.scrollIntoViewIfNeeded();
      await check(page, `${label}-reminders-parent`);

      // Off: the API forgets this device and the browser drops its subscription.
      const removed = answer(page, 'DELETE', '/api/push/device');
      await thisDevice.click();
      expect((await removed).status()).toBe(200);
      await expect(thisDevice).not.toBeChecked();
      await expect(card.getByRole('button', { name: 'Send a test' })).toHaveCount(0);
      await expect(devices.getByText('None yet.', { exact: false })).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), FAKE_PUSH.subscribed)).toBeNull();
    });

    test('a child turns reminders on from the dashboard, sees the family’s time, sends a test; the service worker shows a push', async ({ page, browser }) => {
      const tag = await newFamily(page, 'kid-reminders');
      const kid = await addKid(page, 'Sam', tag);
      const set = await page.request.put(`/api/children/${kid.id}/reminder`, { data: { enabled: true, time: '17:30' }, headers: SAME_ORIGIN });
      expect(set.ok()).toBe(true);

      const subscription = await localSubscription(`child ${label}`);
      const context: BrowserContext = await browser.newContext({ storageState: undefined, viewport, serviceWorkers: 'allow' });
      try {
        await fakePushManager(context, subscription);
        const child = await context.newPage();
        // The card's one call is not part of the dashboard's first load: it waits until the card is near the screen.
        const settingsAsked: string[] = [];
        child.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/child/push/settings') settingsAsked.push(r.url());
        });
        await logInChildFromFamilyAddress(page, child, kid.username, kid.password);

        const slot = child.getByTestId('reminder-slot');
        // On a phone the card is below the fold: neither its code nor its call comes until it is scrolled near.
        if (label === 'phone') {
          await expect(child.getByRole('heading', { name: 'My Achievements' })).toBeAttached();
          expect(await slot.evaluate((el) => el.getBoundingClientRect().top > innerHeight + 200)).toBe(true);
          expect(settingsAsked).toHaveLength(0);
          await expect(slot).toBeEmpty();
        }
        await slot.scrollIntoViewIfNeeded();
        const card = child.getByRole('region', { name: 'Reminders', exact: true });
        await expect(card.getByText('We’ll remind you at 5:30 PM on days when chores are left.')).toBeVisible();
        expect(settingsAsked).toHaveLength(1);
        const remindMe = card.getByRole('switch', { name: 'Remind me on this device' });
        await expect(remindMe).not.toBeChecked();
        await expect(remindMe).toBeEnabled();

        const added = answer(child, 'PUT', '/api/child/push/device');
        await remindMe.click();
        expect((await added).status()).toBe(200);
        await expect(toast(child, 'Reminders are on!')).toBeVisible();
        await expect(remindMe).toBeChecked();
        await subscribedWithServerKey(child);
        await dismissToast(child);

        const tested = answer(child, 'POST', '/api/child/push/test');
        await card.getByRole('button', { name: 'Send a test' }).click();
        expect((await tested).status()).toBe(200);
        await expect(toast(child, 'Test sent!')).toBeVisible();
        const push = await expectReceived(subscription, 1);
        expect(push.payload).toEqual(TEST_PUSH);
        await dismissToast(child);
        await card.scrollIntoViewIfNeeded();
        await check(child, `${label}-reminders-child`);

        // The real service worker shows what arrived (the decrypted payload, delivered as the browser would).
        const worker = await deliverPush(context, child, JSON.stringify(push.payload));
        await expect.poll(() => worker.evaluate(() => (globalThis as unknown as WorkerScope).shown)).toEqual([
          { title: TEST_PUSH.title, options: { body: TEST_PUSH.body, tag: 'test', icon: '/pwa-192x192.png', badge: '/pwa-192x192.png', data: { url: '/' } } },
        ]);

        // Kept after a reload; off again.
        await child.reload();
        await child.getByTestId('reminder-slot').scrollIntoViewIfNeeded();
        await expect(remindMe).toBeChecked();
        const removed = answer(child, 'DELETE', '/api/child/push/device');
        await remindMe.click();
        expect((await removed).status()).toBe(200);
        await expect(remindMe).not.toBeChecked();
      } finally {
        await context.close();
      }
    });
  });
}

/** Safari on an iPhone, as Safari names itself. */
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test.describe('iPhone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: IPHONE_UA,
  });

  test('in Safari, not from the Home Screen, the parent and the child read how to get reminders there', async ({ page, browser }) => {
    const tag = await newFamily(page, 'iphone-reminders');
    const kid = await addKid(page, 'Kai', tag);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Reminders', exact: true });
    await expect(card.getByRole('note')).toHaveText(IOS_HOME_SCREEN_NOTE);
    await expect(card.getByRole('switch', { name: 'Reminders on this device' })).toBeDisabled();
    // The rest of the card still works from here (the other devices' reminders).
    await expect(card.getByRole('button', { name: 'Save Reminders' })).toBeEnabled();
    await check(page, 'reminders-iphone-parent', { fullPage: false });

    const context = await browser.newContext({ storageState: undefined, viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA });
    try {
      const child = await context.newPage();
      await logInChildFromFamilyAddress(page, child, kid.username, kid.password);
      await child.getByTestId('reminder-slot').scrollIntoViewIfNeeded();
      const kidCard = child.getByRole('region', { name: 'Reminders', exact: true });
      await expect(kidCard.getByRole('note')).toHaveText(IOS_HOME_SCREEN_NOTE);
      await expect(kidCard.getByRole('switch', { name: 'Remind me on this device' })).toBeDisabled();
    } finally {
      await context.close();
    }
  });
});

type Shown = { title: string; options: NotificationOptions };
type WorkerScope = { registration: ServiceWorkerRegistration; shown?: Shown[] };

/**
 * Delivers `data` as a push to the page's service worker through the DevTools protocol (what the
 * browser does with a push it decrypted). The worker's showNotification is watched first (what it
 * shows lands in `shown`, then it is called): the headless shell refuses notifications themselves.
 */
async function deliverPush(context: BrowserContext, page: Page, data: string): Promise<Worker> {
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = globalThis as unknown as WorkerScope;
    if (scope.shown) return;
    const shown: Shown[] = (scope.shown = []);
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title: string, options: NotificationOptions = {}) => {
      shown.push({ title, options });
      return show(title, options).catch(() => undefined);
    };
  });
  const cdp = await context.newCDPSession(page);
  try {
    const origin = new URL(page.url()).origin;
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  } finally {
    await cdp.detach();
  }
  return worker;
}
