/**
 * The one HTTP wrapper every domain Lambda goes through: route lookup by `event.routeKey`, access
 * check from the route table, cross-site refusal for unsafe methods, JSON parsing, error mapping.
 * Unknown errors are logged and answered with a generic 500, never echoed.
 */
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { gzipSync } from 'node:zlib';
import type { z } from 'zod';
import { API_ERRORS, FORM_MESSAGES } from '../../shared/messages';
import { findRouteByKey, type Domain, type RouteKeyOf } from '../../shared/routes';
import { firstMessage, MAX_ID_LENGTH } from '../../shared/schemas';
import { requestCounter } from './db';
import { BadRequest, HttpError, NotFound, PayloadTooLarge, Unauthorized } from './errors';
import { requireEdge } from './edge-headers';
import { logger } from './logger';
import { refuseCrossSite, refuseMalformedText, requireJsonBody } from './request-guards';
import { clearedSessionCookie, sessionKey, tokenFromCookies, verifySession, type Session } from './session';
import { isSessionLive } from '../data/family/sessions';

const MAX_BODY_BYTES = 32 * 1024;

export interface RequestContext {
  event: APIGatewayProxyEventV2;
  session: Session | null;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Parsed JSON body, or undefined when the request had none. */
  body: unknown;
  now: Date;
}

export interface HttpResult {
  status?: number;
  /** JSON-serialised unless `html` or `redirect` is used. */
  body?: unknown;
  html?: string;
  /** A download: sent as an attachment with this name and type (see fileResponse). */
  file?: { content: string; contentType: string; filename: string };
  redirect?: string;
  headers?: Record<string, string>;
  cookies?: string[];
}

export type RouteHandler = (ctx: RequestContext) => Promise<HttpResult>;
export type DomainRoutes<D extends Domain> = { [K in RouteKeyOf<D>]: RouteHandler };
export type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context?: Partial<Context>,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Builds a domain's Lambda handler; the map's type makes a missing route a compile error. */
export function createDomainHandler<D extends Domain>(domain: D, routes: DomainRoutes<D>): LambdaHandler {
  const handle = dispatcher(domain, routes as Record<string, RouteHandler>);
  const exposeCount = process.env.EXPOSE_DYNAMO_REQUEST_COUNT === '1';
  return async (event, context) => {
    const counter = { count: 0 };
    const response = await requestCounter.run(counter, () => handle(event, context));
    logger.debug('dynamodb requests', { routeKey: event.routeKey, dynamoRequests: counter.count });
    if (exposeCount) response.headers = { ...response.headers, 'x-dynamodb-requests': String(counter.count) };
    return response;
  };
}

function dispatcher(domain: Domain, table: Record<string, RouteHandler>): LambdaHandler {
  return async (event, context) => {
    if (context?.awsRequestId) logger.addContext(context as Context);
    logger.appendKeys({ routeKey: event.routeKey, requestId: event.requestContext?.requestId });
    try {
      const route = findRouteByKey(event.routeKey);
      const handle = table[event.routeKey];
      if (!route || route.domain !== domain || !handle) throw new NotFound(API_ERRORS.notFound);
      await requireEdge(event.headers);

      // A signed link is authorized by its token, and a mail provider's one-click POST names no origin.
      if (route.method !== 'GET' && !route.signedLink) refuseCrossSite(event.headers);

      const session = await readSession(event);
      if (route.access !== 'public') {
        // The token says who signed in; the session record says whether that sign-in is still live.
        if (session?.role !== route.access) throw new Unauthorized(API_ERRORS.notSignedIn);
        if (!(await isSessionLive(session))) throw new Unauthorized(API_ERRORS.notSignedIn, [clearedSessionCookie()]);
      }
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      refuseOverlongIds(domain, params);
      const query = (event.queryStringParameters ?? {}) as Record<string, string>;
      // A signed link's POST carries `List-Unsubscribe=One-Click` (form-encoded): nothing to read.
      const body = route.signedLink ? undefined : parseBody(event);
      refuseMalformedText(params, query, body);
      const result = await handle({ event, session, params, query, body, now: new Date() });
      return toResponse(result);
    } catch (err) {
      if (err instanceof HttpError) {
        if (err.status >= 500) logger.error('request failed', { status: err.status });
        const cookies = err.cookies.length ? { cookies: err.cookies } : {};
        return { ...json(err.status, { message: err.message }, err.headers), ...cookies };
      }
      logger.error('unhandled error', err as Error);
      return json(500, { message: API_ERRORS.internal });
    } finally {
      logger.removeKeys(['routeKey', 'requestId']);
    }
  };
}

