/** A tiny HTTP client with a cookie jar of one session, for tests against the local gateway. */
import { randomUUID } from 'node:crypto';
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

export class TestClient {
  cookie: string | undefined;
  constructor(
    readonly baseUrl = inject('baseUrl'),
    readonly defaultHeaders: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        ...this.defaultHeaders,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      // The client keeps the session only; the role hint beside it grants nothing (auth.test.ts checks it).
      if (!pair!.startsWith(`${sessionCookieName(false)}=`)) continue;
      const value = pair!.slice(pair!.indexOf('=') + 1);
      this.cookie = value ? pair : undefined;
    }
    const text = await res.text();
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
