import { hashKey, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChildScreenDto, ChildUserDto, ParentScreenDto, ParentUserDto } from '../../../shared/api-types';
import { roleFromCookieHeader, ROLE_HINT_COOKIE_NAMES, type SignedInRole } from '../../../shared/role-hint';
import { CHILD_SCREEN_PATH, PARENT_SCREEN_PATH, SCREEN_HEADER, START_DATA_GLOBAL, WHOLE_SCREEN } from '../../../shared/start-data';
import { PATHS } from '../config/paths';
import { apiPath, getQueryFn } from '../lib/api';
import { lastOfflineAnswer } from '../lib/offline-cache';
import { accountKeys } from './account';

// The session: who is signed in on this device. Read by the route guards and by every feature that
// shows the signed-in user or the family's money format, so it lives beside the API client.

/** GET /api/auth/parent-user (also the answer of parent login, signup and accepting an invitation). */
export type ParentUser = ParentUserDto;

/** GET /api/auth/child-user (also the answer of child login). */
export type ChildUser = ChildUserDto;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'parent'; user: ParentUser }
  | { status: 'child'; user: ChildUser }
  /** Issue 32: this device is the family board. Its one screen call (GET /api/board) is its sign-in check too. */
  | { status: 'board' };

export const parentUserQueryKey = accountKeys.parentUser;
export const childUserQueryKey = [apiPath('GET /api/auth/child-user')] as const;
/** The child dashboard's two reads (api/family.ts `queryKeys`), which the child's sign-in check fills. */
export const childWeekQueryKey = [apiPath('GET /api/child/assignments')] as const;
export const childOngoingQueryKey = [apiPath('GET /api/child/continuous-assignments')] as const;
/** The goal card's savings (features/savings/api/savings.ts `savingsKeys.childMoney`) and the money news' log (api/ledger.ts `ledgerKeys.childActivity`, an infinite query). */
export const childMoneyQueryKey = [apiPath('GET /api/child/money')] as const;
export const childActivityQueryKey = [apiPath('GET /api/child/activity'), 'pages'] as const;
/** The weeks of the children page's charts (api/family.ts `EARNINGS_HISTORY_WEEKS`): the dashboard's answer holds the API's default 12. */
const PARENT_SCREEN_HISTORY_WEEKS = 12;
/**
 * The parent's screens' reads (api/family.ts `queryKeys`, api/ledger.ts `ledgerKeys`), which the
 * parent's sign-in check fills on the dashboard and the children page. Written out here, as the
 * child's, so that the sign-in check brings no feature's API module into the first load.
 */
export const parentScreenQueryKeys = {
  dashboard: [apiPath('GET /api/dashboard')] as const,
  children: [apiPath('GET /api/children')] as const,
  chores: [apiPath('GET /api/chores')] as const,
  approvals: [apiPath('GET /api/family/approvals')] as const,
  earningsHistory: (childId: string) => [apiPath('GET /api/children/{id}/earnings-history', { id: childId }, { weeks: PARENT_SCREEN_HISTORY_WEEKS })] as const,
};
/** The pages whose data the dashboard's one call holds (issue 31). */
const PARENT_SCREEN_PAGES: readonly string[] = [PATHS.home, PATHS.children];
const onParentScreenPage = () => PARENT_SCREEN_PAGES.includes(window.location.pathname);

/** The role the sign-in hint cookie names (shared/role-hint.ts), or null when nobody is signed in on this device. */
export function signedInRoleHint(): SignedInRole | null {
  return typeof document === 'undefined' ? null : roleFromCookieHeader(document.cookie);
}

/** A hint whose session is gone (expired, or signed out elsewhere) is dropped, so the next load starts signed out. */
export function forgetRoleHint(): void {
  for (const name of ROLE_HINT_COOKIE_NAMES) document.cookie = `${name}=; Path=/; Max-Age=0${name.startsWith('__Host-') ? '; Secure' : ''}`;
}

function userQueryFn<T>() {
  const fetchUser = getQueryFn<T>({ on401: 'returnNull' });
  return async (...args: Parameters<typeof fetchUser>) => {
    const user = await fetchUser(...args);
    if (user === null) forgetRoleHint();
    return user;
  };
}

/** GET /api/auth/child-user, the spec's sign-in check of a child. */
const fetchChildUser = userQueryFn<ChildUser>();
/** GET /api/auth/parent-user, the spec's sign-in check of a parent. */
const fetchParentUser = userQueryFn<ParentUser>();

/** The dashboard answer the page's inline script started (shared/start-data.ts), taken once. */
function takeStartedScreen(): Promise<Response | null> | undefined {
  const holder = window as unknown as Record<string, Promise<Response | null> | undefined>;
  const started = holder[START_DATA_GLOBAL];
  delete holder[START_DATA_GLOBAL];
  return started;
}

/**
 * The screen's one answer, as the page started it or asked now; null when it did not answer 200 with
 * JSON. The query's abort signal is read only when asking now (reading it lets React Query cancel
 * the check when nothing shows it; an answer the page started is taken over all the same).
 */
