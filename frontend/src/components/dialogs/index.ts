/**
 * The shared dialogs, loaded on demand so their code (and the form libraries) stays out of a page's
 * first load. Render a lazy dialog only while it is open, inside <Suspense>:
 * `{open && <Suspense fallback={null}><LazyChoreDialog open onClose={...} /></Suspense>}`.
 */
import { lazy } from 'react';

export const loadChoreDialog = () => import('./chore-dialog');
export const loadChildDialog = () => import('./child-dialog');
export const loadChoreSettingsDialog = () => import('./chore-settings-dialog');
export const loadCredentialsDialog = () => import('./credentials-dialog');
export const loadConfirmDialog = () => import('./confirm-dialog');
export const loadWeeklySchedulerDialog = () => import('./weekly-scheduler-dialog');
export const loadMoneyDialogs = () => import('./money-dialogs');
export const loadPlanPreviewDialog = () => import('./plan-preview-dialog');

export const LazyChoreDialog = lazy(() => loadChoreDialog().then((m) => ({ default: m.ChoreDialog })));
export const LazyChildDialog = lazy(() => loadChildDialog().then((m) => ({ default: m.ChildDialog })));
export const LazyChoreSettingsDialog = lazy(() => loadChoreSettingsDialog().then((m) => ({ default: m.ChoreSettingsDialog })));
export const LazyCredentialsDialog = lazy(() => loadCredentialsDialog().then((m) => ({ default: m.CredentialsDialog })));
export const LazyConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));
export const LazyWeeklySchedulerDialog = lazy(() => loadWeeklySchedulerDialog().then((m) => ({ default: m.WeeklySchedulerDialog })));
// Issue 19: Reset Earnings' payout, a bonus or deduction, sending a waiting chore back (one chunk).
export const LazyPayoutDialog = lazy(() => loadMoneyDialogs().then((m) => ({ default: m.PayoutDialog })));
export const LazyAdjustmentDialog = lazy(() => loadMoneyDialogs().then((m) => ({ default: m.AdjustmentDialog })));
// Issue 21: the week's plan before Reassign applies it.
export const LazyPlanPreviewDialog = lazy(() => loadPlanPreviewDialog().then((m) => ({ default: m.PlanPreviewDialog })));
export const LazySendBackDialog = lazy(() => loadMoneyDialogs().then((m) => ({ default: m.SendBackDialog })));

export type { ChoreDialogProps } from './chore-dialog';
export type { ChildDialogProps, ChildDialogChild } from './child-dialog';
export type { ChoreSettingsDialogProps } from './chore-settings-dialog';
export type { CredentialsDialogProps } from './credentials-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export type { WeeklySchedulerDialogProps } from './weekly-scheduler-dialog';
export type { PlanPreviewDialogProps } from './plan-preview-dialog';
export type { AdjustmentDialogProps, PayoutDialogProps, SendBackDialogProps } from './money-dialogs';
export * from './labels';
export { CategoryChip } from './category-chip';
