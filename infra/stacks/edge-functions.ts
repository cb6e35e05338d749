/**
 * CloudFront Functions (viewer request, cloudfront-js-2.0). Kept as plain source strings so the
 * stack and the tests use exactly the code that runs at the edge (see
 * docs/decisions/001-spa-fallback-and-api-behaviour.md).
 */

/**
 * SPA fallback on the site behaviour only: a path whose last segment has no file extension is a
 * client-side route and gets index.html. Files (`/assets/x.js`, `/favicon.ico`) pass through, so a
 * missing asset is an honest error instead of an HTML page served as JavaScript.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

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
