import { apiPath } from './api';

/**
 * Full page loads: after sign-in, sign-up or sign-out the whole app restarts so no cached data
 * from the previous user survives (spec section 4: the page reloads at /).
 */
export function reloadAt(path: string): void {
  window.location.href = path;
}

/** Signs out through the API, which clears the cookie and redirects to /. */
export function logout(): void {
  reloadAt(apiPath('GET /api/logout'));
}
