/**
 * Checks every API request passes before its handler runs (functions/lib/http.ts calls them):
 * cross-site refusal for unsafe methods, JSON-only bodies, well-formed text.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_ERRORS } from '../../shared/messages';
import { BadRequest, Forbidden, UnsupportedMediaType } from './errors';

/**
 * CSRF defence for unsafe methods, in the order of the OWASP CSRF cheat sheet: Fetch Metadata
 * first (every current browser sends `Sec-Fetch-Site`; only `same-origin`, or `none` for a
 * user-typed request, may change anything), then `Origin` (older browsers send it on every
 * non-GET request) compared with the host the request came to, then `Referer`. A request with none
 * of the three is not from a browser page we can vouch for, and is refused. Beside SameSite=Lax cookies.
 */
export function refuseCrossSite(headers: APIGatewayProxyEventV2['headers']): void {
  const h = headers ?? {};
  const site = h['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw new Forbidden(API_ERRORS.forbiddenOrigin);
  }
  // Behind CloudFront, Host is API Gateway's own; the edge function passes the viewer's Host on
  // as x-forwarded-host (overwriting anything the client sent), as does the local gateway.
  const host = h['x-forwarded-host'] ?? h.host;
  const source = h.origin ?? h.referer;
  if (source === undefined || !host || hostOf(source) !== host) throw new Forbidden(API_ERRORS.forbiddenOrigin);
}

function hostOf(url: string): string | null {
  if (url === 'null') return null; // an opaque origin: a sandboxed frame, a data: URL, a file
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** A request body must be declared JSON: a `text/plain` form post (a classic CSRF vector) is refused. */
export function requireJsonBody(headers: APIGatewayProxyEventV2['headers']): void {
  const type = (headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new UnsupportedMediaType(API_ERRORS.jsonOnly);
}

/** A lone UTF-16 surrogate: in a `u` regex, a well-formed pair is one code point and does not match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Refuses text that is not well-formed Unicode anywhere in a parsed body (keys and values), the
 * query string or the path: `"\ud800"` is valid JSON, but stored it breaks every later reader.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function refuseMalformedText(...values: unknown[]): void {
  const stack: unknown[] = [...values];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) throw new BadRequest(API_ERRORS.invalidText);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) throw new BadRequest(API_ERRORS.invalidText);
        stack.push(child);
      }
    }
  }
}
