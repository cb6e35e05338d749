/**
 * fast-check fuzzing of every route of shared/routes.ts: random bodies (near-valid ones built from
 * the API's own field names, arbitrary JSON, non-JSON text, other content types), path ids (real
 * ones, another family's, malformed escapes, very long) and query strings. For every request:
 * never a 5xx, and an answer of 4xx leaves the family's data exactly as it was (no partial write).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDef } from '../../shared/routes';
import { partition } from './support/account';
import { TestClient } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';

let A: Family;
let B: Family;
let familyId: string;
const ids: { children: string[]; chores: string[]; assignments: string[]; other: string[] } = { children: [], chores: [], assignments: [], other: [] };

beforeAll(async () => {
  [A, B] = await Promise.all([makeFamily({ kids: 2 }), makeFamily({ kids: 1 })]);
  familyId = (await A.parent.get('/api/auth/parent-user')).body.familyId;
  const dated = await A.parent.post('/api/assignments', assignmentFor(A, A.kids[0]!.id, A.chores.daily.id));
  await A.parent.post('/api/continuous-assignments', { childId: A.kids[0]!.id, choreId: A.chores.continuous.id, daysOfWeek: [] });
  const theirs = await B.parent.post('/api/assignments', assignmentFor(B, B.kids[0]!.id, B.chores.daily.id));
  ids.children = A.kids.map((k) => k.id);
  ids.chores = Object.values(A.chores).map((c) => c.id);
  ids.assignments = [dated.body.id, `c.${A.kids[0]!.id}.${A.chores.continuous.id}`];
  ids.other = [B.kids[0]!.id, B.chores.daily.id, theirs.body.id];
});

/** Every item of family A's partition, in key order. */
const familyItems = (): Promise<unknown[]> => partition(familyId);

// ---- Generators ----------------------------------------------------------------------------------

const FIELDS = [
  'email', 'password', 'firstName', 'lastName', 'timeZone', 'username', 'displayName', 'age', 'profileImageUrl', 'maxDifficultyLevel',
  'dailyChoresCount', 'weeklyChoresCount', 'continuousChoresCount', 'name', 'description', 'category', 'amount', 'difficultyLevel',
  'daysOfWeek', 'childId', 'choreId', 'weekStart', 'assignedDate', 'dayOfWeek', 'completed', 'assignmentId',
  'token', 'currentPassword', 'newPassword', 'enabled',
  // Issue 21: how often, who does it, availability, pause, preview and generate.
  'rhythm', 'who', 'cycles', 'away', 'pause', 'from', 'to', 'seed',
];

const nasty = fc.constantFrom(
  '', ' ', '0x10', '3abc', '1e308', '-1', '1.005', 'NaN', 'Infinity', '٣', '\u0000', '\ud800', 'a\udc00b', '🧹🧽', '‮evil', '<script>alert(1)</script>',
  '9999-12-26', '1999-12-31', '2026-02-30', '2026-11-22T23:00:00Z', '+010000-01-01', 'monday', 'Funday', 'daily', 'continuous',
  'CHILD#x', 'FAMILY#x', '../..', '%E0%A4%A', 'x'.repeat(5000), 'Mars/Olympus', 'javascript:alert(1)', 'https://example.com/a.png',
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e21, -0, 2 ** 53 + 2, 0.1 + 0.2),
  fc.array(fc.oneof(nasty, fc.integer()), { maxLength: 9 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(undefined),
  // Issue 21: near-valid planner shapes (a kind or mode with wrong or missing fields).
  fc.constantFrom<unknown>(
    { kind: 'days', days: ['monday'] },
    { kind: 'days', days: [] },
    { kind: 'everyNDays', every: 3, start: '2026-11-29' },
    { kind: 'everyNWeeks', every: 2, anchorWeek: '2026-11-30', days: ['friday'] },
    { kind: 'monthlyWeekday', nth: 5, weekday: 'saturday' },
    { kind: 'once', date: '2026-02-30' },
    { mode: 'each', children: [{ childId: 'x', days: ['monday'] }] },
    { mode: 'first', children: ['CHILD#x'] },
    { mode: 'one', turns: 'fair' },
    { mode: 'one' },
    [{ start: '2026-11-26', length: 14, away: [0, 1, 2, 3], label: "At Dad's" }],
    [{ start: '2026-11-26', length: 5, away: [9] }],
    [{ from: '2026-12-01', to: '2026-11-01' }],
    { from: '2026-12-01' },
    { from: '2026-12-01', to: '9999-12-31' },
  ),
);
const someId = (forDelete: boolean) =>
  fc.oneof(
    ...(forDelete ? [] : [fc.constantFrom(...ids.children, ...ids.chores, ...ids.assignments)]),
    fc.constantFrom(...ids.other),
    fc.uuid(),
    nasty,
    fc.string({ unit: 'binary', maxLength: 30 }),
  );

/** A body: the API's own fields with random values, arbitrary JSON, or text that is not JSON. */
const body = (forDelete: boolean) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(value, someId(forDelete)), { maxKeys: 8 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((text) => ({ raw: text })) },
  );

