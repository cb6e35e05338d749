import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../lib/api';

/**
 * Spec section 7: cached data never goes stale, no refetch on window focus, no polling, no
 * automatic retry. Screens refresh by invalidating queries after a successful change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