async function screenAnswer<T>(path: string, context: { signal: AbortSignal }): Promise<Partial<T> | null> {
  const res = (await takeStartedScreen()) ?? (await fetch(path, { credentials: 'include', headers: { [SCREEN_HEADER]: WHOLE_SCREEN }, signal: context.signal }).catch(() => null));
  return res?.ok ? ((await res.json().catch(() => null)) as Partial<T> | null) : null;
}

/**
 * Issue 31: a child's sign-in check brings the dashboard with it, in one call (the spec's week call,
 * whose answer holds the user, the ongoing chores, the savings and the log's first page too, CHILD_SCREEN_PATH), started by the page itself when
 * it could (shared/start-data.ts). The week and the ongoing chores go where the dashboard reads them,
 * so it shows at once. When that one call does not answer 200, the spec's own calls take over (the
 * sign-in check here, the week and the ongoing chores by the dashboard), each with its own answer to
 * a failure: the session ended, the chores could not load, Try Again.
 */
async function childScreenUser(queryClient: QueryClient, context: Parameters<typeof fetchChildUser>[0]): Promise<ChildUser | null> {
  const body = await screenAnswer<ChildScreenDto>(CHILD_SCREEN_PATH, context);
  if (!body) {
    // The last screen shown meanwhile goes: the dashboard's own calls say what went wrong.
    forgetLastScreen(queryClient);
    return fetchChildUser(context);
  }
  placeScreen(queryClient, childScreenQueries(body));
  // An answer without the user (an older server) still filled the week; who is signed in is asked as the spec asks.
  return body.user ?? fetchChildUser(context);
}

/**
 * The queries one answer of the child's screen fills, each with the data the spec's own call would
 * have put there: the week, and what the answer holds besides (the user is the caller's to place).
 */
function childScreenQueries(body: Partial<ChildScreenDto>): ScreenQueries {
  const { user: _user, continuous, money, activity, ...week } = body;
  const queries: ScreenQueries = [[childWeekQueryKey, week]];
  if (continuous) queries.push([childOngoingQueryKey, continuous]);
  if (money) queries.push([childMoneyQueryKey, money]);
  // The log's first page, as useInfiniteQuery holds it (its first page asked with no cursor).
  if (activity) queries.push([childActivityQueryKey, { pages: [activity], pageParams: [''] }]);
  return queries;
}

/** Queries and the data one answer of a screen puts there. */
type ScreenQueries = [QueryKey, unknown][];

/**
 * The parent's screens' queries one answer of GET /api/dashboard fills (the spec's answers of the
 * calls it folds): only the parts it holds, since an answer may lack some (an older server's, or a
 * last screen kept from a call that lacked them).
 */
function parentScreenQueries(body: Partial<ParentScreenDto>): ScreenQueries {
  const { user: _user, chores, approvals, earningsHistories, ...dashboard } = body;
  const queries: ScreenQueries = [[parentScreenQueryKeys.dashboard, dashboard]];
  if (dashboard.children) queries.push([parentScreenQueryKeys.children, dashboard.children]);
  if (chores) queries.push([parentScreenQueryKeys.chores, chores]);
  if (approvals) queries.push([parentScreenQueryKeys.approvals, approvals]);
  for (const history of earningsHistories ?? []) {
    if (history.weeks.length === PARENT_SCREEN_HISTORY_WEEKS) queries.push([parentScreenQueryKeys.earningsHistory(history.childId), history]);
  }
  return queries;
}

/** What each role's last screen is: the screen's one call, the sign-in check's query, the queries an answer fills. */
interface LastScreen {
  path: string;
  userKey: QueryKey;
  queries(body: Partial<ChildScreenDto> | Partial<ParentScreenDto>): ScreenQueries;
}
/** A person's roles: a family board (issue 32) keeps no last screen on the device. */
type PersonRole = Exclude<SignedInRole, 'board'>;
const LAST_SCREENS: Record<PersonRole, LastScreen> = {
  child: { path: CHILD_SCREEN_PATH, userKey: childUserQueryKey, queries: childScreenQueries },
  parent: { path: PARENT_SCREEN_PATH, userKey: parentUserQueryKey, queries: parentScreenQueries },
};

/** The queries the last screen filled and no answer has replaced yet, by their hash. */
const lastScreenShown = new Map<string, QueryKey>();

/**
 * Issue 31, repeat visits: while a signed-in user's check (the screen's one call: the child's
 * dashboard, the parent's dashboard or children page) is on its way, the screen shows the last one
 * this device received, as the service worker kept it (lib/offline-cache.ts: the signed-in user's
 * own answers, deleted at every sign-in and sign-out). Only a kept answer that holds the user, and
 * only into queries nothing has filled yet, so a fresh answer is never overwritten. The check's
 * answer then replaces it; when the check fails instead, forgetLastScreen takes it away again.
 */
