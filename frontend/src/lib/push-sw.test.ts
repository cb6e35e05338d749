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
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async (url: string) => ({ url }));
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
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
  return { self, showNotification, openWindow, push, click };
}

describe('push-sw.js', () => {
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
