/**
 * The three sign-in pages rendered to HTML at build time (the `chorequest:prerender` plugin in
 * vite.config.ts loads this module through Vite's SSR loader), so a new visitor sees the form with
 * the first bytes instead of after ~230 KB of JavaScript. Unlike the landing page these pages are
 * the app: the browser hydrates this markup (main.tsx), so it is rendered from the very tree the app
 * renders (providers, routes, page), with the router's location given instead of read.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PrerenderedSignInPath } from '../../shared/prerendered-pages';
import { PRERENDERED_PAGES } from '../src/app/pages';
import { AppProviders } from '../src/app/providers';
import { AppRoutes } from '../src/app/router';

export async function renderSignInPage(path: PrerenderedSignInPath): Promise<string> {
  // Loaded first, as the browser loads it before hydrating: rendered, it does not suspend.
  await PRERENDERED_PAGES[path].preload();
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}
