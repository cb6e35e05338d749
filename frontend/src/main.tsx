import './config/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PRERENDERED_PAGES } from './app/pages';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** The prerendered sign-in page this document holds (frontend/prerender/), if any. */
function prerenderedPage() {
  if (!container!.hasAttribute('data-prerendered')) return undefined;
  return PRERENDERED_PAGES[window.location.pathname as keyof typeof PRERENDERED_PAGES];
}

/**
 * Only the page exactly as it was prerendered is hydrated: a query (`?email=`, `?next=`) or router
 * state (a notice above the form) changes what it shows, so then it is rendered afresh.
 */
const showsAsPrerendered = () => !window.location.search && !(window.history.state as { usr?: unknown } | null)?.usr;

/**
 * A transition: the first render yields to the browser every few milliseconds instead of holding a
 * phone's main thread for the whole tree. Over a prerendered page, its markup stays (inert,
 * read-only) until the first commit replaces it; PrerenderedPageHandOver then opens the page.
 */
function render() {
  startTransition(() => {
    createRoot(container!).render(app);
  });
}

const page = prerenderedPage();
if (page) {
  // The page's code first, whichever way it is shown: a page that suspended would be swapped for
  // the loading spinner (or, hydrating, thrown away and rendered again, losing the focus).
  page.preload().then(
    () =>
      showsAsPrerendered()
        ? // In a transition too: React then hydrates in short slices instead of one long task (a
          // plain hydrateRoot runs at a blocking priority).
          startTransition(() => void hydrateRoot(container, app))
        : render(),
    // The page's code did not load: the app still starts, and its error boundary says so.
    () => render(),
  );
} else {
  render();
}
