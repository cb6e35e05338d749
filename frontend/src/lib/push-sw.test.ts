/**
 * Issue 32: the service worker's push script (public/push-sw.js) as it runs: in a sandbox with a
 * fake `self`, a push shows its notification and a tap opens the push's screen.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SCRIPT = readFileSync(new URL('../../public/push-sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://app.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate?: ReturnType<typeof vi.fn>;
}

function worker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => undefined);
  const openWindow = vi.fn(async (url: string) => ({ url }));
  const subscribe = vi.fn(async (options: unknown) => subscription('https://push.example/new', options));
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => ({ ok: true, status: 200 }));
  const self = {
    location: { origin: ORIGIN },
    fetch,
    registration: { showNotification, pushManager: { subscribe } },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  } as Record<string, unknown>;
  runInNewContext(SCRIPT, { self, URL });
  const fire = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  const push = (data: unknown) =>
    fire('push', {
      data:
        data === undefined
          ? null
          : { json: () => (typeof data === 'string' ? JSON.parse(data) : data), text: () => (typeof data === 'string' ? data : JSON.stringify(data)) },
    });
  const click = (url: unknown) => {
    const close = vi.fn();
    return fire('notificationclick', { notification: { data: { url }, close } }).then(() => close);
  };
  return { self, showNotification, openWindow, push, click, fire, subscribe, fetch };
}

function subscription(endpoint: string, options: unknown = { userVisibleOnly: true, applicationServerKey: 'key' }) {
  return { endpoint, options, toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }) };
}

describe('push-sw.js', () => {
  it('a subscription the browser replaces is handed to the API again, for whoever is signed in, and the old one turned off', async () => {
    const w = worker();
    // A child is signed in here: the parent's route answers 401, the child's takes it.
    w.fetch.mockImplementation(async (path: string) => ({ ok: !path.startsWith('/api/push/'), status: path.startsWith('/api/push/') ? 401 : 200 }));
    const old = subscription('https://push.example/old');
    await w.fire('pushsubscriptionchange', { oldSubscription: old, newSubscription: null });
    expect(w.subscribe).toHaveBeenCalledWith(old.options);
    const calls = w.fetch.mock.calls.map(([path, init]) => `${init.method} ${path} ${String(init.body)}`);
    expect(calls).toEqual([
      `PUT /api/push/device ${JSON.stringify({ endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } })}`,
      `PUT /api/child/push/device ${JSON.stringify({ endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } })}`,
      `DELETE /api/push/device ${JSON.stringify({ endpoint: 'https://push.example/old' })}`,
      `DELETE /api/child/push/device ${JSON.stringify({ endpoint: 'https://push.example/old' })}`,
    ]);
  });

  it('takes the new subscription the browser gives; signed out (401 everywhere), nothing more happens', async () => {
    const w = worker();
    w.fetch.mockResolvedValue({ ok: false, status: 401 });
    await w.fire('pushsubscriptionchange', { oldSubscription: subscription('https://push.example/old'), newSubscription: subscription('https://push.example/given') });
    expect(w.subscribe).not.toHaveBeenCalled();
    expect(w.fetch.mock.calls.map(([path, init]) => `${init.method} ${path}`)).toEqual(['PUT /api/push/device', 'PUT /api/child/push/device']);
  });

  it('shows a push as a notification: title, body, tag, icon, and the screen to open', async () => {
    const w = worker();
    await w.push({ title: 'ChoreQuest', body: '3 chores left today', url: '/child', tag: 'reminder' });
    expect(w.showNotification).toHaveBeenCalledWith('ChoreQuest', {
      body: '3 chores left today',
      tag: 'reminder',
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      data: { url: '/child' },
    });
  });

  it('shows something sensible for an odd payload, and never a link to another site', async () => {
    const w = worker();
    await w.push('not json');
    expect(w.showNotification).toHaveBeenLastCalledWith('ChoreQuest', expect.objectContaining({ body: 'not json', data: { url: '/' } }));
    await w.push({ title: 'Hi', body: 'x', url: '//evil.example/x' });
    expect(w.showNotification).toHaveBeenLastCalledWith('Hi', expect.objectContaining({ data: { url: '/' } }));
    expect(w.showNotification.mock.calls.at(-1)?.[1]).not.toHaveProperty('tag');
    await w.push({ url: 'https://evil.example/' });
    expect(w.showNotification).toHaveBeenLastCalledWith('ChoreQuest', expect.objectContaining({ body: '', data: { url: '/' } }));
  });

  it('on a tap, focuses an open window of the app and takes it to the screen', async () => {
    const open: FakeWindow = { url: `${ORIGIN}/`, focus: vi.fn(), navigate: vi.fn(async (url: string) => ({ url })) };
    open.focus.mockResolvedValue(open);
    const other: FakeWindow = { url: 'https://elsewhere.example/', focus: vi.fn() };
    const w = worker([other, open]);
    const close = await w.click('/child');
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/child`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(w.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, or when the open one cannot be taken there', async () => {
    const none = worker();
    await none.click('/');
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);

    const uncontrolled: FakeWindow = { url: `${ORIGIN}/parent-login`, focus: vi.fn(), navigate: vi.fn(async () => Promise.reject(new TypeError('not controlled'))) };
    uncontrolled.focus.mockResolvedValue(uncontrolled);
    const w = worker([uncontrolled]);
    await w.click('/');
    expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
