import { useEffect, useLayoutEffect } from 'react';

/**
 * A prerendered page (frontend/prerender/documents.ts) arrives inert, with its fields read-only,
 * until the app has taken it over. Rendered first inside the routes' Suspense boundary (router.tsx),
 * so it commits with the page whatever the page turns out to be: the hydrated page, the page
 * rendered afresh (a query or a notice changes what it shows); and on the error boundary's page,
 * whose Reload button must be reachable too. Not above the boundary: hydrating, React commits the
 * shell first and hydrates what is inside a Suspense boundary later, so the page would open (and
 * take keys) before React owned its fields: seen on a slow CPU.
 *
 * - Layout effect: in the commit that puts the page on screen, before the components after it get
 *   theirs, so React's own autofocus (done in that commit) is not refused by an inert tree.
 * - Effect: the autofocus field of a hydrated page, which React does not focus itself, gets the
 *   focus, unless the user has already put it somewhere. A page the user has scrolled while it was
 *   inert stays where it is.
 */
export function PrerenderedPageHandOver(): null {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    root.removeAttribute('data-prerendered');
    root.removeAttribute('inert');
    for (const field of root.querySelectorAll<HTMLElement>('[data-until-hydrated]')) {
      field.removeAttribute('readonly');
      field.removeAttribute('data-until-hydrated');
    }
  }, []);
  useEffect(() => {
    const root = document.getElementById('root');
    const wanted = root?.querySelector<HTMLElement>('[autofocus]');
    if (wanted && !root!.contains(document.activeElement)) wanted.focus({ preventScroll: window.scrollY > 0 });
  }, []);
  return null;
}
