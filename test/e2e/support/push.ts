/**
 * Issue 32: Web Push in the browser tests. Headless Chromium cannot reach a real push service, so a
 * browser context gets a subscription made by its server's local push service
 * (infra/local/push-service.ts) through the same code path: `PushManager.prototype.subscribe` and
 * `getSubscription` are replaced by an init script that answers with that subscription (an
 * `endpoint`, `toJSON()`, `unsubscribe()`), and the notification permission is granted (and reads
 * 'granted': the headless shell says 'denied' regardless). Everything
 * else is real: the app's module, its API calls, the real service worker, the server's encrypted
 * push, which the local push service decrypts (`received`).
 */
import { expect, type BrowserContext } from '@playwright/test';
import { thisWorkersServer } from './servers';

export interface LocalSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the local push service received for a subscription, decrypted. */
export interface ReceivedPush {
  subscriptionId: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
}

/** localStorage keys the fake keeps its state in, so a reload still has the subscription. */
export const FAKE_PUSH = { subscribed: 'e2e.push.subscribed', key: 'e2e.push.applicationServerKey' } as const;

/** A new subscription of this worker's local push service, as a browser's `toJSON()` gives it. */
export async function localSubscription(label: string): Promise<LocalSubscription> {
  const res = await fetch(`${thisWorkersServer().pushUrl}/subscriptions`, { method: 'POST', body: JSON.stringify({ label }), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(201);
  return (await res.json()) as LocalSubscription;
}

/** What the local push service received for `subscription`, oldest first. */
export async function received(subscription: LocalSubscription): Promise<ReceivedPush[]> {
  const res = await fetch(`${thisWorkersServer().pushUrl}/notifications?subscription=${subscription.id}`);
  expect(res.ok).toBe(true);
  const list = (await res.json()) as ReceivedPush[];
  return list.filter((p) => p.subscriptionId === subscription.id);
}

/** The next push to `subscription` is answered with `status` (a busy push service: 503). */
export async function failNextPush(subscription: LocalSubscription, status: number): Promise<void> {
  const res = await fetch(`${thisWorkersServer().pushUrl}/subscriptions/${subscription.id}/fail-next?status=${status}`, { method: 'POST' });
  expect(res.ok).toBe(true);
}

/**
 * Makes every page of `context` subscribe with `subscription`: grants notifications (Notification.permission
 * reads 'granted', requestPermission answers it) and replaces
 * the PushManager's subscribe/getSubscription before the app's code runs. The application server
 * key the app passed is kept (FAKE_PUSH.key, base64url) for the test to compare with the server's.
 */
export async function fakePushManager(context: BrowserContext, subscription: LocalSubscription): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(
    ({ sub, keys }) => {
      const toBase64url = (buffer: ArrayBuffer | ArrayBufferView) => {
        const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        let binary = '';
        for (const b of bytes) binary += String.fromCharCode(b);
        return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      };
      const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(keys.subscribed);
          return true;
        },
      });
      // Chromium's headless shell answers 'denied' whatever was granted: the app sees what a person's "Allow" gives.
      if (typeof Notification !== 'undefined') {
        Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'granted' });
        Notification.requestPermission = async () => 'granted';
      }
      if (typeof PushManager === 'undefined') return;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        if (!options?.userVisibleOnly || !key || typeof key === 'string') throw new DOMException('userVisibleOnly and a key are required', 'NotAllowedError');
        localStorage.setItem(keys.key, toBase64url(key));
        localStorage.setItem(keys.subscribed, '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(keys.subscribed) ? make() : null) as unknown as PushSubscription | null;
      };
    },
    { sub: subscription, keys: FAKE_PUSH },
  );
}
