import { Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { PATHS } from '../config/paths';
import { ErrorBoundary } from './error-boundary';
import { PrerenderedPageHandOver } from './prerendered-page-hand-over';
import { ChildLoginPage, DataRoutes, ParentLoginPage, ParentSignupPage } from './pages';

/**
 * A new page starts at its top, as a full page load would. Not the first page: the browser has
 * placed it, and a prerendered page may have been scrolled before the app took it over.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Spec section 2. Declarative routes (`<BrowserRouter>`): the app loads data with React Query, so
 * the data router's loaders are not needed, and leaving them out keeps ~20 KB gzip off the first
 * load. The sign-in pages are reachable in every state, so they do not wait for the sign-in check;
 * they are listed here, and every other route in ./data-routes.tsx (parent pages inside
 * `<ParentRoute>` from ./guards; /print-calendar/:childId unguarded).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes inside whichever router holds the location: the browser's, or the build's for a prerendered page (frontend/prerender/sign-in.tsx). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <ErrorBoundary errorPageExtras={<PrerenderedPageHandOver />}>
        <Suspense fallback={<FullPageSpinner />}>
          {/* Inside the boundary: hydrating, React commits the shell first and the page inside a
              Suspense boundary later; the page opens when the page itself has been hydrated. */}
          <PrerenderedPageHandOver />
          <Routes>
            <Route path={PATHS.parentLogin} element={<ParentLoginPage />} />
            <Route path={PATHS.parentSignup} element={<ParentSignupPage />} />
            <Route path={PATHS.childLogin} element={<ChildLoginPage />} />
            {/* Every other route, with the data cache and the sign-in check: its own chunk (./data-routes.tsx). */}
            <Route path="*" element={<DataRoutes />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
