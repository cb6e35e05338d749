import { apiPath } from './api';
import { clearOfflineCache } from './offline-cache';

/**
 * Full page loads: after sign-in, sign-up or sign-out the whole app restarts so no cached data
 * from the previous user survives (spec section 4: the page reloads at /), neither in memory nor
 * in the service worker's offline copy of the API answers.
 */
export function reloadAt(path: string): void {
  void clearOfflineCache().finally(() => {
    window.location.href = path;
  });
}

/** Signs out through the API, which clears the cookie and redirects to /. */
export function logout(): void {
  reloadAt(apiPath('GET /api/logout'));
}
