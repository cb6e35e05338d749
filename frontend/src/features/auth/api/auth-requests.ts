import { useMutation } from '@tanstack/react-query';
import type { ChildLoginInput, ParentLoginInput, ParentSignupInput } from '../../../../../shared/schemas';
import { api } from '../../../lib/api';
import type { ChildUser, ParentUser } from './types';

export const useParentLogin = () =>
  useMutation({ mutationFn: (body: ParentLoginInput) => api<ParentUser>('POST /api/auth/parent-login', body) });

export const useParentSignup = () =>
  useMutation({ mutationFn: (body: ParentSignupInput) => api<ParentUser>('POST /api/auth/parent-signup', body) });

export const useChildLogin = () =>
  useMutation({ mutationFn: (body: ChildLoginInput) => api<ChildUser>('POST /api/auth/child-login', body) });
