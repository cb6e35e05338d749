import { createElement, lazy, type ComponentType } from 'react';
import type { PrerenderedSignInPath } from '../../../shared/prerendered-pages';

/**
 * What the app's entry loads lazily: the three sign-in pages and, behind them, every other route
 * (./data-routes.tsx, whose pages are in ./data-pages.ts). Every page is its own chunk, so the
 * first load carries only the shell and the page shown.
 */
const loadParentLoginPage = () => import('../features/auth/components/parent-login-page');
const loadParentSignupPage = () => import('../features/auth/components/parent-signup-page');
const loadChildLoginPage = () => import('../features/auth/components/child-login-page');

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

/** Every route behind the sign-in pages, with the data cache (./data-routes.tsx): not on a sign-in page's first load. */
export const DataRoutes = lazy(() => import('./data-routes').then((m) => ({ default: m.DataRoutes })));
