/**
 * The one API client (spec sections 7 and 8). Every call sends the session cookie, sends a JSON
 * body only when there is one, and turns any non-OK answer into an `ApiError` whose message is
 * `${status}: ${body text or status text}`. Paths come from the shared route table, so a route
 * that does not exist there fails `tsc`.
 */
import type { QueryFunction } from '@tanstack/react-query';
import { fillPath } from '../../../shared/route-path';
import { ROUTES, type RouteKey } from '../../../shared/routes';

export type { RouteKey };
export type HttpMethod = RouteKey extends `${infer M} ${string}` ? M : never;

type PathOf<K extends RouteKey> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** The `{name}` parameters a route's path needs, e.g. `{ id: string }`. */
export type PathParams<K extends RouteKey> = { [N in ParamNames<PathOf<K>>]: string };
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

type PathArgs<K extends RouteKey> = [ParamNames<PathOf<K>>] extends [never]
  ? [params?: Record<string, never>, query?: QueryParams]
  : [params: PathParams<K>, query?: QueryParams];

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The raw response body (often `{"message": "..."}`), '' when empty. */
    readonly body: string,
  ) {
    super(formatApiErrorMessage(status, statusText, body));
  }
}

/** Spec section 8: the status code, a colon and space, then the body text or the status text. */
export function formatApiErrorMessage(status: number, statusText: string, body: string): string {
  return `${status}: ${body || statusText}`;
}

/** The server's `message` from a JSON error body, or undefined when there is none. */
export function extractServerMessage(bodyText: string): string | undefined {
  if (!bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): there is no server message to show.
  }
  return undefined;
}

/**
 * The server's reason when it refused a change that conflicts with the current state (409, e.g. an
 * untick of a paid-out chore); undefined for any other failure, which keeps its own text.
 */
export function conflictMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409 ? extractServerMessage(error.body) : undefined;
}

/** What a toast shows for a failed call: the server's `message` when it sent one, else `fallback`. */
export function errorMessageFor(error: unknown, fallback: string): string {
  return (error instanceof ApiError && extractServerMessage(error.body)) || fallback;
}

let knownKeys: ReadonlySet<string> | undefined;

/**
 * Outside production builds (development and tests), a key that is not a row of the shared table
 * throws. The types already refuse one; this catches a cast. The production build leaves the check
 * out, and the route table with it (issue 31: 2 KB gzip of every first load).
 */
function checkKnown(key: string): void {
  knownKeys ??= new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
  if (!knownKeys.has(key)) throw new Error(`Unknown API route ${key}`);
}

function splitKey(key: RouteKey): { method: HttpMethod; path: string } {
  if (!import.meta.env.PROD) checkKnown(key);
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

function withQuery(path: string, query?: QueryParams): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The browser path of a route in the shared table:
 * `apiPath('GET /api/auth/parent-user')`, `apiPath('PUT /api/chores/{id}', { id })`,
 * `apiPath('GET /api/children/{id}/calendar', { id }, { weekStart })`.
 */
export function apiPath<K extends RouteKey>(key: K, ...[params, query]: PathArgs<K>): string {
  return withQuery(fillPath(splitKey(key).path, params as Record<string, string> | undefined), query);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let body = '';
  try {
    body = await res.text();
  } catch {
    // A body that cannot be read leaves the status text to describe the failure.
  }
  throw new ApiError(res.status, res.statusText, body);
}

/** The low-level call: sends cookies, JSON only when `body` is given, throws `ApiError` when not OK. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A route of the shared table with its path filled in; build it with `route(...)`. */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly url: string;
}

/** Route keys whose path has no `{param}`: these can be passed to `api` as they are. */
export type PlainRouteKey = {
  [K in RouteKey]: [ParamNames<PathOf<K>>] extends [never] ? K : never;
}[RouteKey];

/** `route('PUT /api/chores/{id}', { id })`: the method and filled path of a route, for `api`. */
export function route<K extends RouteKey>(key: K, ...[params, query]: PathArgs<K>): ApiRoute {
  const { method, path } = splitKey(key);
  return { method, url: withQuery(fillPath(path, params as Record<string, string> | undefined), query) };
}

/**
 * Calls a route of the shared table and parses its JSON answer (undefined when empty):
 * `api<ParentUser>('POST /api/auth/parent-login', { email, password })`,
 * `api(route('DELETE /api/chores/{id}', { id }))`.
 */
export async function api<T = unknown>(target: PlainRouteKey | ApiRoute, body?: unknown): Promise<T> {
  const { method, url } = typeof target === 'string' ? route(target as PlainRouteKey) : target;
  return readJson<T>(await apiRequest(method, url, body));
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read helper (spec section 7): a GET to the path in `queryKey[0]` (build it with
 * `apiPath`), parsed as JSON. A 401 throws unless `on401: 'returnNull'`, which answers null.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [path] = queryKey;
    if (typeof path !== 'string' || !path.startsWith('/api/')) {
      throw new Error(`The first query key element must be an API path, got ${String(path)}`);
    }
    const res = await fetch(path, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return readJson<T>(res);
  };
}
