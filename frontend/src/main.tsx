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

/**
 * A sign-in page arrives prerendered (frontend/prerender/): the app takes over its HTML instead of
 * building it again, once the page's code is here (a page that suspended while hydrating would be
 * thrown away). Only the page exactly as it was prerendered: a query (`?email=`) or router state
 * (a notice above the form) changes what it shows, so then it is rendered afresh.
 */
function prerenderedPage() {
  if (!container!.hasAttribute('data-prerendered')) return undefined;
  if (window.location.search || (window.history.state as { usr?: unknown } | null)?.usr) return undefined;
  return PRERENDERED_PAGES[window.location.pathname as keyof typeof PRERENDERED_PAGES];
}

function render() {
  // The prerendered markup, if any, is replaced at the first commit; until then its fields stay read-only.
  container!.removeAttribute('inert');
  container!.removeAttribute('data-prerendered');
  // A transition: the first render yields to the browser every few milliseconds instead of holding
  // a phone's main thread for the whole tree.
  startTransition(() => {
    createRoot(container!).render(app);
  });
}

const page = prerenderedPage();
if (page) {
  page.preload().then(
    // In a transition too: React then hydrates in short slices instead of one long task (a plain
    // hydrateRoot runs at a blocking priority).
    () => startTransition(() => void hydrateRoot(container, app)),
    () => render(),
  );
} else {
  render();
}
