import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../shared/messages';
import { clientAddress, ipv6Prefix64, parseViewerAddress } from './edge-headers';
import { refuseCrossSite, refuseMalformedText, requireJsonBody } from './request-guards';

const refused = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    return { status: (err as { status: number }).status, message: (err as Error).message };
  }
};

describe('refuseCrossSite', () => {
  const host = { host: 'app.example', 'x-forwarded-host': 'app.example' };

  it('decides by Sec-Fetch-Site first, whatever Origin says', () => {
    expect(refused(() => refuseCrossSite({ ...host, 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }))).toBeNull();
    expect(refused(() => refuseCrossSite({ ...host, 'sec-fetch-site': 'none' }))).toBeNull();
    for (const site of ['cross-site', 'same-site', 'weird']) {
      expect(refused(() => refuseCrossSite({ ...host, 'sec-fetch-site': site, origin: 'https://app.example' }))).toEqual({ status: 403, message: API_ERRORS.forbiddenOrigin });
    }
  });

  it('falls back to Origin, then Referer, and refuses a request naming neither', () => {
    expect(refused(() => refuseCrossSite({ ...host, origin: 'https://app.example' }))).toBeNull();
    expect(refused(() => refuseCrossSite({ ...host, referer: 'https://app.example/children?x=1' }))).toBeNull();
    for (const h of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: '' }, { origin: 'not a url' }, { referer: 'https://evil.example/' }, {}]) {
      expect(refused(() => refuseCrossSite({ ...host, ...h })), JSON.stringify(h)).toMatchObject({ status: 403 });
    }
  });
});

describe('requireJsonBody', () => {
  it('takes application/json with parameters and refuses every other type with 415', () => {
    expect(refused(() => requireJsonBody({ 'content-type': 'Application/JSON; charset=utf-8' }))).toBeNull();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json', '']) {
      expect(refused(() => requireJsonBody({ 'content-type': type }))).toEqual({ status: 415, message: API_ERRORS.jsonOnly });
    }
    expect(refused(() => requireJsonBody({}))).toMatchObject({ status: 415 });
  });
});

describe('refuseMalformedText', () => {
  it('finds a lone surrogate in any key or value, however deep, and lets pairs (emoji) through', () => {
    expect(refused(() => refuseMalformedText({ name: 'Emma 🧹', list: ['ok', { deep: 'fine' }] }, { q: 'x' }))).toBeNull();
    for (const bad of [{ name: '\ud800' }, { ['\udfff']: 1 }, [[['a\udc00']]], 'x\ud83d']) {
      expect(refused(() => refuseMalformedText(bad))).toEqual({ status: 400, message: API_ERRORS.invalidText });
    }
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refused(() => refuseMalformedText(deep))).toBeNull();
  });
});

describe('the viewer address', () => {
  it('reads CloudFront-Viewer-Address in its IPv4, unbracketed and bracketed IPv6 forms', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(parseViewerAddress('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(parseViewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(parseViewerAddress('::ffff:127.0.0.5:5000')).toBe('127.0.0.5');
    for (const bad of [undefined, '', 'evil', '300.1.1.1:1', ':80', 'a.b.c.d:1']) expect(parseViewerAddress(bad), String(bad)).toBeNull();
  });

  it('counts IPv6 by /64 and IPv4 by address', () => {
    expect(ipv6Prefix64('2001:db8:0:0::1')).toBe('2001:db8:0:0::/64');
    expect(ipv6Prefix64('2001:0db8:abcd:0012:ffff::1')).toBe('2001:db8:abcd:12::/64');
    expect(ipv6Prefix64('::1')).toBe('0:0:0:0::/64');
    const event = (value: string) => ({ headers: { 'cloudfront-viewer-address': value }, requestContext: { http: { sourceIp: '10.0.0.1' } } }) as never;
    expect(clientAddress(event('2001:db8:1:2:aaaa::5:443'))).toEqual({ ip: '2001:db8:1:2:aaaa::5', key: '2001:db8:1:2::/64' });
    expect(clientAddress(event('2001:db8:1:2:bbbb::7:443')).key).toBe('2001:db8:1:2::/64');
    expect(clientAddress(event('203.0.113.7:80'))).toEqual({ ip: '203.0.113.7', key: '203.0.113.7' });
  });
});
