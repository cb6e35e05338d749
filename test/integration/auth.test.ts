import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import bcrypt from 'bcryptjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { fillPath, ROUTES } from '../../shared/routes';
import { newVisitorAddress, signUpParent, TestClient, testDb, uniqueEmail, uniqueName } from './support/client';
import { clearOfLimitWindowEdge } from './support/limit-windows';

// Tests here count requests against the rate limits: each runs inside one limit window.
beforeEach(() => clearOfLimitWindowEdge());

describe('parent signup', () => {
  it('creates the account, sets an HttpOnly session cookie, and parent-user answers the parent', async () => {
    // Prepare
    const client = new TestClient();
    const email = uniqueEmail();
    // Act
    const signup = await client.post('/api/auth/parent-signup', { email: `  ${email.toUpperCase()} `, password: 'secret123', firstName: ' Sam ', lastName: 'Lee', timeZone: 'Europe/Berlin' });
    const me = await client.get('/api/auth/parent-user');
    // Assess
    expect(signup.status).toBe(201);
    expect(signup.setCookies[0]).toMatch(/^cq_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    // The role hint for the page and the edge: same lifetime, readable by scripts, only the role.
    const maxAge = /Max-Age=(\d+)/.exec(signup.setCookies[0]!)![1];
    expect(signup.setCookies[1]).toBe(`cq_role=parent; Path=/; SameSite=Lax; Max-Age=${maxAge}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, firstName: 'Sam', lastName: 'Lee', timeZone: 'Europe/Berlin', role: 'parent' });
    expect(JSON.stringify(me.body)).not.toMatch(/password/i);
  });

  it.each([
    [{ email: '', password: 'secret123', firstName: 'A' }, 'Please fill in all required fields.'],
    [{ email: 'a@b.co', password: 'secret123', firstName: '   ' }, 'Please fill in all required fields.'],
    [{ email: 'a@b.co', password: '', firstName: 'A' }, 'Please fill in all required fields.'],
    [{ email: 'a@b.co', password: '12345', firstName: 'A' }, 'Password must be at least 6 characters long'],
    [{ email: 'a@b.co', password: 'abc', firstName: '' }, 'Please fill in all required fields.'],
    [{ email: '', password: 'abc', firstName: 'A' }, 'Please fill in all required fields.'],
    [{ email: 'not-an-email', password: 'secret123', firstName: 'A' }, 'Please enter a valid email address'],
    [{}, 'Please fill in all required fields.'],
  ])('refuses %j with 400 and the spec message', async (body, message) => {
    const res = await new TestClient().post('/api/auth/parent-signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('falls back to UTC for an unknown time zone', async () => {
    const { client } = await signUpParent({ timeZone: 'Mars/Olympus' });
    expect((await client.get('/api/auth/parent-user')).body.timeZone).toBe('UTC');
  });

  it('refuses a duplicate email case-insensitively', async () => {
    const { email } = await signUpParent();
    const res = await new TestClient().post('/api/auth/parent-signup', { email: email.toUpperCase(), password: 'another1', firstName: 'B' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  it('lets exactly one of several concurrent signups with the same email win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => new TestClient().post('/api/auth/parent-signup', { email, password: 'secret123', firstName: `P${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await new TestClient().request('POST', '/api/auth/parent-signup', '{"email":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body must be valid JSON' });
  });
});

describe('parent login', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const { email, password } = await signUpParent();
    const client = new TestClient();
    const res = await client.post('/api/auth/parent-login', { email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/parent-user')).body.email).toBe(email);
  });

  it('gives a wrong password and an unknown user the same answer', async () => {
    const { email } = await signUpParent();
    const wrong = await new TestClient().post('/api/auth/parent-login', { email, password: 'nope-nope' });
    const unknown = await new TestClient().post('/api/auth/parent-login', { email: uniqueEmail('ghost'), password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.setCookies).toEqual([]);
  });

  it('asks for both fields', async () => {
    const res = await new TestClient().post('/api/auth/parent-login', { email: '  ', password: 'x' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Please enter both email and password' } });
  });

  it('refuses repeated failures from one visitor with 429, even with the right password, and lets the owner in from elsewhere', async () => {
    const { email, password } = await signUpParent();
    const stranger = newVisitorAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await new TestClient(undefined, undefined, stranger).post('/api/auth/parent-login', { email, password: 'wrong-pass' })).status);
    const locked = await new TestClient(undefined, undefined, stranger).post('/api/auth/parent-login', { email, password });
    const owner = await new TestClient().post('/api/auth/parent-login', { email, password });
    expect(statuses).toEqual(Array(10).fill(401));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(owner.status).toBe(200);
  }, 60_000);
});

describe('child login', () => {
  it('signs in a child whose family and credentials were set directly in the table', async () => {
    // Prepare
    const { doc, tableName } = testDb();
    const familyId = randomUUID();
    const childId = randomUUID();
    const username = uniqueName('Kid');
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `FAMILY#${familyId}`, SK: 'PROFILE', type: 'Family', familyId, timeZone: 'UTC', createdAt: new Date().toISOString() } }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `FAMILY#${familyId}`, SK: `CHILD#${childId}`, type: 'Child', childId, familyId, displayName: 'Robin', username, maxDifficultyLevel: 5, dailyChoresCount: 3, weeklyChoresCount: 2, continuousChoresCount: 2, createdAt: new Date().toISOString() } }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `CHILDLOGIN#${username.toLowerCase()}`, SK: 'LOGIN', type: 'ChildLogin', childId, familyId, username, passwordHash: await bcrypt.hash('robin1', 10) } }));
    const client = new TestClient();
    // Act
    const login = await client.post('/api/auth/child-login', { username: username.toUpperCase(), password: 'robin1' });
    const me = await client.get('/api/auth/child-user');
    const asParent = await client.get('/api/auth/parent-user');
    // Assess
    expect(login.status).toBe(200);
    expect(login.setCookies[1]).toMatch(/^cq_role=child; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    expect(me).toMatchObject({ status: 200, body: { displayName: 'Robin', id: childId, role: 'child' } });
    expect(asParent.status).toBe(401);
  });

  it('refuses wrong credentials and empty fields', async () => {
    const wrong = await new TestClient().post('/api/auth/child-login', { username: uniqueName(), password: 'whatever' });
    const empty = await new TestClient().post('/api/auth/child-login', { username: 'x', password: '   ' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Please enter both username and password' } });
  });
});

