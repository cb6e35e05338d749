/**
 * The account the whole app reads (issue 11, docs/account-api.md): the signed-in parent's account,
 * its keys and refresh, and the banner's "send the link again". The account pages' own calls (the
 * family's members, time zone, money, export and deletion) are features/account/api/account.ts.
 * Query keys are the API paths, as in ./family.
 * Every answer that is the new state of the account (`AccountDto`) replaces the cached one, so a
 * settings card shows what the server saved without a second request.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AccountDto,
  FamilyMembersDto,
  FamilySettingsDto,
  InvitationDto,
  MessageDto,
  ParentUserDto,
} from '../../../shared/api-types';
import { api, ApiError, apiPath } from '../lib/api';

export type { AccountDto, FamilyMembersDto, FamilySettingsDto, InvitationDto, ParentUserDto };

export const accountKeys = {
  /** The sign-in check's answer (features/auth asks it; the shell's banner reads it). */
  parentUser: [apiPath('GET /api/auth/parent-user')] as const,
  account: [apiPath('GET /api/account')] as const,
  members: [apiPath('GET /api/family/members')] as const,
};

// ---- Queries -----------------------------------------------------------------------------------

export const useAccount = () => useQuery<AccountDto>({ queryKey: accountKeys.account });

/**
 * The signed-in parent as the sign-in check loaded it. Parent pages render only once that check
 * answered, so this reads the cache and never asks the server itself.
 */
export function useSignedInParent(): ParentUserDto | undefined {
  return useQuery<ParentUserDto | null>({ queryKey: accountKeys.parentUser, enabled: false }).data ?? undefined;
}

// ---- Refresh after changes ---------------------------------------------------------------------

/** The account changed (names, address state, settings): the cached account and the sign-in answer follow. */
export function accountChanged(qc: QueryClient, account?: AccountDto): Promise<void> {
  if (account) qc.setQueryData(accountKeys.account, account);
  return Promise.all([
    qc.invalidateQueries({ queryKey: accountKeys.parentUser }),
    qc.invalidateQueries({ queryKey: accountKeys.members }),
    ...(account ? [] : [qc.invalidateQueries({ queryKey: accountKeys.account })]),
  ]).then(() => undefined);
}

/** After a change of the family's address state that this browser did not see (a link confirmed in another tab). */
export function refreshAccount(qc: QueryClient): Promise<void> {
  return accountChanged(qc);
}

/**
 * "Send the link again". A 409 means the address was confirmed meanwhile (in another tab): the
 * screens then refresh, and the banner goes away.
 */
export function useResendVerification() {
  const qc = useQueryClient();
  return useMutation<MessageDto, Error, void>({
    mutationFn: () => api<MessageDto>('POST /api/account/verification-email'),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refreshAccount(qc);
    },
  });
}

