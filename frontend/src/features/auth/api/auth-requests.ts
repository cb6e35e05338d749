import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageDto, PasswordResetDto } from '../../../../../shared/api-types';
import type { AcceptInvitationInput, ForgotPasswordInput, ResetPasswordInput } from '../../../../../shared/account-schemas';
import { api } from '../../../lib/api';
import type { ParentUser } from '../../../api/session';

// ---- Pages the account e-mails open (issue 11, docs/account-api.md) ----------------------------

export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: ForgotPasswordInput) => api<MessageDto>('POST /api/auth/forgot-password', body) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordInput) => api<PasswordResetDto>('POST /api/auth/reset-password', body) });

export const useAcceptInvitation = () =>
  useMutation({ mutationFn: (body: AcceptInvitationInput) => api<ParentUser>('POST /api/auth/accept-invitation', body) });

/**
 * A link's token checked as soon as its page opens (confirming an address, previewing an
 * invitation). A query rather than an effect: it runs once per token even when React mounts the
 * page twice, and is never retried or refetched (a confirmation link works once).
 */
export function useLinkCheck<T>(kind: keyof typeof LINK_CHECK_ROUTES, token: string | null) {
  return useQuery<T>({
    queryKey: ['link-check', kind, token],
    queryFn: () => api<T>(LINK_CHECK_ROUTES[kind], { token }),
    enabled: Boolean(token),
    gcTime: Infinity,
  });
}

const LINK_CHECK_ROUTES = {
  'verify-email': 'POST /api/auth/verify-email',
  'confirm-email-change': 'POST /api/auth/confirm-email-change',
  'cancel-email-change': 'POST /api/auth/cancel-email-change',
  invitation: 'POST /api/auth/invitation',
} as const;
