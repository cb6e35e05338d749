/**
 * Issue 32: reminders by Web Push, the browser's side. Whether this browser can receive pushes (and
 * why not: an iPhone needs the app on its Home Screen first), this device's subscription, turning it
 * on (permission, `pushManager.subscribe` with the server's VAPID key) and off. The service worker
 * shows what arrives (public/push-sw.js). The API calls are api/push.ts.
 */

/** What this browser can do about reminders. */
export type PushSupport =
  /** Push works here (the permission may still have to be asked). */
  | 'supported'
  /** The person said no to notifications for this site: only the browser's settings can undo that. */
  | 'denied'
  /** An iPhone or iPad in Safari: push works only once the app is on the Home Screen (iOS 16.4+). */
  | 'ios-home-screen'
  /** No Web Push in this browser. */
  | 'unsupported';

export interface BrowserFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen (display-mode standalone, or Safari's navigator.standalone). */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | undefined;
}

/** An iPhone, iPod or iPad (iPadOS says "Macintosh", but a Mac has no touch screen). */
export function isIos({ userAgent, platform, maxTouchPoints }: Pick<BrowserFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent) || /^(iPhone|iPad|iPod)/.test(platform)) return true;
  return (platform === 'MacIntel' || /Macintosh/.test(userAgent)) && maxTouchPoints > 1;
}

/** The iPhone note: what to do before reminders can work there. */
export const IOS_HOME_SCREEN_NOTE =
  'On an iPhone or iPad, reminders need ChoreQuest on your Home Screen first (iOS 16.4 or later): tap the Share button, then “Add to Home Screen”, and open ChoreQuest from there.';
export const UNSUPPORTED_NOTE = 'This browser cannot show reminders. Try Chrome, Edge, Firefox or Safari on this device, or another device.';
export const DENIED_NOTE = 'Notifications are blocked for ChoreQuest in this browser. Allow them in the browser’s site settings, then turn reminders on here.';

export function pushSupportOf(facts: BrowserFacts): PushSupport {
  const ios = isIos(facts);
  const canPush = facts.hasServiceWorker && facts.hasPushManager && facts.hasNotification;
  if (ios && !facts.standalone) return 'ios-home-screen';
  if (!canPush) return ios ? 'ios-home-screen' : 'unsupported';
  return facts.permission === 'denied' ? 'denied' : 'supported';
}

/** This browser's facts (the page's, read now). */
export function browserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform ?? '',
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    hasNotification: typeof Notification !== 'undefined',
    permission: typeof Notification !== 'undefined' ? Notification.permission : undefined,
  };
}

/** "Chrome on Android", "Safari on iPhone": how a device is listed (at most 60 characters, as the API wants). */
export function deviceLabel({ userAgent, platform, maxTouchPoints }: Pick<BrowserFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>): string {
  const ua = userAgent;
  const browser = /Edg(A|iOS)?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /OPR\/|Opera/.test(ua)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Browser';
  const system = /iPhone|iPod/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua) || isIos({ userAgent: ua, platform, maxTouchPoints })
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'Chromebook'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : '';
  return system ? `${browser} on ${system}` : browser;
}

/** A device's id as the API names it: the first 22 characters of the base64url SHA-256 of its push address (functions/data/push/devices.ts). */
export async function deviceIdOf(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 22);
}

/** A base64url VAPID key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** How long turning on waits for the service worker (it installs after the first visit's load). */
const WORKER_WAIT_MS = 15_000;

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS)),
  ]);
  if (!registration) throw new PushSetupError('ChoreQuest is still getting ready on this device. Please try again in a moment.');
  return registration;
}

/** A reason turning reminders on did not work, in words for the person. */
export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';
}

/** This device's push subscription, or null (no service worker yet, or none made). Never waits for the worker. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Asks for permission (once: the browser remembers the answer) and subscribes this browser with
 * the server's key. A subscription made with another key (an older server key) is replaced.
 */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(permission === 'denied' ? DENIED_NOTE : 'Reminders need your OK for notifications. Please try again and choose Allow.');
  const registration = await readyRegistration();
  const applicationServerKey = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const key = existing.options?.applicationServerKey;
    if (!key || sameBytes(new Uint8Array(key), applicationServerKey)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** What the API's device routes take: the subscription as JSON and this device's name. */
export function deviceBody(subscription: PushSubscription, facts: Pick<BrowserFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>) {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, label: deviceLabel(facts) };
}
