import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAppEnv } from '../lib/env';
import { appLink, LINK_LIFETIME_SECONDS, lifetimeText } from './links';

beforeEach(() => {
  Object.assign(process.env, { TABLE_NAME: 't', APP_URL: 'https://app.example' });
  resetAppEnv();
});
afterEach(() => {
  delete process.env.APP_URL;
  resetAppEnv();
});

describe('appLink', () => {
  it('builds absolute links on the app origin, with query and fragment encoded', () => {
    expect(appLink('/parent/dashboard')).toBe('https://app.example/parent/dashboard');
    expect(appLink('/api/email/unsubscribe', { query: { token: 'a b&c' } })).toBe('https://app.example/api/email/unsubscribe?token=a+b%26c');
    expect(appLink('/reset-password', { fragment: { token: 'x/y=' } })).toBe('https://app.example/reset-password#token=x%2Fy%3D');
  });

  it('refuses a path that could leave the app origin', () => {
    expect(() => appLink('//evil.example/x')).toThrow(/one slash/);
    expect(() => appLink('https://evil.example/x')).toThrow(/one slash/);
  });

  it('says clearly when APP_URL is missing', () => {
    delete process.env.APP_URL;
    resetAppEnv();
    expect(() => appLink('/x')).toThrow(/APP_URL is not set/);
  });
});

describe('link lifetimes', () => {
  it('are the issue\'s: a reset link one hour, an invitation seven days', () => {
    expect(LINK_LIFETIME_SECONDS.passwordReset).toBe(3600);
    expect(LINK_LIFETIME_SECONDS.invitation).toBe(7 * 24 * 3600);
  });

  it('read as words', () => {
    expect(lifetimeText(3600)).toBe('one hour');
    expect(lifetimeText(24 * 3600)).toBe('24 hours');
    expect(lifetimeText(7 * 24 * 3600)).toBe('7 days');
    expect(lifetimeText(2 * 3600)).toBe('2 hours');
    expect(lifetimeText(900)).toBe('15 minutes');
  });
});
