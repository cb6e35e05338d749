import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  apiPath,
  apiRequest,
  conflictMessage,
  errorMessageFor,
  extractServerMessage,
  formatApiErrorMessage,
  getQueryFn,
  route,
} from './api';

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (..._args: FetchArgs) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

const queryContext = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('formatApiErrorMessage', () => {
  it('puts the status, a colon and a space before the body text', () => {
    expect(formatApiErrorMessage(401, 'Unauthorized', '{"message":"Invalid email or password"}')).toBe(
      '401: {"message":"Invalid email or password"}',
    );
  });

  it('uses the status text when the body is empty', () => {
    expect(formatApiErrorMessage(502, 'Bad Gateway', '')).toBe('502: Bad Gateway');
  });
});

describe('apiRequest', () => {
  it('throws an ApiError whose message is the status and the body text when the response is not OK', async () => {
    // Prepare
    stubFetch(() => json(409, { message: 'An account with this email already exists' }, 'Conflict'));

    // Act
    const error = await apiRequest('POST', '/api/auth/parent-signup', { email: 'a@b.c' }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"An account with this email already exists"}');
    expect((error as ApiError).status).toBe(409);
  });

  it('falls back to the status text when the error body is empty', async () => {
    // Prepare
    stubFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));

    // Act
    const error = await apiRequest('GET', '/api/dashboard').catch((e: unknown) => e);

    // Assess
    expect((error as ApiError).message).toBe('503: Service Unavailable');
  });

  it('sends cookies, and JSON with its content type only when there is a body', async () => {
    // Prepare
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));

    // Act
    await apiRequest('POST', '/api/assignments/generate');
    await apiRequest('PUT', '/api/assignments/a1/complete', { completed: true });

    // Assess
    const [, withoutBody] = fetchMock.mock.calls[0]!;
    const [, withBody] = fetchMock.mock.calls[1]!;
    expect(withoutBody).toMatchObject({ method: 'POST', credentials: 'include', body: undefined, headers: undefined });
    expect(withBody).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      body: '{"completed":true}',
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

describe('conflictMessage', () => {
  it('gives the server’s reason for a 409 only', () => {
    const body = JSON.stringify({ message: 'This chore was already paid out, so it stays ticked.' });
    expect(conflictMessage(new ApiError(409, 'Conflict', body))).toBe('This chore was already paid out, so it stays ticked.');
    expect(conflictMessage(new ApiError(500, 'Internal Server Error', JSON.stringify({ message: 'Something went wrong. Please try again.' })))).toBeUndefined();
    expect(conflictMessage(new Error('network'))).toBeUndefined();
  });
});

describe('extractServerMessage and errorMessageFor', () => {
  it('reads the message of a JSON error body', () => {
    expect(extractServerMessage('{"message":"Invalid username or password"}')).toBe('Invalid username or password');
  });

  it('answers undefined for empty, non-JSON or message-less bodies', () => {
    expect(extractServerMessage('')).toBeUndefined();
    expect(extractServerMessage('<html>Bad Gateway</html>')).toBeUndefined();
    expect(extractServerMessage('{"error":"x"}')).toBeUndefined();
    expect(extractServerMessage('{"message":"  "}')).toBeUndefined();
  });

  it('gives a toast the server message, or the fallback when the server sent none', () => {
    const withMessage = new ApiError(401, 'Unauthorized', '{"message":"Invalid email or password"}');
    const withoutMessage = new ApiError(500, 'Internal Server Error', '');
    const fallback = 'Please check your email and password.';

    expect(errorMessageFor(withMessage, fallback)).toBe('Invalid email or password');
    expect(errorMessageFor(withoutMessage, fallback)).toBe(fallback);
    expect(errorMessageFor(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});

describe('api and route', () => {
  it('calls a route of the shared table with its method and parses the JSON answer', async () => {
    // Prepare
    const fetchMock = stubFetch(() => json(200, { id: 'p1', role: 'parent' }));

    // Act
    const user = await api<{ id: string }>('POST /api/auth/parent-login', { email: 'a@b.c', password: 'secret' });

    // Assess
    expect(user).toEqual({ id: 'p1', role: 'parent' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/parent-login');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
  });

  it('answers undefined for an empty success body', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api(route('DELETE /api/chores/{id}', { id: 'c1' }))).resolves.toBeUndefined();
  });

  it('fills and encodes path parameters and adds the query string', () => {
    expect(apiPath('GET /api/children/{id}/calendar', { id: 'a/b' }, { weekStart: '2025-11-16', skip: undefined })).toBe(
      '/api/children/a%2Fb/calendar?weekStart=2025-11-16',
    );
    expect(route('DELETE /api/continuous-assignments/child/{childId}/chore/{choreId}', { childId: 'k1', choreId: 'c1' })).toEqual({
      method: 'DELETE',
      url: '/api/continuous-assignments/child/k1/chore/c1',
    });
  });

  it('refuses a route key that is not in the shared table', () => {
    expect(() => apiPath('GET /api/nope' as never)).toThrow('Unknown API route GET /api/nope');
  });
});

describe('getQueryFn', () => {
  it('answers null for a 401 when asked to', async () => {
    stubFetch(() => json(401, { message: 'Please sign in to continue' }, 'Unauthorized'));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/auth/parent-user'))).resolves.toBeNull();
  });

  it('throws the formatted ApiError for a 401 by default', async () => {
    stubFetch(() => json(401, { message: 'Please sign in to continue' }, 'Unauthorized'));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/dashboard'))).rejects.toThrow(
      '401: {"message":"Please sign in to continue"}',
    );
  });

  it('GETs the query key path with cookies and parses the JSON', async () => {
    const fetchMock = stubFetch(() => json(200, { displayName: 'Emma' }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/auth/child-user'))).resolves.toEqual({ displayName: 'Emma' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/child-user');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });
});
