/**
 * The sign-in hint: a cookie set and cleared together with the HttpOnly session cookie, holding
 * only the role (`parent`, `child`, or `board`: a family board, issue 32) and readable by the page and by the edge. It tells the app
 * which one user endpoint to ask (no request at all when nobody is signed in, so the landing page
 * starts without a round trip and without a 401), and tells the edge whether `/` is the
 * prerendered landing page or the app shell. It grants nothing: every API call is still decided by
 * the session cookie alone (docs/decisions/021-sign-in-hint-cookie.md).
 */
export type SignedInRole = 'parent' | 'child' | 'board';

/** `__Host-` where the browser allows it (https), a plain name on local http; like the session cookie. */
export const roleHintCookieName = (secure: boolean): string => (secure ? '__Host-cq_role' : 'cq_role');
export const ROLE_HINT_COOKIE_NAMES = [roleHintCookieName(true), roleHintCookieName(false)] as const;

/** The role named by a `document.cookie` string, or null when there is no (valid) hint. */
export function roleFromCookieHeader(cookieHeader: string): SignedInRole | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if ((ROLE_HINT_COOKIE_NAMES as readonly string[]).includes(name) && (value === 'parent' || value === 'child' || value === 'board')) return value;
  }
  return null;
}
