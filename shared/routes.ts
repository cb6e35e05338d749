/**
 * The one route table (spec section 7). The CDK stack makes one HttpApi route per row, the local
 * gateway matches the same rows, every domain Lambda dispatches on `event.routeKey` through a map
 * typed from these rows, and the frontend API client builds its paths from them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, a signed-in parent, a signed-in child, or a family board (issue 32, decision 062). */
export type Access = 'public' | 'parent' | 'child' | 'board';

export const DOMAINS = ['auth', 'children', 'chores', 'assignments', 'dashboard', 'child', 'reports', 'account', 'family', 'export', 'push', 'board'] as const;
export type Domain = (typeof DOMAINS)[number];

export interface RouteDef {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{name}` marks a path parameter. */
  readonly path: `/api/${string}`;
  readonly domain: Domain;
  readonly access: Access;
  /**
   * Authorized by a signed token in the URL's query, not by a session: links in e-mails that mail
   * providers POST to (RFC 8058 one-click unsubscribe). No cross-site check (a provider's POST names
   * no origin) and no body is read (it is `List-Unsubscribe=One-Click`, form-encoded).
   */
  readonly signedLink?: true;
}

export const ROUTES = [
  { method: 'POST', path: '/api/auth/parent-signup', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/parent-login', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/child-login', domain: 'auth', access: 'public' },
  { method: 'GET', path: '/api/auth/parent-user', domain: 'auth', access: 'parent' },
  { method: 'GET', path: '/api/auth/child-user', domain: 'auth', access: 'child' },
  { method: 'GET', path: '/api/logout', domain: 'auth', access: 'public' },
  { method: 'GET', path: '/api/auth/parent-logout', domain: 'auth', access: 'public' },
  // Links from e-mails (issue 11; docs/account-api.md): each takes its token in the JSON body,
  // never in the URL, so no token reaches an access log.
  { method: 'POST', path: '/api/auth/forgot-password', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/reset-password', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/verify-email', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/confirm-email-change', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/cancel-email-change', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/invitation', domain: 'auth', access: 'public' },
  { method: 'POST', path: '/api/auth/accept-invitation', domain: 'auth', access: 'public' },

  { method: 'GET', path: '/api/children', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children', domain: 'children', access: 'parent' },
  { method: 'PUT', path: '/api/children/{id}', domain: 'children', access: 'parent' },
  { method: 'DELETE', path: '/api/children/{id}', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children/{id}/reset-earnings', domain: 'children', access: 'parent' },
  // The money ledger (issue 19): bonuses and deductions, and reversing one.
  { method: 'POST', path: '/api/children/{id}/adjustments', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children/{id}/adjustments/{entryId}/reversal', domain: 'children', access: 'parent' },
  // A parent's OK (issue 19): approve every tick of the child that waits.
  { method: 'POST', path: '/api/children/{id}/approve-all', domain: 'assignments', access: 'parent' },
  { method: 'PUT', path: '/api/children/{id}/chore-settings', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children/{id}/credentials', domain: 'children', access: 'parent' },
  // Issue 21: the child's availability calendar (away cycles, away days, pause); body Availability.
  { method: 'PUT', path: '/api/children/{id}/availability', domain: 'children', access: 'parent' },
  // The spec writes {childId}; API Gateway wants one variable name per path level. `?weekStart=`;
  // issue 29: with `plan=1`, a later week as its Sunday job will hand it out (written nowhere).
  { method: 'GET', path: '/api/children/{id}/calendar', domain: 'children', access: 'parent' },
  // Issue 12: a child's earnings per week, `?weeks=` (1–52, default 12) ending with this week.
  { method: 'GET', path: '/api/children/{id}/earnings-history', domain: 'children', access: 'parent' },
  // Issue 22: savings goals and jars (decision 054). A child reaches their own through /api/child/….
  { method: 'GET', path: '/api/children/{id}/money', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children/{id}/goals', domain: 'children', access: 'parent' },
  { method: 'PUT', path: '/api/children/{id}/goals/{goalId}', domain: 'children', access: 'parent' },
  { method: 'DELETE', path: '/api/children/{id}/goals/{goalId}', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children/{id}/goals/{goalId}/bought', domain: 'children', access: 'parent' },
  { method: 'POST', path: '/api/children/{id}/jars/{jar}/withdrawal', domain: 'children', access: 'parent' },
  // Issue 32: the child's 4-digit PIN for the family board (never answered back).
  { method: 'PUT', path: '/api/children/{id}/pin', domain: 'children', access: 'parent' },
  { method: 'DELETE', path: '/api/children/{id}/pin', domain: 'children', access: 'parent' },

  { method: 'GET', path: '/api/chores', domain: 'chores', access: 'parent' },
  { method: 'POST', path: '/api/chores', domain: 'chores', access: 'parent' },
  { method: 'PUT', path: '/api/chores/{id}', domain: 'chores', access: 'parent' },
  { method: 'DELETE', path: '/api/chores/{id}', domain: 'chores', access: 'parent' },

  // Body `{ seed? }` (issue 21): the seed of a previewed plan applies exactly that plan.
  { method: 'POST', path: '/api/assignments/generate', domain: 'assignments', access: 'parent' },
  // Issue 21: this week's (Reassign) or next week's (Sunday) plan, without writing; body `{ weekStart?, seed? }`.
  { method: 'POST', path: '/api/assignments/preview', domain: 'assignments', access: 'parent' },
  { method: 'POST', path: '/api/assignments', domain: 'assignments', access: 'parent' },
  { method: 'PUT', path: '/api/assignments/{id}/complete', domain: 'assignments', access: 'parent' },
  // A parent's OK (issue 19): approve a waiting tick, or send it back to do (with a note the child sees).
  { method: 'POST', path: '/api/assignments/{id}/approve', domain: 'assignments', access: 'parent' },
  { method: 'POST', path: '/api/assignments/{id}/send-back', domain: 'assignments', access: 'parent' },
  // The ticks waiting for a parent's OK, per child (the dashboard's card).
  { method: 'GET', path: '/api/family/approvals', domain: 'assignments', access: 'parent' },
  { method: 'DELETE', path: '/api/assignments/child/{childId}/week', domain: 'assignments', access: 'parent' },
  { method: 'POST', path: '/api/continuous-assignments', domain: 'assignments', access: 'parent' },
  { method: 'DELETE', path: '/api/continuous-assignments/child/{childId}/chore/{choreId}', domain: 'assignments', access: 'parent' },

  // Issue 31: its answer also holds the parent-user, chores, approvals and children's earnings-history
  // answers (the dashboard and the children page in one call; its `children` are GET /api/children's).
  { method: 'GET', path: '/api/dashboard', domain: 'dashboard', access: 'parent' },

  // Issue 31: its answer also holds the child-user and continuous-assignments answers (the dashboard in one call).
  { method: 'GET', path: '/api/child/assignments', domain: 'child', access: 'child' },
  { method: 'GET', path: '/api/child/continuous-assignments', domain: 'child', access: 'child' },
  { method: 'POST', path: '/api/child/complete-assignment', domain: 'child', access: 'child' },
  // A child's own activity (issue 19): their ticks, bonuses, deductions and payouts.
  { method: 'GET', path: '/api/child/activity', domain: 'child', access: 'child' },
  // Issue 22: the child's own money page, goals and earnings history.
  { method: 'GET', path: '/api/child/money', domain: 'child', access: 'child' },
  { method: 'POST', path: '/api/child/goals', domain: 'child', access: 'child' },
  { method: 'DELETE', path: '/api/child/goals/{goalId}', domain: 'child', access: 'child' },
  { method: 'POST', path: '/api/child/goals/{goalId}/celebrated', domain: 'child', access: 'child' },
  { method: 'GET', path: '/api/child/earnings-history', domain: 'child', access: 'child' },

  { method: 'GET', path: '/api/reports/weekly', domain: 'reports', access: 'parent' },
  // The family's activity log (issue 19), paged; `?child=` for one child, `?cursor=` for older.
  { method: 'GET', path: '/api/family/activity', domain: 'reports', access: 'parent' },

  // The signed-in parent's own account (issue 11).
  { method: 'GET', path: '/api/account', domain: 'account', access: 'parent' },
  { method: 'PUT', path: '/api/account/profile', domain: 'account', access: 'parent' },
  { method: 'PUT', path: '/api/account/password', domain: 'account', access: 'parent' },
  { method: 'POST', path: '/api/account/email-change', domain: 'account', access: 'parent' },
  { method: 'DELETE', path: '/api/account/email-change', domain: 'account', access: 'parent' },
  { method: 'POST', path: '/api/account/verification-email', domain: 'account', access: 'parent' },
  { method: 'PUT', path: '/api/account/weekly-report', domain: 'account', access: 'parent' },
  // The weekly report's one-click unsubscribe (RFC 8058): GET shows a page with a button, POST unsubscribes.
  { method: 'GET', path: '/api/email/unsubscribe', domain: 'account', access: 'public', signedLink: true },
  { method: 'POST', path: '/api/email/unsubscribe', domain: 'account', access: 'public', signedLink: true },

  // The family: its time zone, its parents and invitations, leaving and deleting it (issue 11).
  { method: 'PUT', path: '/api/family/time-zone', domain: 'family', access: 'parent' },
  // Whether new chores need a parent's OK by default (issue 19).
  { method: 'PUT', path: '/api/family/approvals', domain: 'family', access: 'parent' },
  // Issue 22: currency, locale and jars (changing the currency relabels, it does not convert).
  { method: 'GET', path: '/api/family/money', domain: 'family', access: 'parent' },
  { method: 'PUT', path: '/api/family/money', domain: 'family', access: 'parent' },
  // Issue 21: the whole family's pause (vacation).
  { method: 'GET', path: '/api/family/pause', domain: 'family', access: 'parent' },
  { method: 'PUT', path: '/api/family/pause', domain: 'family', access: 'parent' },
  { method: 'DELETE', path: '/api/family/pause', domain: 'family', access: 'parent' },
  { method: 'GET', path: '/api/family/members', domain: 'family', access: 'parent' },
  { method: 'POST', path: '/api/family/invitations', domain: 'family', access: 'parent' },
  { method: 'DELETE', path: '/api/family/invitations/{id}', domain: 'family', access: 'parent' },
  { method: 'DELETE', path: '/api/family/parents/{id}', domain: 'family', access: 'parent' },
  { method: 'POST', path: '/api/family/leave', domain: 'family', access: 'parent' },
  { method: 'DELETE', path: '/api/family', domain: 'family', access: 'parent' },
  // Issue 32: the family's boards ("Family devices"): list, set this device up (the parent's password), revoke.
  { method: 'GET', path: '/api/family/boards', domain: 'family', access: 'parent' },
  { method: 'POST', path: '/api/family/boards', domain: 'family', access: 'parent' },
  { method: 'DELETE', path: '/api/family/boards/{id}', domain: 'family', access: 'parent' },

  // Issue 32, the family board (decision 062): every child's today in one call, a child's PIN
  // sign-in on the board, their ticks, and "Done". Only a board session reaches these.
  { method: 'GET', path: '/api/board', domain: 'board', access: 'board' },
  { method: 'POST', path: '/api/board/sign-in', domain: 'board', access: 'board' },
  { method: 'POST', path: '/api/board/sign-out', domain: 'board', access: 'board' },
  { method: 'POST', path: '/api/board/complete-assignment', domain: 'board', access: 'board' },

  // "Download our data": files built from the family's partition.
  { method: 'GET', path: '/api/family/export', domain: 'export', access: 'parent' },
  { method: 'GET', path: '/api/family/export/completions.csv', domain: 'export', access: 'parent' },
  { method: 'GET', path: '/api/family/export/payouts.csv', domain: 'export', access: 'parent' },
  // Issue 32: reminders by Web Push (docs/decisions/063-web-push-reminders.md). The VAPID public key
  // is public (a browser needs it to subscribe); each signed-in person keeps their own devices.
  { method: 'GET', path: '/api/push/key', domain: 'push', access: 'public' },
  { method: 'GET', path: '/api/push/settings', domain: 'push', access: 'parent' },
  { method: 'PUT', path: '/api/push/settings', domain: 'push', access: 'parent' },
  { method: 'PUT', path: '/api/push/device', domain: 'push', access: 'parent' },
  { method: 'DELETE', path: '/api/push/device', domain: 'push', access: 'parent' },
  { method: 'POST', path: '/api/push/test', domain: 'push', access: 'parent' },
  // A child's reminder: on or off and its local time, set by a parent (body ChildReminderBody).
  { method: 'PUT', path: '/api/children/{id}/reminder', domain: 'push', access: 'parent' },
  { method: 'GET', path: '/api/child/push/settings', domain: 'push', access: 'child' },
  { method: 'PUT', path: '/api/child/push/device', domain: 'push', access: 'child' },
  { method: 'DELETE', path: '/api/child/push/device', domain: 'push', access: 'child' },
  { method: 'POST', path: '/api/child/push/test', domain: 'push', access: 'child' },
] as const satisfies readonly RouteDef[];

export type Route = (typeof ROUTES)[number];
type KeyOfRoute<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
export type RouteKeyOf<D extends Domain> = KeyOfRoute<Extract<Route, { domain: D }>>;
export type RouteKey = KeyOfRoute<Route>;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): RouteKey =>
  `${r.method} ${r.path}` as RouteKey;

export const routesOf = (domain: Domain): readonly RouteDef[] =>
  ROUTES.filter((r) => r.domain === domain);

export const findRouteByKey = (key: string): RouteDef | undefined =>
  ROUTES.find((r) => routeKey(r) === key);

/** Turns an API Gateway path template into a matcher that returns the path parameters. */
export function compilePath(path: string): (actual: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const re = new RegExp(`^${pattern}$`);
  return (actual) => {
    const m = re.exec(actual);
    if (!m) return null;
    const params: Record<string, string> = {};
    try {
      names.forEach((n, i) => {
        params[n] = decodeURIComponent(m[i + 1] ?? '');
      });
    } catch {
      return null; // a malformed %-escape names no resource
    }
    return params;
  };
}

export { fillPath } from './route-path';
