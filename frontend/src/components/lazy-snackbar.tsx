import { lazy } from 'react';

/**
 * MUI's Snackbar (with its transition, content and click-away listener), fetched once the app has
 * started rather than with it: the toasts and the "New version available" notice are its only
 * users on the first load, and neither has anything to say before the app runs (issue 31: 3 KB
 * gzip of every sign-in page's first load). Render it inside a `<Suspense fallback={null}>`.
 */
export const loadSnackbar = () => import('@mui/material/Snackbar');
export const LazySnackbar = lazy(loadSnackbar);
