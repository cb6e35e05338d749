import { createElement, lazy, type ComponentType } from 'react';
import type { PrerenderedSignInPath } from '../../../shared/prerendered-pages';

/**
 * Every page is its own chunk, so the first load carries only the shell and the page shown.
 * Nothing is fetched ahead: the landing page (prerendered, see frontend/prerender/) needs none of
 * it, and a page's chunk is small next to the sign-in pages' form code.
 */
const loadLandingPage = () => import('../features/landing/components/landing-page');
const loadParentLoginPage = () => import('../features/auth/components/parent-login-page');
const loadParentSignupPage = () => import('../features/auth/components/parent-signup-page');
const loadChildLoginPage = () => import('../features/auth/components/child-login-page');
const loadParentDashboardPage = () => import('../features/parent-dashboard/components/parent-dashboard-page');
const loadChildDashboardPage = () => import('../features/child-dashboard/components/child-dashboard-page');
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

/** A lazily loaded page that can also be loaded ahead: once `preload()` has settled, it renders at once, without suspending. */
export interface PreloadablePage {
  (): ReturnType<typeof createElement>;
  preload: () => Promise<void>;
}

/**
 * For the prerendered sign-in pages: the app hydrates their HTML (main.tsx) only after their code
 * is here, because a page that suspended while hydrating would be thrown away and rendered again,
 * losing the focus and what was typed. React.lazy always suspends on its first render, even when
 * its module is loaded, so the loaded component is kept and rendered directly.
 */
function preloadablePage(load: () => Promise<ComponentType>): PreloadablePage {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
    });
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return Object.assign(() => createElement(loaded ?? Lazy), { preload });
}

export const ParentLoginPage = preloadablePage(() => loadParentLoginPage().then((m) => m.ParentLoginPage));
export const ParentSignupPage = preloadablePage(() => loadParentSignupPage().then((m) => m.ParentSignupPage));
export const ChildLoginPage = preloadablePage(() => loadChildLoginPage().then((m) => m.ChildLoginPage));

/** The pages the build prerenders (shared/prerendered-pages.ts), by path: main.tsx loads one before hydrating it. */
export const PRERENDERED_PAGES: Record<PrerenderedSignInPath, PreloadablePage> = {
  '/parent-login': ParentLoginPage,
  '/parent-signup': ParentSignupPage,
  '/child-login': ChildLoginPage,
};
export const ParentDashboardPage = lazy(() => loadParentDashboardPage().then((m) => ({ default: m.ParentDashboardPage })));
export const ChildDashboardPage = lazy(() => loadChildDashboardPage().then((m) => ({ default: m.ChildDashboardPage })));
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
export function warmUpDashboard(role: 'parent' | 'child'): void {
  void (role === 'parent' ? loadParentDashboardPage() : loadChildDashboardPage());
}
