/**
 * Links in e-mails: how long each kind of link works (the templates say it, the features store
 * tokens with the same TTL) and absolute URLs on the app's public origin (APP_URL).
 */
import { appEnv } from '../lib/env';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How long a link works, in seconds. The issue fixes reset (one hour) and invitations (seven days). */
export const LINK_LIFETIME_SECONDS = {
  verifyEmail: 7 * DAY,
  passwordReset: HOUR,
  emailChange: DAY,
  invitation: 7 * DAY,
  /**
   * The weekly report's one-click unsubscribe (signed, not stored): long enough for a report read
   * weeks later, bounded because it travels in a URL's query (docs/privacy.md).
   */
  unsubscribe: 60 * DAY,
} as const;

/** "one hour", "24 hours", "7 days": how a lifetime reads in an e-mail. */
export function lifetimeText(seconds: number): string {
  if (seconds === HOUR) return 'one hour';
  if (seconds % DAY === 0 && seconds > DAY) return `${seconds / DAY} days`;
  if (seconds % HOUR === 0) return `${seconds / HOUR} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

export interface LinkParts {
  /** Sent to the server with the page request (and so in CloudFront's access logs). */
  query?: Readonly<Record<string, string>>;
  /**
   * Stays in the browser: the place for secrets a page reads itself (reset and invitation
   * tokens), so they never reach a server log or a Referer header.
   */
  fragment?: Readonly<Record<string, string>>;
}

/** An absolute link to a page of the app, e.g. `appLink('/reset-password', { fragment: { token } })`. */
export function appLink(path: string, parts: LinkParts = {}): string {
  const { appUrl } = appEnv();
  if (!appUrl) throw new Error('APP_URL is not set: this function cannot build links for e-mails');
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`App paths start with one slash: ${path}`);
  const url = new URL(path, appUrl);
  for (const [k, v] of Object.entries(parts.query ?? {})) url.searchParams.set(k, v);
  if (parts.fragment) url.hash = new URLSearchParams(parts.fragment as Record<string, string>).toString();
  return url.toString();
}
