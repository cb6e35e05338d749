/**
 * The local stand-in for API Gateway + CloudFront: matches `/api/*` requests against the same route
 * table CDK deploys, builds API Gateway HTTP API v2 events, invokes the real domain handlers, and
 * serves the built frontend with an SPA fallback for everything else. Like CloudFront it adds the
 * security headers to every answer, and sets the headers the API trusts (viewer address, viewer
 * host, origin secret) itself, dropping whatever the client sent under those names.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { LambdaHandler } from '../../functions/lib/http';
import { compilePath, ROUTES, routeKey, type Domain } from '../../shared/routes';
import { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } from '../../functions/lib/edge-header-names';
import { LOCAL_SECURITY_HEADERS } from '../security-headers';
import { resolveStaticFile } from './static-files';

const MAX_BODY = 1024 * 1024;

const compiled = ROUTES.map((r) => ({ route: r, match: compilePath(r.path) }));

/** Headers only the edge sets: a client's own copies are dropped before the API sees the request. */
const EDGE_SET = new Set([CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER, 'x-forwarded-host', 'x-forwarded-for']);

export interface GatewayOptions {
  handlers: Record<Domain, LambdaHandler>;
  /** The built frontend (frontend/dist); omitted in API-only runs. */
  staticDir?: string;
  /** Called once per API request with its route key and status (request log). */
  onRequest?: (info: { method: string; path: string; status: number; ms: number }) => void;
  /** The secret CloudFront adds to every API request (functions/lib/edge-headers.ts); added here likewise. */
  originSecret?: string;
  /**
   * Local only: `POST /local/ses-events` with `{ "type": "bounce" | "transient-bounce" | "complaint", "email": … }`
   * runs the SES events handler on that event as SES and SNS would deliver it (infra/local/ses-events.ts).
   */
  sesEvents?: (type: string, email: string) => Promise<unknown>;
}

/**
 * The request target as a URL, or null when it is not an origin-form path (`/…`), e.g. an
 * absolute URL or `*`. Parsed against a fixed origin, so `//host/x` stays a path instead of naming
 * another host.
 */
function requestUrl(target: string | undefined): URL | null {
  if (!target?.startsWith('/')) return null;
  try {
    return new URL(`http://localhost${target}`);
  } catch {
    return null;
  }
}

/** A path's decoded text, or null when its %-escapes are not UTF-8 (`/%E0%A4%A`). */
function decodedPath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/**
 * How long an idle keep-alive connection stays open: longer than a client leaves one idle between
 * requests (Node's default, 5 s, closed sockets a test's API client was about to reuse: "socket hang
 * up"), as CloudFront's and load balancers' 60 s. `server.close()` still closes idle ones at once.
 */
const KEEP_ALIVE_MS = 65_000;

