/**
 * The security suite (issue 10): throttles that hold under parallel attack, per-address limits that
 * cannot be dodged by a header, sessions that end on the server, CSRF decisions, bad URLs and bad
 * input that never crash or 500, the edge-only API, and the local edge's headers and database.
 * Everything runs over HTTP against the local stack on DynamoDB Local.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { API_ERRORS, FORM_MESSAGES } from '../../shared/messages';
import { LOCAL_SECURITY_HEADERS, SECURITY_HEADERS } from '../../infra/security-headers';
import { CREDENTIALS_LIMIT, LOGIN_LIMITS, SIGNUP_LIMIT } from '../../functions/data/family/throttles';
import { newVisitorAddress, signUpParent, TestClient, uniqueEmail, uniqueName, useStackInThisProcess, type Reply } from './support/client';
import { assignmentFor, makeFamily } from './support/family';
import { clearOfLimitWindowEdge } from './support/limit-windows';

// Tests here count requests against the rate limits: each runs inside one limit window.
beforeEach(() => clearOfLimitWindowEdge());

const count = (replies: Reply[], status: number) => replies.filter((r) => r.status === status).length;
const visitor = (from = newVisitorAddress(), headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => new TestClient(undefined, headers, from);

describe('sign-in throttles (items 4, 5)', () => {
  it('lets at most the limit of 50 parallel wrong passwords from one visitor reach bcrypt', async () => {
    // Prepare
    const { email, password } = await signUpParent();
    const attacker = newVisitorAddress();
    // Act: fifty at once, as the review's attack did (before: 41 of 50 reached bcrypt).
    const replies = await Promise.all(Array.from({ length: 50 }, () => visitor(attacker).post('/api/auth/parent-login', { email, password: 'wrong-pass' })));
    const rightFromAttacker = await visitor(attacker).post('/api/auth/parent-login', { email, password });
    const rightFromOwner = await visitor().post('/api/auth/parent-login', { email, password });
    // Assess: a 401 is an evaluated password; a 429 never reached bcrypt.
    expect(count(replies, 401)).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress.max);
    expect(count(replies, 401) + count(replies, 429)).toBe(50);
    expect(rightFromAttacker.status).toBe(429);
    expect(rightFromOwner.status).toBe(200);
  }, 60_000);

  it('keeps a stranger’s guesses from locking a child out on the family’s own device', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const stranger = newVisitorAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress.max; i++) await visitor(stranger).post('/api/auth/child-login', { username: kid.username, password: 'guess' });
    const strangerLocked = await visitor(stranger).post('/api/auth/child-login', { username: kid.username, password: kid.password });
    const atHome = await visitor(kid.client.from).post('/api/auth/child-login', { username: kid.username, password: kid.password });
    expect(strangerLocked).toMatchObject({ status: 429, body: { message: API_ERRORS.tooManyAttempts } });
    expect(atHome.status).toBe(200);
  }, 60_000);

  it('caps guesses at one account spread over many addresses at the looser per-account ceiling', async () => {
    const { email, password } = await signUpParent();
    const replies = await Promise.all(Array.from({ length: LOGIN_LIMITS.perAccount.max + 10 }, () => visitor().post('/api/auth/parent-login', { email, password: 'wrong-pass' })));
    expect(count(replies, 401)).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.max);
    expect(count(replies, 429)).toBeGreaterThanOrEqual(10);
    expect((await visitor().post('/api/auth/parent-login', { email, password })).status).toBe(429);
  }, 120_000);

  it('caps one address guessing across many accounts (password spraying)', async () => {
    const sprayer = newVisitorAddress();
    const replies = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAddress.max + 5 }, () => visitor(sprayer).post('/api/auth/child-login', { username: uniqueName('spray'), password: 'abc123' })),
    );
    expect(count(replies, 401)).toBeLessThanOrEqual(LOGIN_LIMITS.perAddress.max);
    expect(count(replies, 429)).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('counts by the connection’s address, whatever CloudFront-Viewer-Address or X-Forwarded-For a client sends', async () => {
    const { email } = await signUpParent();
    const attacker = newVisitorAddress();
    const replies: Reply[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress.max + 2; i++) {
      const spoof = `198.51.100.${i + 1}`;
      replies.push(await visitor(attacker, { 'sec-fetch-site': 'same-origin', 'cloudfront-viewer-address': `${spoof}:443`, 'x-forwarded-for': spoof }).post('/api/auth/parent-login', { email, password: 'wrong-pass' }));
    }
    expect(replies.map((r) => r.status)).toEqual([...Array(LOGIN_LIMITS.perAccountAndAddress.max).fill(401), 429, 429]);
  }, 60_000);
});

describe('sign-up and credential-setting are limited per address (items 5, 13)', () => {
  it('answers 429 after the sign-up limit, so one address cannot enumerate e-mail addresses', async () => {
    const { email } = await signUpParent();
    const from = newVisitorAddress();
    const replies: Reply[] = [];
    for (let i = 0; i <= SIGNUP_LIMIT.max; i++) replies.push(await visitor(from).post('/api/auth/parent-signup', { email, password: 'secret123', firstName: 'Eve' }));
    expect(replies.slice(0, SIGNUP_LIMIT.max).every((r) => r.status === 409)).toBe(true);
    expect(replies.at(-1)).toMatchObject({ status: 429, body: { message: API_ERRORS.tooManyRequests } });
    expect(Number(replies.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address still signs up.
    expect((await visitor().post('/api/auth/parent-signup', { email: uniqueEmail(), password: 'secret123', firstName: 'Ann' })).status).toBe(201);
  }, 120_000);

  it('answers 429 after the credential-setting limit, so one address cannot enumerate usernames', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const statuses: number[] = [];
    // makeFamily already set one login from this parent's address.
    for (let i = 1; i <= CREDENTIALS_LIMIT.max; i++) statuses.push((await f.parent.post(`/api/children/${kid.id}/credentials`, { username: uniqueName('probe'), password: 'pass123' })).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 120_000);
});

describe('sessions end on the server (items 6, 7)', () => {
  it('logout ends that session: a copy of the cookie no longer works, another sign-in of the same parent does', async () => {
    const { client, email, password } = await signUpParent();
    const laptop = visitor();
    expect((await laptop.post('/api/auth/parent-login', { email, password })).status).toBe(200);
    const copied = client.cookie!;
    const out = await client.get('/api/logout');
    const thief = new TestClient();
    thief.cookie = copied;
    expect(out.status).toBe(302);
    expect((await thief.get('/api/auth/parent-user')).status).toBe(401);
    expect((await thief.get('/api/dashboard')).status).toBe(401);
    expect((await laptop.get('/api/auth/parent-user')).status).toBe(200);
  });

  it('a change of a child’s username or password ends every session of that child, and only that child', async () => {
    const f = await makeFamily({ kids: 2 });
    const [kid, sibling] = f.kids as [(typeof f.kids)[0], (typeof f.kids)[0]];
    const tablet = visitor();
    expect((await tablet.post('/api/auth/child-login', { username: kid.username, password: kid.password })).status).toBe(200);
    const changed = await f.parent.post(`/api/children/${kid.id}/credentials`, { username: kid.username, password: 'brand-new' });
    expect(changed.status).toBe(200);
    for (const device of [kid.client, tablet]) {
      expect((await device.get('/api/child/assignments')).status).toBe(401);
    }
    expect((await sibling.client.get('/api/child/assignments')).status).toBe(200);
    expect((await f.parent.get('/api/dashboard')).status).toBe(200);
    expect((await visitor().post('/api/auth/child-login', { username: kid.username, password: kid.password })).status).toBe(401);
    expect((await visitor().post('/api/auth/child-login', { username: kid.username, password: 'brand-new' })).status).toBe(200);
  });

  it('ends one user’s sessions, or a whole family’s, at once (for password changes and family deletion)', async () => {
    useStackInThisProcess();
    const { endAllSessionsOf, endAllSessionsOfFamily } = await import('../../functions/data/family/sessions');
    const f = await makeFamily({ kids: 1 });
    const me = (await f.parent.get('/api/auth/parent-user')).body;
    const phone = visitor();
    expect((await phone.post('/api/auth/parent-login', { email: f.email, password: 'secret123' })).status).toBe(200);
    const { verifySession, sessionKey } = await import('../../functions/lib/session');
    const current = (await verifySession(f.parent.cookie!.split('=')[1]!, await sessionKey()))!;
    // A parent's password change keeps the session that made it and ends the others.
    await endAllSessionsOf(me.familyId, me.id, current);
    expect((await f.parent.get('/api/dashboard')).status).toBe(200);
    expect((await phone.get('/api/dashboard')).status).toBe(401);
    expect((await f.kids[0]!.client.get('/api/child/assignments')).status).toBe(200);
    // Deleting a family ends everyone's.
    expect(await endAllSessionsOfFamily(me.familyId)).toBeGreaterThanOrEqual(2);
    expect((await f.parent.get('/api/dashboard')).status).toBe(401);
    expect((await f.kids[0]!.client.get('/api/child/assignments')).status).toBe(401);
  });

  it.each(['/api/logout', '/api/auth/parent-logout'])('a navigation to %s from another site lands on the app, still signed in', async (path) => {
    const { client } = await signUpParent();
    for (const site of ['cross-site', 'same-site']) {
      const res = await client.get(path, { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(res.setCookies).toEqual([]);
      expect((await client.get('/api/auth/parent-user')).status).toBe(200);
    }
    // Typed, bookmarked or clicked in the app: signs out.
    expect((await client.get(path, { 'sec-fetch-site': 'none' })).setCookies[0]).toMatch(/Max-Age=0/);
    expect((await client.get('/api/auth/parent-user')).status).toBe(401);
  });
});

describe('CSRF: Fetch Metadata first, then Origin, then Referer (item 11)', () => {
  let parent: TestClient;
  let host: string;
  beforeAll(async () => {
    parent = (await signUpParent()).client;
    host = new URL(inject('baseUrl')).host;
  });

  const create = (headers: Record<string, string>, body: unknown = { displayName: 'Csrf' }) => {
    const c = new TestClient(undefined, {}, parent.from);
    c.cookie = parent.cookie;
    return c.request('POST', '/api/children', body, headers);
  };

  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, 201],
    [{ 'sec-fetch-site': 'none' }, 201],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, 201],
    [{ 'sec-fetch-site': 'same-site' }, 403],
    [{ 'sec-fetch-site': 'cross-site' }, 403],
    [{ 'sec-fetch-site': 'cross-site', origin: 'SELF' }, 403],
    [{ origin: 'SELF' }, 201],
    [{ origin: 'https://evil.example' }, 403],
    [{ origin: 'null' }, 403],
    [{ origin: '' }, 403],
    [{ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }, 403],
    [{ referer: 'SELF/children' }, 201],
    [{ referer: 'https://evil.example/page' }, 403],
    [{}, 403],
  ])('%j → %i', async (headers, status) => {
    const self = `http://${host}`;
    const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('SELF', self)]));
    const res = await create(h);
    expect(res.status, res.text).toBe(status);
    if (status === 403) expect(res.body).toEqual({ message: API_ERRORS.forbiddenOrigin });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''])('refuses a body sent as %j with 415, writing nothing', async (type) => {
    const before = (await parent.get('/api/children')).body.length;
    const res = await create({ 'sec-fetch-site': 'same-origin', 'content-type': type }, JSON.stringify({ displayName: 'Plain' }));
    expect(res).toMatchObject({ status: 415, body: { message: API_ERRORS.jsonOnly } });
    expect((await parent.get('/api/children')).body.length).toBe(before);
  });
});

/** Sends raw bytes to the gateway and returns the raw answer. */
function rawRequest(text: string): Promise<string> {
  const { port } = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
  });
}

