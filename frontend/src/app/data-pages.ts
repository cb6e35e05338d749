import { lazy } from 'react';

/**
 * The pages behind the sign-in pages (every route of ./data-routes.tsx), each its own chunk. Apart
 * from ./pages.ts, the entry's table, so their table rides with those routes and not on the sign-in
 * pages' first load (issue 31). Nothing is fetched ahead but the signed-in user's dashboard.
 */
const loadLandingPage = () => import('../features/landing/components/landing-page');
const loadParentDashboardPage = () => import('../features/parent-dashboard/components/parent-dashboard-page');
const loadChildDashboardPage = () => import('../features/child-dashboard/components/child-dashboard-page');
// Issue 32: the family board, the signed-in `/` of a board device.
const loadBoardPage = () => import('../features/board/components/board-page');
const loadNotFoundPage = () => import('../features/not-found/components/not-found-page');
const loadChoresPage = () => import('../features/chores/components/chores-page');
const loadChildrenPage = () => import('../features/children/components/children-page');
const loadWeeklySchedulePage = () => import('../features/weekly-schedule/components/weekly-schedule-page');
const loadActivityPage = () => import('../features/activity/components/activity-page');
const loadPrintCalendarPage = () => import('../features/print-calendar/components/print-calendar-page');
// Issue 22: the child's jars, goals and money history.
const loadChildMoneyPage = () => import('../features/savings/components/child-money-page');
// The account area (issue 11): the pages the e-mails open, and the parent's settings.
const loadForgotPasswordPage = () => import('../features/auth/components/forgot-password-page');
const loadResetPasswordPage = () => import('../features/auth/components/reset-password-page');
const loadVerifyEmailPage = () => import('../features/auth/components/verify-email-page');
const loadConfirmEmailPage = () => import('../features/auth/components/confirm-email-page');
const loadCancelEmailChangePage = () => import('../features/auth/components/cancel-email-change-page');
const loadInvitationPage = () => import('../features/auth/components/invitation-page');
const loadAccountPage = () => import('../features/account/components/account-page');
const loadFamilyPage = () => import('../features/account/components/family-page');

// Issue 22: the savings feature's card and dialog that other features' pages show (a feature imports
// no other feature, so the app hands them in), each its own chunk.
export const GoalCard = lazy(() => import('../features/savings/components/goal-card'));
export const ParentGoalsDialog = lazy(() => import('../features/savings/components/parent-goals-dialog').then((m) => ({ default: m.ParentGoalsDialog })));

export const LandingPage = lazy(() => loadLandingPage().then((m) => ({ default: m.LandingPage })));

export const ParentDashboardPage = lazy(() => loadParentDashboardPage().then((m) => ({ default: m.ParentDashboardPage })));
export const ChildDashboardPage = lazy(() => loadChildDashboardPage().then((m) => ({ default: m.ChildDashboardPage })));
export const BoardPage = lazy(() => loadBoardPage().then((m) => ({ default: m.BoardPage })));
export const NotFoundPage = lazy(() => loadNotFoundPage().then((m) => ({ default: m.NotFoundPage })));
export const ChoresPage = lazy(() => loadChoresPage().then((m) => ({ default: m.ChoresPage })));
export const ChildrenPage = lazy(() => loadChildrenPage().then((m) => ({ default: m.ChildrenPage })));
export const WeeklySchedulePage = lazy(() => loadWeeklySchedulePage().then((m) => ({ default: m.WeeklySchedulePage })));
export const ActivityPage = lazy(() => loadActivityPage().then((m) => ({ default: m.ActivityPage })));
export const PrintCalendarPage = lazy(() => loadPrintCalendarPage().then((m) => ({ default: m.PrintCalendarPage })));
export const ChildMoneyPage = lazy(() => loadChildMoneyPage().then((m) => ({ default: m.ChildMoneyPage })));
export const ForgotPasswordPage = lazy(() => loadForgotPasswordPage().then((m) => ({ default: m.ForgotPasswordPage })));
export const ResetPasswordPage = lazy(() => loadResetPasswordPage().then((m) => ({ default: m.ResetPasswordPage })));
export const VerifyEmailPage = lazy(() => loadVerifyEmailPage().then((m) => ({ default: m.VerifyEmailPage })));
export const ConfirmEmailPage = lazy(() => loadConfirmEmailPage().then((m) => ({ default: m.ConfirmEmailPage })));
export const CancelEmailChangePage = lazy(() => loadCancelEmailChangePage().then((m) => ({ default: m.CancelEmailChangePage })));
export const InvitationPage = lazy(() => loadInvitationPage().then((m) => ({ default: m.InvitationPage })));
export const AccountPage = lazy(() => loadAccountPage().then((m) => ({ default: m.AccountPage })));
export const FamilyPage = lazy(() => loadFamilyPage().then((m) => ({ default: m.FamilyPage })));

/** Starts loading the signed-in user's dashboard code (the hint cookie names the role) while the sign-in check runs. */
export function warmUpDashboard(role: 'parent' | 'child' | 'board'): void {
  void (role === 'parent' ? loadParentDashboardPage() : role === 'board' ? loadBoardPage() : loadChildDashboardPage());
}
