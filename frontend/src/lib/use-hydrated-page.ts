import { useEffect } from 'react';

/**
 * A prerendered page (frontend/prerender/documents.ts) arrives inert, with its fields read-only,
 * until the app has taken it over. Once the page's component has mounted (hydrated, or rendered
 * afresh over the prerendered HTML), it is live: the fields open and the autofocus field gets the
 * focus that React could not give it while the page was inert.
 */
export function useHydratedPage(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    root.removeAttribute('data-prerendered');
    root.removeAttribute('inert');
    for (const field of root.querySelectorAll<HTMLElement>('[data-until-hydrated]')) {
      field.removeAttribute('readonly');
      field.removeAttribute('data-until-hydrated');
    }
    const wanted = root.querySelector<HTMLElement>('[autofocus]');
    if (wanted && !root.contains(document.activeElement)) wanted.focus();
  }, []);
}
