import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { PATHS } from '../config/paths';
import { clearOfflineCache } from '../lib/offline-cache';
import { signedInRoleHint, useAuth, type ParentUser } from '../api/session';
import { BoardPage, ChildDashboardPage, GoalCard, LandingPage, NotFoundPage, ParentDashboardPage, warmUpDashboard } from './data-pages';

/**
 * Route guards for spec section 2. The sign-in state picks what `/` shows; a signed-in child only
 * ever reaches `/` (so does a family board, issue 32); paths nobody may see in the current state are a 404 (or `/` for a child).
 */
export function HomeRoute() {
  const auth = useAuth();
  // While the sign-in check runs, the dashboard's code is fetched alongside it (the hint cookie says
  // whose), instead of one round trip after another. The check brings the dashboard's data itself,
  // a child's and (issue 31) a parent's (api/session.ts).
  useEffect(() => {
    const role = signedInRoleHint();
    if (!role) {
      // Signed out: nobody's offline copy of API answers stays on this device. Also catches an
      // answer the service worker kept after Log Out had cleared the cache (lib/offline-cache.ts).
      void clearOfflineCache();
      return;
    }
    warmUpDashboard(role);
  }, []);
  switch (auth.status) {
    case 'loading':
      return <FullPageSpinner />;
    case 'parent':
      return <ParentDashboardPage user={auth.user} />;
    case 'child':
      return <ChildDashboardPage user={auth.user} goalCard={<GoalCard />} />;
    case 'board':
      return <BoardPage />;
    case 'signed-out':
      return <LandingPage />;
  }
}

/**
 * For the parent-only pages (/chores, /children, /weekly-schedule, /account, /family). Signed out,
 * the spec's pages are a 404; a page with `signIn` (one that e-mails link to) opens the parent
 * login instead, which comes back to it after signing in.
 */
export function ParentRoute({ children, signIn = false }: { children: (user: ParentUser) => ReactNode; signIn?: boolean }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  switch (auth.status) {
    case 'loading':
      return <FullPageSpinner />;
    case 'parent':
      return <>{children(auth.user)}</>;
    case 'child':
    case 'board':
      return <Navigate to={PATHS.home} replace />;
    case 'signed-out':
      return signIn ? <Navigate to={`${PATHS.parentLogin}?${new URLSearchParams({ next: pathname })}`} replace /> : <NotFoundPage />;
  }
}

/** Any path the table does not list: a child goes back to its dashboard, everyone else sees the 404 page. */
export function FallbackRoute() {
  const auth = useAuth();
  switch (auth.status) {
    case 'loading':
      return <FullPageSpinner />;
    case 'child':
    case 'board':
      return <Navigate to={PATHS.home} replace />;
    default:
      return <NotFoundPage />;
  }
}
