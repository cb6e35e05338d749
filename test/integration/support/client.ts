/**
 * A tiny HTTP client with a cookie jar of one session, for tests against the local gateway. Each
 * client connects from its own loopback address (127.x.y.z), so the per-address limits see the
 * many test users as many visitors, as they would be; a test that wants one visitor shares an
 * address (`from`). Where only 127.0.0.1 exists (macOS without aliases) every client uses it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { inject } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sessionCookieName } from '../../../functions/lib/session';

export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  setCookies: string[];
}

/** Whether this machine routes all of 127.0.0.0/8 to loopback (Linux does; macOS only 127.0.0.1). */
const loopbackRange: Promise<boolean> = new Promise((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '127.0.0.2', () => probe.close(() => resolve(true)));
});

/** A fresh loopback address for one simulated visitor. */
export const newVisitorAddress = (): string => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export class TestClient {
  cookie: string | undefined;
  constructor(
    readonly baseUrl = inject('baseUrl'),
    readonly defaultHeaders: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
    /** The loopback address this client connects from. */
    readonly from: string = newVisitorAddress(),
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const localAddress = (await loopbackRange) ? this.from : undefined;
    const res = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
      const req = httpRequest(
        this.baseUrl + path,
        {
          method,
          localAddress,
          headers: {
            ...this.defaultHeaders,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
            ...headers,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (c: Buffer) => chunks.push(c));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const h = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) h.append(name, v);
            }
            resolve({ status: incoming.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      // The client keeps the session only; the role hint beside it grants nothing (auth.test.ts checks it).
      if (!pair!.startsWith(`${sessionCookieName(false)}=`)) continue;
      const value = pair!.slice(pair!.indexOf('=') + 1);
      this.cookie = value ? pair : undefined;
    }
    const text = res.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON (HTML report, redirects) */
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers, setCookies };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body ?? {}, headers);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});
  delete = <T = any>(path: string, body?: unknown) => this.request<T>('DELETE', path, body);
}

export const uniqueEmail = (label = 'parent') => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const uniqueName = (label = 'kid') => `${label}${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** A signed-up parent with a session. */
export async function signUpParent(overrides: Record<string, unknown> = {}): Promise<{ client: TestClient; email: string; password: string; user: any }> {
  const client = new TestClient();
  const email = uniqueEmail();
  const password = 'secret123';
  const res = await client.post('/api/auth/parent-signup', { email, password, firstName: 'Pat', lastName: 'Parent', timeZone: 'America/New_York', ...overrides });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { client, email, password, user: res.body };
}

/** Direct table access for test set-up that the API does not offer (never used to assert on API-visible state alone). */
export function testDb(): { doc: DynamoDBDocumentClient; tableName: string } {
  const raw = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { doc: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }), tableName: inject('tableName') };
}

/**
 * Points this test process's own copy of the functions at the stack's table and secrets, for tests
 * that call a data function or a handler directly (the Sunday job, a handler without the edge).
 */
export function useStackInThisProcess(): void {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    SESSION_SECRET_FILE: inject('sessionSecretFile'),
    ORIGIN_SECRET_FILE: inject('originSecretFile'),
    LINK_SECRET_FILE: inject('linkSecretFile'),
    VAPID_SECRET_FILE: inject('vapidSecretFile'),
    SECURE_COOKIES: 'false',
    AWS_REGION: process.env.AWS_REGION ?? 'local',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  });
}