describe('bad URLs and bad input never crash or 500 (items 8, 9, 10, 12)', () => {
  it('answers a malformed URL with 400 and keeps serving', async () => {
    const statuses: number[] = [];
    for (const path of ['/%E0%A4%A', '/%', '/children/%C0%AF', '/%ED%A0%80']) statuses.push((await visitor().get(path)).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    expect((await visitor().get('/api/children/%E0%A4%A/calendar')).status).toBe(404);
    for (const target of ['http://evil.example/', '*', 'evil']) {
      expect(await rawRequest(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    }
    expect((await visitor().get('/api/nothing')).status).toBe(404);
  });

  it('answers every date parameter outside 2000–2200 with 400, never 500', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    for (const date of ['9999-12-26', '1999-12-26', '2201-01-04', '+010000-01-02', '9999-12-31T23:59:59Z']) {
      const q = encodeURIComponent(date);
      const replies = [
        await f.parent.get(`/api/reports/weekly?weekStart=${q}`),
        await f.parent.get(`/api/children/${kid.id}/calendar?weekStart=${q}`),
        await kid.client.get(`/api/child/assignments?weekStart=${q}`),
        await f.parent.delete(`/api/assignments/child/${kid.id}/week`, { weekStart: date }),
        await f.parent.post('/api/assignments', { ...assignmentFor(f, kid.id, f.chores.weekly.id), weekStart: date }),
      ];
      expect(replies.map((r) => r.status), date).toEqual([400, 400, 400, 400, 400]);
      expect([FORM_MESSAGES.dateOutOfRange, FORM_MESSAGES.invalidDate]).toContain(replies[0]!.body.message);
    }
    expect((await f.parent.get('/api/reports/weekly?weekStart=9999-12-26')).body).toEqual({ message: FORM_MESSAGES.dateOutOfRange });
  });

  it('reads numbers strictly and refuses text with lone surrogates, storing nothing', async () => {
    const { client } = await signUpParent();
    const refused = [
      await client.post('/api/children', { displayName: 'Hex', age: '0x10' }),
      await client.post('/api/children', { displayName: 'Hex', maxDifficultyLevel: '0x3' }),
      await client.post('/api/chores', { name: 'Round', category: 'daily', amount: 1.005, difficultyLevel: 1 }),
      await client.post('/api/children', { displayName: 'Bad \ud800 name' }),
      await client.post('/api/children', { ['\udc00']: 1, displayName: 'Key' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(refused[0]!.body.message).toBe(FORM_MESSAGES.ageRange);
    expect(refused[1]!.body.message).toBe(FORM_MESSAGES.maxDifficultyRange);
    expect(refused[2]!.body.message).toBe(FORM_MESSAGES.amountFormat);
    expect(refused[3]!.body.message).toBe(API_ERRORS.invalidText);
    expect((await client.get('/api/children')).body).toEqual([]);
    const kid = (await client.post('/api/children', { displayName: 'Kid' })).body;
    const settings = await client.put(`/api/children/${kid.id}/chore-settings`, { dailyChoresCount: '0x3', weeklyChoresCount: '3abc', continuousChoresCount: 1 });
    expect(settings).toMatchObject({ status: 400, body: { message: FORM_MESSAGES.countRange } });
  });

  it('takes assignedDate and weekStart alike as dates or instants, read in the family’s time zone', async () => {
    const f = await makeFamily({ kids: 1, timeZone: 'Pacific/Auckland' });
    const kid = f.kids[0]!;
    const plain = assignmentFor(f, kid.id, f.chores.daily.id);
    // What a browser in Auckland sends for local midnight of the Sunday and of today: the day before, in UTC.
    const { startOfLocalDay } = await import('../../shared/time');
    const asInstant = (d: string) => startOfLocalDay(d, 'Pacific/Auckland').toISOString();
    const res = await f.parent.post('/api/assignments', { ...plain, weekStart: asInstant(plain.weekStart), assignedDate: asInstant(plain.assignedDate) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ weekStart: plain.weekStart, assignedDate: plain.assignedDate, dayOfWeek: plain.dayOfWeek });
    const again = await f.parent.post('/api/assignments', plain);
    expect(again).toMatchObject({ status: 200, body: { id: res.body.id } });
  });
});

describe('the API answers only through the edge (item 15)', () => {
  it('refuses a request that reaches a function without the origin secret, before anything else', async () => {
    useStackInThisProcess();
    const { domainHandlers } = await import('../../functions/http/index');
    const { parent } = await makeFamily({ kids: 0 });
    const event = (headers: Record<string, string>) =>
      ({
        version: '2.0',
        routeKey: 'GET /api/dashboard',
        rawPath: '/api/dashboard',
        rawQueryString: '',
        cookies: [parent.cookie!],
        headers,
        requestContext: { http: { method: 'GET', path: '/api/dashboard', sourceIp: '203.0.113.9' }, requestId: 'direct' },
        isBase64Encoded: false,
      }) as never;
    const { readFileSync } = await import('node:fs');
    const secret = readFileSync(inject('originSecretFile'), 'utf8').trim();
    const direct = await domainHandlers.dashboard(event({}));
    const forged = await domainHandlers.dashboard(event({ 'x-chorequest-origin': 'x'.repeat(secret.length) }));
    const viaEdge = await domainHandlers.dashboard(event({ 'x-chorequest-origin': secret }));
    expect([direct.statusCode, forged.statusCode]).toEqual([403, 403]);
    expect(JSON.parse(direct.body!)).toEqual({ message: API_ERRORS.notThroughApp });
    expect(viaEdge.statusCode).toBe(200);
  });
});

describe('the local edge (items 16, 17)', () => {
  it('sends the same security headers as CloudFront on API answers and pages (HSTS only over HTTPS)', async () => {
    for (const res of [await visitor().get('/api/auth/parent-user'), await visitor().get('/children'), await visitor().get('/%E0%A4%A')]) {
      for (const [name, value] of Object.entries(LOCAL_SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    expect(Object.keys(SECURITY_HEADERS).filter((h) => !(h in LOCAL_SECURITY_HEADERS))).toEqual(['strict-transport-security']);
  });

  it('keeps DynamoDB Local on 127.0.0.1 and closed to web pages of other origins', async () => {
    const { port } = new URL(inject('dynamoEndpoint'));
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (external) {
      const reached = await new Promise<boolean>((resolve) => {
        const s = connect(Number(port), external, () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
        s.setTimeout(2_000, () => {
          s.destroy();
          resolve(false);
        });
      });
      expect(reached, `DynamoDB Local answered on ${external}:${port}`).toBe(false);
    }
    const preflight = await fetch(inject('dynamoEndpoint'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).not.toBe('*');
    expect(preflight.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });
});
