import { useCallback, useState } from 'react';
import type { ChildLoginInput, ParentLoginInput, ParentSignupInput } from '../../../../../shared/account-schemas';
import { api } from '../../../lib/api';
import type { ChildUser, ParentUser } from '../../../api/session';

/**
 * The three sign-in pages' requests (parent login, parent sign-up, child login), without React
 * Query: these pages are the app's first load (issue 31), and each ends in a full page load
 * (`reloadAt`), so they share no cache with anything. What they need of a mutation is its state
 * (pending, succeeded) and a callback either way; the app's other requests keep React Query
 * (./auth-requests.ts), which loads with the routes behind the sign-in check (app/data-routes.tsx).
 */
export interface SignInRequest<TBody, TResult> {
  mutate: (body: TBody, handlers: { onSuccess?: (result: TResult) => void; onError?: (error: unknown) => void }) => void;
  isPending: boolean;
  isSuccess: boolean;
}

function useSignInRequest<TBody, TResult>(call: (body: TBody) => Promise<TResult>): SignInRequest<TBody, TResult> {
  const [state, setState] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const mutate = useCallback<SignInRequest<TBody, TResult>['mutate']>(
    (body, { onSuccess, onError }) => {
      setState('pending');
      call(body).then(
        (result) => {
          setState('success');
          onSuccess?.(result);
        },
        (error: unknown) => {
          setState('error');
          onError?.(error);
        },
      );
    },
    [call],
  );
  return { mutate, isPending: state === 'pending', isSuccess: state === 'success' };
}

const parentLogin = (body: ParentLoginInput) => api<ParentUser>('POST /api/auth/parent-login', body);
const parentSignup = (body: ParentSignupInput) => api<ParentUser>('POST /api/auth/parent-signup', body);
const childLogin = (body: ChildLoginInput) => api<ChildUser>('POST /api/auth/child-login', body);

export const useParentLogin = () => useSignInRequest(parentLogin);
export const useParentSignup = () => useSignInRequest(parentSignup);
export const useChildLogin = () => useSignInRequest(childLogin);
