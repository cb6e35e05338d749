/** The dashboard's own dialogs, each loaded on demand (its own chunk); render one only while it is open, inside <Suspense>. */
import { lazy } from 'react';

export const LazyChoreSettingsDialog = lazy(() => import('./chore-settings-dialog').then((m) => ({ default: m.ChoreSettingsDialog })));
// Issue 21: the week's plan before Reassign applies it.
export const LazyPlanPreviewDialog = lazy(() => import('./plan-preview-dialog').then((m) => ({ default: m.PlanPreviewDialog })));
// Issue 19: sending a waiting chore back.
export const LazySendBackDialog = lazy(() => import('./send-back-dialog').then((m) => ({ default: m.SendBackDialog })));
