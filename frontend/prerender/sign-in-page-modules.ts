import type { PrerenderedSignInPath } from '../../shared/prerendered-pages';

/**
 * The page component module of each prerendered sign-in page, as the build manifest names its
 * chunk (relative to frontend/). The build looks up each page's chunks to preload them
 * (vite.config.ts); the bundle budget measures the heaviest of them (scripts/bundle-size.ts).
 */
export const SIGN_IN_PAGE_MODULES: Record<PrerenderedSignInPath, string> = {
  '/parent-login': 'src/features/auth/components/parent-login-page.tsx',
  '/parent-signup': 'src/features/auth/components/parent-signup-page.tsx',
  '/child-login': 'src/features/auth/components/child-login-page.tsx',
};
