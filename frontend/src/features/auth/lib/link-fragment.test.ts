import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetLinkFragment, parseLinkFragment, readLinkFragment } from './link-fragment';

describe('parseLinkFragment', () => {
  it('reads the token and next from the fragment', () => {
    expect(parseLinkFragment('#token=fam.abc_-123&next=reset-password')).toEqual({ token: 'fam.abc_-123', next: 'reset-password' });
    expect(parseLinkFragment('token=abc')).toEqual({ token: 'abc', next: null });
  });

  it('has no token when the fragment is empty or the token blank', () => {
    expect(parseLinkFragment('')).toEqual({ token: null, next: null });
    expect(parseLinkFragment('#')).toEqual({ token: null, next: null });
    expect(parseLinkFragment('#token=%20')).toEqual({ token: null, next: null });
    expect(parseLinkFragment('#next=reset-password')).toEqual({ token: null, next: 'reset-password' });
  });
});

describe('readLinkFragment', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    };
  });
  afterEach(() => {
    store.clear();
    delete (globalThis as { window?: unknown }).window;
  });

  it('keeps the fragment for the tab, so a reload without it still has the token', () => {
    expect(readLinkFragment('/reset-password', '#token=abc')).toBe('token=abc');
    expect(readLinkFragment('/reset-password', '')).toBe('token=abc');
    expect(readLinkFragment('/invitation', '')).toBe('');
  });

  it('a newer link replaces the kept one; a spent link is forgotten', () => {
    readLinkFragment('/reset-password', '#token=old');
    expect(readLinkFragment('/reset-password', '#token=new')).toBe('token=new');
    forgetLinkFragment('/reset-password');
    expect(readLinkFragment('/reset-password', '')).toBe('');
  });

  it('works without storage (blocked): only the address bar counts', () => {
    (globalThis as { window?: unknown }).window = {
      get sessionStorage(): Storage {
        throw new Error('blocked');
      },
    };
    expect(readLinkFragment('/reset-password', '#token=abc')).toBe('token=abc');
    expect(readLinkFragment('/reset-password', '')).toBe('');
  });
});
