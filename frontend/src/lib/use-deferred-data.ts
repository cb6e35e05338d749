import { useDeferredValue } from 'react';

/**
 * A query's data, rendered in a background (interruptible) render when it arrives: a big screen's
 * first render is split into short tasks instead of blocking a phone's main thread for hundreds of
 * milliseconds (React Query updates arrive through useSyncExternalStore, which renders at once).
 * `waiting` stays true until the deferred render has the data, so no "missing data" state flashes.
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }): { data: T | undefined; waiting: boolean } {
  const data = useDeferredValue(query.data);
  return { data, waiting: query.isPending || (query.data !== undefined && data === undefined) };
}
