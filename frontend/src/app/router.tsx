import { Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { PATHS } from '../config/paths';
import { ErrorBoundary } from './error-boundary';
import { FallbackRoute, HomeRoute, ParentRoute } from './guards';
import { PrerenderedPageHandOver } from './prerendered-page-hand-over';
import {
  AccountPage,
  ActivityPage,
  ChildLoginPage,
  ChildMoneyPage,
  ChildrenPage,
  ChoresPage,
  CancelEmailChangePage,
  ConfirmEmailPage,
  FamilyPage,
  ForgotPasswordPage,
  InvitationPage,
  ParentGoalsDialog,
  ParentLoginPage,
  ParentSignupPage,
  PrintCalendarPage,
  ResetPasswordPage,
  VerifyEmailPage,
  WeeklySchedulePage,
} from './pages';

/**
 * A new page starts at its top, as a full page load would. Not the first page: the browser has
 * placed it, and a prerendered page may have been scrolled before the app took it over.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Spec section 2. Declarative routes (`<BrowserRouter>`): the app loads data with React Query, so
 * the data router's loaders are not needed, and leaving them out keeps ~20 KB gzip off the first
 * load. The sign-in pages are reachable in every state, so they do not wait for the sign-in check.
 * Parent pages (/chores, /children, /weekly-schedule, /activity) go inside `<ParentRoute>` from ./guards;
 * /print-calendar/:childId is unguarded.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes inside whichever router holds the location: the browser's, or the build's for a prerendered page (frontend/prerender/sign-in.tsx). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <ErrorBoundary errorPageExtras={<PrerenderedPageHandOver />}>
        <Suspense fallback={<FullPageSpinner />}>
          {/* Inside the boundary: hydrating, React commits the shell first and the page inside a
              Suspense boundary later; the page opens when the page itself has been hydrated. */}
          <PrerenderedPageHandOver />
          <Routes>
            <Route path={PATHS.home} element={<HomeRoute />} />
            <Route path={PATHS.parentLogin} element={<ParentLoginPage />} />
            <Route path={PATHS.parentSignup} element={<ParentSignupPage />} />
            <Route path={PATHS.childLogin} element={<ChildLoginPage />} />
            {/* The pages the account e-mails open: like the sign-in pages, in every state (docs/account-api.md). */}
            <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={PATHS.resetPassword} element={<ResetPasswordPage />} />
            <Route path={PATHS.verifyEmail} element={<VerifyEmailPage />} />
            <Route path={PATHS.confirmEmail} element={<ConfirmEmailPage />} />
            <Route path={PATHS.cancelEmailChange} element={<CancelEmailChangePage />} />
            <Route path={PATHS.invitation} element={<InvitationPage />} />
            <Route path={PATHS.chores} element={<ParentRoute>{(user) => <ChoresPage user={user} />}</ParentRoute>} />
            <Route path={PATHS.children} element={<ParentRoute>{(user) => <ChildrenPage user={user} GoalsDialog={ParentGoalsDialog} />}</ParentRoute>} />
            <Route path={PATHS.weeklySchedule} element={<ParentRoute>{(user) => <WeeklySchedulePage user={user} />}</ParentRoute>} />
            <Route path={PATHS.activity} element={<ParentRoute>{() => <ActivityPage />}</ParentRoute>} />
            {/* Linked from e-mails too: signed out, they ask to sign in first and then open. */}
            <Route path={PATHS.account} element={<ParentRoute signIn>{(user) => <AccountPage user={user} />}</ParentRoute>} />
            <Route path={PATHS.family} element={<ParentRoute signIn>{(user) => <FamilyPage user={user} />}</ParentRoute>} />
            {/* Not guarded on the client (spec section 2); the API still requires the parent. */}
            <Route path={PATHS.printCalendar} element={<PrintCalendarPage />} />
            {/* Issue 22: the child's own money page (the page itself lets only a signed-in child in). */}
            <Route path={PATHS.childMoney} element={<ChildMoneyPage />} />
            <Route path="*" element={<FallbackRoute />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