interface Fuzzed {
  path: string;
  body?: unknown;
  contentType: string;
}

/** %-encodes text; a lone surrogate (which encodeURIComponent refuses) becomes its CESU-8 bytes, malformed UTF-8. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').split('%ED%A0%80').map((part) => encodeURIComponent(part)).join('%ED%A0%80');
  }
};

/** The path template filled with random (and sometimes real) ids, raw or %-encoded. */
function request(route: RouteDef): fc.Arbitrary<Fuzzed> {
  const forDelete = route.method === 'DELETE' || route.path.endsWith('/credentials');
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const segment = fc.tuple(someId(forDelete).map(String), fc.boolean()).map(([v, raw]) => (raw && /^[\x21-\x7e]*$/.test(v) && !/[/?#]/.test(v) ? v : encode(v)));
  const query = fc.dictionary(fc.constantFrom('weekStart', 'childId', 'x', 'weekStart[]', 'token'), fc.oneof(nasty, fc.string({ maxLength: 20 })), { maxKeys: 3 });
  return fc.record({
    segments: fc.tuple(...names.map(() => segment)),
    query,
    body: route.method === 'GET' ? fc.constant(undefined) : fc.option(body(forDelete), { nil: undefined }),
    contentType: fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain'),
  }).map(({ segments, query: q, body: b, contentType }) => {
    let i = 0;
    const path = route.path.replace(/\{(\w+)\}/g, () => segments[i++] as string);
    const search = Object.entries(q).map(([k, v]) => `${encode(k)}=${encode(String(v))}`).join('&');
    return { path: search ? `${path}?${search}` : path, body: b, contentType };
  });
}

function clientFor(route: RouteDef): TestClient {
  if (route.access === 'parent') return A.parent;
  if (route.access === 'child') return A.kids[1]!.client;
  return new TestClient();
}

// Fewer runs where each costs a bcrypt hash, a padded answer or a whole-partition read.
const RUNS: Partial<Record<string, number>> = {
  'POST /api/assignments/generate': 5,
  'POST /api/assignments/preview': 20,
  'POST /api/auth/parent-signup': 12,
  'POST /api/auth/forgot-password': 10,
  'POST /api/auth/accept-invitation': 12,
  'PUT /api/account/password': 12,
  'POST /api/account/email-change': 12,
  'DELETE /api/family': 12,
};

describe('fuzzing every route', () => {
  it.each(ROUTES.map((r) => [routeKey(r), r] as const))('%s: never a 5xx, and a refusal writes nothing', async (key, route) => {
    await fc.assert(
      fc.asyncProperty(request(route), async (req) => {
        const client = clientFor(route);
        const before = await familyItems();
        const payload = req.body === undefined ? undefined : typeof req.body === 'object' && req.body !== null && 'raw' in req.body ? String((req.body as { raw: unknown }).raw) : JSON.stringify(req.body);
        const res = await client.request(route.method, req.path, payload, payload === undefined ? {} : { 'content-type': req.contentType });
        expect(res.status, `${route.method} ${req.path} ${String(payload).slice(0, 200)} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
        const type = res.headers.get('content-type') ?? '';
        // JSON, a redirect, the printable report, a CSV download, or a signed link's page (which a browser shows).
        const page = type.startsWith('text/html') && (res.status === 200 || 'signedLink' in route);
        expect(res.status === 302 || type.startsWith('application/json') || page || (res.status === 200 && type.startsWith('text/csv')), `answers JSON, not ${type}`).toBe(true);
        if (res.status >= 400) expect(await familyItems(), `${route.method} ${req.path} changed data and answered ${res.status}`).toEqual(before);
      }),
      { numRuns: RUNS[key] ?? 20 },
    );
  }, 120_000);
});