const PARAM_NOT_FOUND: Record<string, string> = { childId: FORM_MESSAGES.childNotFound, choreId: FORM_MESSAGES.choreNotFound };
const ID_NOT_FOUND: Partial<Record<Domain, string>> = {
  children: FORM_MESSAGES.childNotFound,
  chores: FORM_MESSAGES.choreNotFound,
  assignments: FORM_MESSAGES.assignmentNotFound,
};

/**
 * An id in the path longer than any id we issue names nothing: 404 at once, before it reaches a
 * DynamoDB key (whose size limit would otherwise turn it into a 500).
 */
function refuseOverlongIds(domain: Domain, params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value.length > MAX_ID_LENGTH) throw new NotFound(PARAM_NOT_FOUND[name] ?? ID_NOT_FOUND[domain] ?? API_ERRORS.notFound);
  }
}

/** Parses a body with a shared zod schema; the first issue's message becomes the 400's message. */
export function validate<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new BadRequest(firstMessage(result.error));
  return result.data;
}

async function readSession(event: APIGatewayProxyEventV2): Promise<Session | null> {
  const token = tokenFromCookies(event.cookies);
  if (!token) return null;
  return verifySession(token, await sessionKey());
}

function parseBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  requireJsonBody(event.headers);
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new PayloadTooLarge();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest(API_ERRORS.invalidJson);
  }
}

const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...BASE_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

function toResponse(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  const cookies = result.cookies?.length ? { cookies: result.cookies } : {};
  if (result.redirect) {
    return {
      statusCode: result.status ?? 302,
      headers: { ...BASE_HEADERS, location: result.redirect, ...result.headers },
      body: '',
      ...cookies,
    };
  }
  if (result.file) return { ...fileResponse(result.file, result.status ?? 200, result.headers), ...cookies };
  if (result.html !== undefined) {
    return {
      statusCode: result.status ?? 200,
      headers: { ...BASE_HEADERS, 'content-type': 'text/html; charset=utf-8', ...result.headers },
      body: result.html,
      ...cookies,
    };
  }
  return { ...json(result.status ?? 200, result.body ?? {}, result.headers), ...cookies };
}

/**
 * A Lambda answers at most 6 MB. A download larger than FILE_GZIP_FROM is sent gzip-encoded (every
 * browser decodes it before saving; JSON and CSV shrink about ten times), so a family's whole history
 * fits for decades (docs/capacity.md); beyond FILE_MAX_BYTES even compressed, a clear 507.
 */
export const FILE_GZIP_FROM = 1024 * 1024;
export const FILE_MAX_BYTES = 5 * 1024 * 1024;

export function fileResponse(file: NonNullable<HttpResult['file']>, status: number, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  const raw = Buffer.from(file.content, 'utf8');
  const base = {
    ...BASE_HEADERS,
    'content-type': file.contentType,
    // ASCII names only (callers build them so): no filename* needed.
    'content-disposition': `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
    ...headers,
  };
  if (raw.length < FILE_GZIP_FROM) return { statusCode: status, headers: base, body: file.content };
  const packed = gzipSync(raw);
  if (Math.ceil(packed.length / 3) * 4 > FILE_MAX_BYTES) return json(507, { message: API_ERRORS.exportTooLarge });
  return { statusCode: status, headers: { ...base, 'content-encoding': 'gzip', vary: 'accept-encoding' }, body: packed.toString('base64'), isBase64Encoded: true };
}

/** Reads the caller's family-scoped identity; the wrapper has already enforced the route's access. */
export function parentSession(ctx: RequestContext): Extract<Session, { role: 'parent' }> {
  if (ctx.session?.role !== 'parent') throw new Unauthorized(API_ERRORS.notSignedIn);
  return ctx.session;
}
export function childSession(ctx: RequestContext): Extract<Session, { role: 'child' }> {
  if (ctx.session?.role !== 'child') throw new Unauthorized(API_ERRORS.notSignedIn);
  return ctx.session;
}
export function boardSession(ctx: RequestContext): Extract<Session, { role: 'board' }> {
  if (ctx.session?.role !== 'board') throw new Unauthorized(API_ERRORS.notSignedIn);
  return ctx.session;
}

