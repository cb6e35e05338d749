import { useQuery } from '@tanstack/react-query';
import { apiPath, getQueryFn } from '../../../lib/api';
import type { AuthState, ChildUser, ParentUser } from './types';

export const parentUserQueryKey = [apiPath('GET /api/auth/parent-user')] as const;
export const childUserQueryKey = [apiPath('GET /api/auth/child-user')] as const;

/**
 * The sign-in state (spec section 4): both user endpoints are asked at once; a 401 means "not
 * this kind of user". The parent answer takes precedence. A failed check (server down) counts
 * as signed out, so the public pages still work.
 */
export function useAuth(): AuthState {
  const parent = useQuery<ParentUser | null>({
    queryKey: parentUserQueryKey,
    queryFn: getQueryFn<ParentUser>({ on401: 'returnNull' }),
    retry: false,
  });
  const child = useQuery<ChildUser | null>({
    queryKey: childUserQueryKey,
    queryFn: getQueryFn<ChildUser>({ on401: 'returnNull' }),
    retry: false,
  });

  if (parent.data) return { status: 'parent', user: parent.data };
  if (parent.isPending) return { status: 'loading' };
  if (child.data) return { status: 'child', user: child.data };
  if (child.isPending) return { status: 'loading' };
  return { status: 'signed-out' };
}
