import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { PATHS } from '../config/paths';
import { FallbackRoute, HomeRoute, ParentRoute } from './guards';
import {
  AccountPage,
  ActivityPage,
  CancelEmailChangePage,
  ChildMoneyPage,
  ChildrenPage,
  ChoresPage,
  ConfirmEmailPage,
  FamilyPage,
  ForgotPasswordPage,
  InvitationPage,
  ParentGoalsDialog,
  PrintCalendarPage,
  ResetPasswordPage,
  VerifyEmailPage,
  WeeklySchedulePage,
} from './data-pages';
import { createQueryClient } from './query-client';

/**
 * One cache for the whole visit: this module loads once, and the provider below is rendered again
 * only when the app moves between a sign-in page and these routes.
 */
const queryClient = createQueryClient();

/**
 * Every route but the three sign-in pages, with React Query (spec section 7's cache) around them.
 * Its own chunk, loaded by the route table's catch-all (./router.tsx): the sign-in pages are the
 * app's first load and need neither React Query nor the sign-in check (issue 31, 10 KB gzip).
 * `app.html`, the document of every signed-in page, preloads this chunk with the entry
 * (vite.config.ts), so a dashboard waits for no extra round trip.
 */
export function DataRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path={PATHS.home} element={<HomeRoute />} />
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
    </QueryClientProvider>
  );
}
