/**
 * The built frontend served the way CloudFront serves it: the same client-route rewrite (the edge
 * function's own code), the same Cache-Control per file (infra/stacks/site-caching.ts), brotli or
 * gzip from the copies the build wrote beside each file (CloudFront compresses on the fly), and
 * ETag revalidation for the files that are revalidated on every load.
 */
import { existsSync, statSync, type Stats } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { edgeHandler, SPA_REWRITE_CODE } from '../stacks/edge-functions';
import { cacheControlFor } from '../stacks/site-caching';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface EdgeRequest {
  uri: string;
  cookies: Record<string, { value: string }>;
}
const rewrite = edgeHandler<{ request: EdgeRequest }, EdgeRequest>(SPA_REWRITE_CODE);

/** The request's cookies in CloudFront Functions' shape (`{ name: { value } }`). */
function edgeCookies(header: string | undefined): EdgeRequest['cookies'] {
  const cookies: EdgeRequest['cookies'] = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = { value: part.slice(eq + 1).trim() };
  }
  return cookies;
}

/** Which precompressed copy to send for an Accept-Encoding header: brotli first, then gzip. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = item.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export interface StaticFile {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  /** The file to stream (a precompressed copy when `content-encoding` is set); absent for 304/404. */
  path?: string;
}

const isFile = (path: string): Stats | null => (existsSync(path) && statSync(path).isFile() ? statSync(path) : null);

/**
 * What to answer for a GET/HEAD of a non-API path. `root` is the build folder, `pathname` the
 * decoded URL path, already checked to stay inside `root`.
 */
export function resolveStaticFile(root: string, pathname: string, requestHeaders: { cookie?: string; 'accept-encoding'?: string; 'if-none-match'?: string }): StaticFile {
  let file = join(root, pathname);
  if (!isFile(file)) {
    if (extname(pathname)) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } };
    const uri = rewrite({ request: { uri: pathname, cookies: edgeCookies(requestHeaders.cookie) } }).uri;
    file = join(root, uri);
    if (!isFile(file)) file = join(root, 'index.html'); // an older build without app.html
  }
  const stats = statSync(file);
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const encoding = pickEncoding(requestHeaders['accept-encoding']);
  const compressed = encoding && isFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`);
  const sent = compressed ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file;
  const etag = `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}${compressed ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cacheControlFor(relative(root, file)),
    vary: 'Accept-Encoding',
    etag,
  };
  if (requestHeaders['if-none-match']?.split(/\s*,\s*/).includes(etag)) return { status: 304, headers };
  if (compressed) headers['content-encoding'] = encoding;
  headers['content-length'] = String((compressed ?? stats).size);
  return { status: 200, headers, path: sent };
}
