/**
 * The dialogs several features open (the confirm dialog; a chore, a child, a child's sign-in, the
 * weekly scheduler: the dashboard and the chores or children pages), loaded on demand so their code
 * (and the form libraries) stays out of a page's first load. A dialog only one feature opens lives in
 * that feature (features/<feature>/components/dialogs.ts). Render a lazy dialog only while it is
 * open, inside <Suspense>:
 * `{open && <Suspense fallback={null}><LazyChoreDialog open onClose={...} /></Suspense>}`.
 */
import { lazy } from 'react';

export const loadChoreDialog = () => import('./chore-dialog');
export const loadChildDialog = () => import('./child-dialog');
export const loadCredentialsDialog = () => import('./credentials-dialog');
export const loadConfirmDialog = () => import('./confirm-dialog');
export const loadWeeklySchedulerDialog = () => import('./weekly-scheduler-dialog');

export const LazyChoreDialog = lazy(() => loadChoreDialog().then((m) => ({ default: m.ChoreDialog })));
export const LazyChildDialog = lazy(() => loadChildDialog().then((m) => ({ default: m.ChildDialog })));
export const LazyCredentialsDialog = lazy(() => loadCredentialsDialog().then((m) => ({ default: m.CredentialsDialog })));
export const LazyConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));
export const LazyWeeklySchedulerDialog = lazy(() => loadWeeklySchedulerDialog().then((m) => ({ default: m.WeeklySchedulerDialog })));

export type { ChoreDialogProps } from './chore-dialog';
export type { ChildDialogProps, ChildDialogChild } from './child-dialog';
export type { CredentialsDialogProps } from './credentials-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export type { WeeklySchedulerDialogProps } from './weekly-scheduler-dialog';
export * from './labels';
export { CategoryChip } from './category-chip';
