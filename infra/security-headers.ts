/**
 * The one definition of the browser security headers on every answer, pages and API alike.
 * CloudFront's ResponseHeadersPolicy (infra/stacks/chorequest-stack.ts) and the local gateway
 * (infra/local/gateway.ts) both read it, and tests hold each to it.
 */
import { createHash } from 'node:crypto';
import { START_DATA_SCRIPT } from '../shared/start-data';

/** `sha256-…` of the inline start-data script: the CSP allows that script and no other inline one. */
export const START_DATA_SCRIPT_HASH = `sha256-${createHash('sha256').update(START_DATA_SCRIPT).digest('base64')}`;

/** Content-Security-Policy for pages and API answers (the weekly report is HTML from /api). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' https: data:",
  // MUI/emotion inject <style> elements at runtime.
  "style-src 'self' 'unsafe-inline'",
  // The one inline script, which starts a signed-in user's dashboard data with the page (shared/start-data.ts), by its hash.
  `script-src 'self' '${START_DATA_SCRIPT_HASH}'`,
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Powerful features the app never uses are denied, also to anything it might ever embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/** Two years, with subdomains and preload: what hstspreload.org asks for. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;

/** Header name (lower case) → value. */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
} as const;

/**
 * What the local server sends: everything but HSTS. Browsers ignore HSTS over plain http, and a
 * developer who puts an https proxy in front of localhost must not pin every localhost port to
 * https for two years.
 */
export const LOCAL_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'strict-transport-security'),
);
