/**
 * The pages prerendered to HTML at build time besides the landing page: the three sign-in pages, a
 * new visitor's first app screen. Each path's document is `<path>.html` in the build
 * (`/parent-login` → `parent-login.html`). One list for the build (frontend/vite.config.ts), the
 * edge rewrite (infra/stacks/edge-functions.ts, also run by the local gateway) and the app, which
 * hydrates these documents instead of rendering them again (frontend/src/app/pages.ts).
 */
export const PRERENDERED_SIGN_IN_PAGES = ['/parent-login', '/parent-signup', '/child-login'] as const;
export type PrerenderedSignInPath = (typeof PRERENDERED_SIGN_IN_PAGES)[number];

/** The build file of a prerendered page, relative to the build folder. */
export const prerenderedFileOf = (path: PrerenderedSignInPath): string => `${path.slice(1)}.html`;
