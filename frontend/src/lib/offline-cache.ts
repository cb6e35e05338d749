/**
 * The API answers the service worker keeps for offline use (vite.config.ts `runtimeCaching`,
 * cache `chorequest-api`) belong to the user who is signed in. They are deleted whenever that can
 * change: at sign-in, sign-up and sign-out (lib/navigation.ts reloadAt).
 */
export const OFFLINE_API_CACHE = 'chorequest-api';

export async function clearOfflineCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(OFFLINE_API_CACHE);
  } catch {
    // Storage unavailable (private mode): there is nothing cached to leave behind either.
  }
}