export function createGateway(opts: GatewayOptions): Server {
  const server = createServer((req, res) => {
    const started = performance.now();
    const url = requestUrl(req.url);
    const done = (status: number) =>
      opts.onRequest?.({ method: req.method ?? 'GET', path: url?.pathname ?? String(req.url), status, ms: performance.now() - started });
    const fail = (err: unknown) => {
      console.error(err);
      if (!res.headersSent) sendJson(res, 500, { message: 'Local gateway error' });
      else res.destroy();
      done(500);
    };
    if (!url) {
      done(sendJson(res, 400, { message: 'Bad Request' }));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      handleApi(req, res, url, opts).then(done, fail);
      return;
    }
    if (url.pathname === '/local/ses-events' && opts.sesEvents) {
      handleSesEvent(req, res, opts.sesEvents).then(done, fail);
      return;
    }
    try {
      serveStatic(req, res, url, opts.staticDir);
    } catch (err) {
      fail(err);
    }
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node wants the header timeout above the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

/** The dev-only SES event endpoint (no such path exists in AWS: the stack's SNS topic feeds the handler). */
async function handleSesEvent(req: IncomingMessage, res: ServerResponse, deliver: NonNullable<GatewayOptions['sesEvents']>): Promise<number> {
  if (req.method !== 'POST') return sendJson(res, 405, { message: 'POST { "type": "bounce" | "transient-bounce" | "complaint", "email": "…" }' });
  let input: { type?: unknown; email?: unknown };
  try {
    input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as typeof input;
  } catch {
    return sendJson(res, 400, { message: 'The body must be JSON' });
  }
  if (typeof input?.type !== 'string' || typeof input.email !== 'string') return sendJson(res, 400, { message: 'Give "type" and "email"' });
  try {
    return sendJson(res, 200, await deliver(input.type, input.email));
  } catch (err) {
    return sendJson(res, 400, { message: (err as Error).message });
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw Object.assign(new Error('too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, opts: GatewayOptions): Promise<number> {
  const { handlers } = opts;
  const method = (req.method ?? 'GET').toUpperCase();
  let params: Record<string, string> | null = null;
  const found = compiled.find((c) => c.route.method === method && (params = c.match(url.pathname)) !== null);
  if (!found) {
    // API Gateway answers unknown routes itself, with this body.
    return sendJson(res, 404, { message: 'Not Found' });
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch {
    return sendJson(res, 413, { message: 'Request body is too large' });
  }
  const event = toEvent(req, url, method, routeKey(found.route), params ?? {}, body, opts.originSecret);
  const result = await handlers[found.route.domain](event, {
    awsRequestId: event.requestContext.requestId,
    functionName: `local-${found.route.domain}`,
  });
  return sendResult(res, result);
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  method: string,
  key: string,
  pathParameters: Record<string, string>,
  body: Buffer,
  originSecret: string | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || EDGE_SET.has(name)) continue;
    const joined = Array.isArray(value) ? value.join(name === 'cookie' ? '; ' : ', ') : value;
    if (name === 'cookie') cookies = joined.split(/;\s*/).filter(Boolean);
    else headers[name] = joined;
  }
  // What CloudFront sets on the way to the API, from the connection itself: never from the request.
  headers[CLIENT_ADDRESS_HEADER] = `${req.socket.remoteAddress ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`;
  if (headers.host) headers['x-forwarded-host'] = headers.host;
  if (originSecret) headers[ORIGIN_SECRET_HEADER] = originSecret;
  const query: Record<string, string> = {};
  url.searchParams.forEach((v, k) => {
    query[k] = k in query ? `${query[k]},${v}` : v;
  });
  const now = Date.now();
  const isText = body.length === 0 || /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function sendResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): number {
  const status = result.statusCode ?? 200;
  const headers: Record<string, string | string[]> = { ...LOCAL_SECURITY_HEADERS };
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(body);
  return status;
}

function sendJson(res: ServerResponse, status: number, body: unknown): number {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...LOCAL_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
  return status;
}

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, staticDir: string | undefined): void {
  const path = decodedPath(url);
  if (path === null) {
    sendJson(res, 400, { message: 'Bad Request' });
    return;
  }
  if (!staticDir || !existsSync(staticDir)) {
    res.writeHead(503, { ...LOCAL_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
    res.end('The frontend has not been built. Run `npm run build:web`.');
    return;
  }
  const root = resolve(staticDir);
  const file = normalize(join(root, path));
  if (!file.startsWith(root)) {
    res.writeHead(400, LOCAL_SECURITY_HEADERS).end();
    return;
  }
  const answer = resolveStaticFile(root, path, {
    cookie: req.headers.cookie,
    'accept-encoding': req.headers['accept-encoding'],
    'if-none-match': req.headers['if-none-match'],
  });
  if (answer.status === 404) {
    res.writeHead(404, { ...LOCAL_SECURITY_HEADERS, ...answer.headers }).end('Not found');
    return;
  }
  res.writeHead(answer.status, {
    ...LOCAL_SECURITY_HEADERS,
    ...answer.headers,
  });
  if (req.method === 'HEAD' || !answer.path) {
    res.end();
    return;
  }
  createReadStream(answer.path)
    .on('error', () => res.destroy())
    .pipe(res);
}
