/**
 * CloudFront Functions (viewer request, cloudfront-js-2.0). Kept as plain source strings so the
 * stack and the tests use exactly the code that runs at the edge (see
 * docs/decisions/001-spa-fallback-and-api-behaviour.md).
 */
import { PRERENDERED_SIGN_IN_PAGES } from '../../shared/prerendered-pages';

/**
 * SPA fallback on the site behaviour only: a path whose last segment has no file extension is a
 * client-side route. `/` for a visitor who is not signed in gets `index.html`, the landing page
 * prerendered at build time (its largest paint needs no JavaScript). The sign-in pages get their own
 * prerendered documents (`/parent-login` → `/parent-login.html`, shared/prerendered-pages.ts), in
 * every state, as the app shows them in every state. Every other route, and `/` for a signed-in user
 * (the `cq_role` hint cookie set beside the session), gets `app.html`, the empty shell, so nobody
 * sees the landing page flash before their dashboard. Files (`/assets/x.js`, `/favicon.ico`) pass
 * through, so a missing asset is an honest error instead of an HTML page served as JavaScript. The
 * local gateway runs this same code (infra/local/static-files.ts).
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    var cookies = request.cookies || {};
    var signedIn = cookies['__Host-cq_role'] || cookies['cq_role'];
    var prerendered = ${JSON.stringify(PRERENDERED_SIGN_IN_PAGES)};
    if (uri === '/' && !signedIn) request.uri = '/index.html';
    else if (prerendered.indexOf(uri) !== -1) request.uri = uri + '.html';
    else request.uri = '/app.html';
  }
  return request;
}`;

/** Runs a CloudFront Function source the way the edge does: a top-level `handler(event)`. */
export function edgeHandler<E, R>(code: string): (event: E) => R {
  return new Function(`${code}\nreturn handler;`)() as (event: E) => R;
}

/**
 * On the /api/* behaviour: CloudFront replaces Host with the API Gateway domain, so the Lambda's
 * Origin check (functions/lib/http.ts compares Origin with x-forwarded-host, else host) would see
 * a foreign host. Pass the viewer's Host on as x-forwarded-host, overwriting anything the client
 * sent in that header.
 */
export const FORWARD_HOST_CODE = `function handler(event) {
  var request = event.request;
  if (request.headers.host) {
    request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  }
  return request;
}`;
