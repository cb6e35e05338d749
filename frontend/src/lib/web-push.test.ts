import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isThisDeviceOn } from '../api/push';
import { clockTime, QUARTER_HOURS } from './reminder-times';
import { deviceIdOf, deviceLabel, isIos, keyBytes, pushSupportOf, type BrowserFacts } from './web-push';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ says it is a Mac; only its touch screen tells.
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
};

const facts = (over: Partial<BrowserFacts>): BrowserFacts => ({
  userAgent: UA.android,
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
  ...over,
});

describe('iOS detection', () => {
  it('knows an iPhone, and an iPad that calls itself a Mac by its touch screen', () => {
    expect(isIos({ userAgent: UA.iphone, platform: 'iPhone', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: UA.ipad, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: UA.mac, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: UA.android, platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe(false);
  });

  it('asks an iPhone outside the Home Screen app to add it first, even where Safari lacks PushManager', () => {
    const iphone = { userAgent: UA.iphone, platform: 'iPhone', maxTouchPoints: 5 };
    expect(pushSupportOf(facts({ ...iphone, standalone: false }))).toBe('ios-home-screen');
    expect(pushSupportOf(facts({ ...iphone, standalone: false, hasPushManager: false, hasNotification: false }))).toBe('ios-home-screen');
    expect(pushSupportOf(facts({ ...iphone, standalone: true }))).toBe('supported');
    // Standalone on iOS before 16.4: no PushManager there either.
    expect(pushSupportOf(facts({ ...iphone, standalone: true, hasPushManager: false }))).toBe('ios-home-screen');
  });

  it('says when a browser cannot push, and when notifications were refused', () => {
    expect(pushSupportOf(facts({}))).toBe('supported');
    expect(pushSupportOf(facts({ hasPushManager: false }))).toBe('unsupported');
    expect(pushSupportOf(facts({ hasServiceWorker: false }))).toBe('unsupported');
    expect(pushSupportOf(facts({ permission: 'denied' }))).toBe('denied');
  });
});

describe('device label', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel({ userAgent: UA.android, platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe('Chrome on Android');
    expect(deviceLabel({ userAgent: UA.iphone, platform: 'iPhone', maxTouchPoints: 5 })).toBe('Safari on iPhone');
    expect(deviceLabel({ userAgent: UA.ipad, platform: 'MacIntel', maxTouchPoints: 5 })).toBe('Safari on iPad');
    expect(deviceLabel({ userAgent: UA.mac, platform: 'MacIntel', maxTouchPoints: 0 })).toBe('Safari on Mac');
    expect(deviceLabel({ userAgent: UA.edge, platform: 'Win32', maxTouchPoints: 0 })).toBe('Edge on Windows');
    expect(deviceLabel({ userAgent: UA.firefox, platform: 'Linux x86_64', maxTouchPoints: 0 })).toBe('Firefox on Linux');
    expect(deviceLabel({ userAgent: UA.chromeIos, platform: 'iPhone', maxTouchPoints: 5 })).toBe('Chrome on iPhone');
    expect(deviceLabel({ userAgent: 'curl/8', platform: '', maxTouchPoints: 0 })).toBe('Browser');
    for (const ua of Object.values(UA)) expect(deviceLabel({ userAgent: ua, platform: '', maxTouchPoints: 0 }).length).toBeLessThanOrEqual(60);
  });
});

describe('this device', () => {
  it('has the id the API gives its push address', async () => {
    const endpoint = 'https://push.example/send/abc-123?x=1';
    expect(await deviceIdOf(endpoint)).toBe(createHash('sha256').update(endpoint).digest('base64url').slice(0, 22));
  });

  it('is on when the server lists the browser’s subscription for the signed-in person', () => {
    const device = { endpoint: 'https://push.example/1', id: 'abc' };
    const listed = [{ id: 'abc', label: 'Chrome on Android', createdAt: '2026-11-28T10:00:00.000Z' }];
    expect(isThisDeviceOn(device, listed)).toBe(true);
    expect(isThisDeviceOn(device, [])).toBe(false);
    expect(isThisDeviceOn(null, listed)).toBe(false);
    expect(isThisDeviceOn(device, undefined)).toBe(false);
  });

  it('turns the base64url VAPID key into its bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    expect([...keyBytes(Buffer.from(bytes).toString('base64url'))]).toEqual([...bytes]);
  });
});

describe('reminder times', () => {
  it('are the quarter hours of a day, said on a 12-hour clock', () => {
    expect(clockTime('16:00')).toBe('4:00 PM');
    expect(clockTime('00:15')).toBe('12:15 AM');
    expect(clockTime('12:45')).toBe('12:45 PM');
    expect(QUARTER_HOURS).toHaveLength(96);
    expect(QUARTER_HOURS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(QUARTER_HOURS.at(-1)).toEqual({ value: '23:45', label: '11:45 PM' });
    expect(QUARTER_HOURS.find((t) => t.value === '16:00')?.label).toBe('4:00 PM');
  });
});