describe('sessions', () => {
  it.each(['/api/logout', '/api/auth/parent-logout'])('%s clears the cookie and redirects to /', async (path) => {
    const { client } = await signUpParent();
    const res = await client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.setCookies[0]).toMatch(/^cq_session=; .*Max-Age=0/);
    expect(res.setCookies[1]).toMatch(/^cq_role=; .*Max-Age=0/);
    expect((await client.get('/api/auth/parent-user')).status).toBe(401);
  });

  it('the role hint cookie alone grants nothing', async () => {
    const { client } = await signUpParent();
    client.cookie = 'cq_role=parent';
    expect((await client.get('/api/auth/parent-user')).status).toBe(401);
    expect((await client.get('/api/dashboard')).status).toBe(401);
  });

  it('refuses a tampered cookie', async () => {
    const { client } = await signUpParent();
    const [name, token] = client.cookie!.split('=') as [string, string];
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.fam = randomUUID();
    client.cookie = `${name}=${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await client.get('/api/auth/parent-user')).status).toBe(401);
  });

  it('refuses unsafe requests from another site', async () => {
    const crossSite = await new TestClient(undefined, { 'sec-fetch-site': 'cross-site' }).post('/api/auth/parent-login', { email: 'a@b.co', password: 'x' });
    const foreignOrigin = await new TestClient(undefined, { origin: 'https://evil.example' }).post('/api/auth/parent-login', { email: 'a@b.co', password: 'x' });
    expect(crossSite).toMatchObject({ status: 403, body: { message: 'Cross-site requests are not allowed' } });
    expect(foreignOrigin.status).toBe(403);
  });

  it('answers every guarded route with 401 when signed out', async () => {
    const guarded = ROUTES.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, randomUUID()]));
      const res = await new TestClient().request(route.method, fillPath(route.path, params), route.method === 'GET' ? undefined : {});
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
      expect(res.body).toHaveProperty('message');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new TestClient().get('/api/nothing-here');
    expect(res).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });
});