export async function showLastScreen(queryClient: QueryClient, role: PersonRole): Promise<void> {
  const { path, userKey, queries } = LAST_SCREENS[role];
  const last = await lastOfflineAnswer<Partial<ChildScreenDto> | Partial<ParentScreenDto>>(path);
  if (!last?.user || queryClient.getQueryData(userKey) !== undefined) return;
  const fill = (key: QueryKey, data: unknown) => {
    if (queryClient.getQueryData(key) !== undefined) return;
    queryClient.setQueryData(key, data);
    lastScreenShown.set(hashKey(key), key);
  };
  for (const [key, data] of queries(last)) fill(key, data);
  fill(userKey, last.user);
}

/**
 * The screen's one call answered: its parts replace the last screen's, and what the last screen
 * filled that this answer lacks is taken away (forgetLastScreen), for the screens' own calls to ask.
 */
function placeScreen(queryClient: QueryClient, queries: ScreenQueries): void {
  for (const [key, data] of queries) {
    queryClient.setQueryData(key, data);
    lastScreenShown.delete(hashKey(key));
  }
  forgetLastScreen(queryClient);
}

/**
 * The screen's one call did not answer: what the last screen filled is reset (no data, asked again
 * by the screen if it shows), so a session that ended or data that cannot load read as the spec
 * says, not as yesterday's screen. The sign-in check's own query is left to the check's answer.
 */
function forgetLastScreen(queryClient: QueryClient): void {
  for (const key of lastScreenShown.values()) {
    if (key !== childUserQueryKey && key !== parentUserQueryKey) void queryClient.resetQueries({ queryKey: key, exact: true });
  }
  lastScreenShown.clear();
}

/** Puts each part of the dashboard's answer where the parent's screens read it (the spec's answers of the calls it folds). */
export function seedParentScreen(queryClient: QueryClient, body: Partial<ParentScreenDto>): void {
  placeScreen(queryClient, parentScreenQueries(body));
}

/**
 * Issue 31: on the dashboard and the children page, a parent's sign-in check brings the screen with
 * it, in one call (the spec's dashboard call, whose answer holds the parent, the chores, the waiting
 * ticks and the children's earnings histories too: PARENT_SCREEN_PATH), started by the page itself
 * at `/` (shared/start-data.ts). Its parts go where the screens read them, so they show at once.
 * Only the page's first check: a later one (after an account change) asks parent-user alone. When
 * the one call does not answer 200, or answers without the user, the spec's calls take over (the
 * sign-in check here, the rest by the screens), each with its own answer to a failure.
 */
async function parentScreenUser(queryClient: QueryClient, context: Parameters<typeof fetchParentUser>[0]): Promise<ParentUser | null> {
  // The last screen's user (showLastScreen, filled while an offline check waits) does not count.
  const first = queryClient.getQueryData(parentUserQueryKey) === undefined || lastScreenShown.has(hashKey(parentUserQueryKey));
  if (!first || !onParentScreenPage()) return fetchParentUser(context);
  const body = await screenAnswer<ParentScreenDto>(PARENT_SCREEN_PATH, context);
  if (!body) {
    forgetLastScreen(queryClient);
    return fetchParentUser(context);
  }
  seedParentScreen(queryClient, body);
  return body.user ?? fetchParentUser(context);
}

/**
 * The sign-in state (spec section 4). The user endpoint of the role the hint cookie names is asked
 * (spec: parent-user and child-user; a session is only ever one of them, and the parent one wins);
 * without a hint nobody is signed in and nothing is asked, so the public pages start at once and
 * never log a 401. A 401 means the session ended; a failed check (server down) counts as signed out.
 */
export function useAuth(): AuthState {
  const hint = signedInRoleHint();
  const queryClient = useQueryClient();
  const parent = useQuery<ParentUser | null>({
    queryKey: parentUserQueryKey,
    queryFn: (context) => parentScreenUser(queryClient, context),
    retry: false,
    enabled: hint === 'parent',
  });
  const child = useQuery<ChildUser | null>({
    queryKey: childUserQueryKey,
    queryFn: (context) => childScreenUser(queryClient, context),
    retry: false,
    enabled: hint === 'child',
  });
  // The last screen at once, while the check runs (showLastScreen): a child's dashboard, a parent's dashboard or children page.
  useEffect(() => {
    if (hint === 'child' || (hint === 'parent' && onParentScreenPage())) void showLastScreen(queryClient, hint);
    // Once, as the app starts: the hint does not change without a page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (hint === 'parent') {
    if (parent.data) return { status: 'parent', user: parent.data };
    if (parent.isPending) return { status: 'loading' };
  }
  if (hint === 'child') {
    if (child.data) return { status: 'child', user: child.data };
    if (child.isPending) return { status: 'loading' };
  }
  // The board asks no user endpoint: its screen's call answers 401 once the board is revoked, and the board page then forgets the hint.
  if (hint === 'board') return { status: 'board' };
  return { status: 'signed-out' };
}
