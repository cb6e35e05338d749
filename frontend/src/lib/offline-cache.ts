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

/**
 * The last answer the service worker kept for `path` (a GET of the signed-in child's screen), or
 * undefined: none kept, no Cache Storage, or not JSON. Read by the page itself (issue 31: the last
 * screen shows at once on a repeat visit, api/session.ts).
 */
export async function lastOfflineAnswer<T>(path: string): Promise<T | undefined> {
  if (typeof caches === 'undefined') return undefined;
  try {
    // caches.match with a cache name, not caches.open: opening would create the cache.
    const res = await caches.match(path, { cacheName: OFFLINE_API_CACHE });
    return res ? ((await res.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}
