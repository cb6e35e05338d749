/**
 * The account area's API (issue 11, docs/account-api.md): the signed-in parent's account, the
 * family's members, time zone, export and deletion. Query keys are the API paths, as in ./family.
 * Every answer that is the new state of the account (`AccountDto`) replaces the cached one, so a
 * settings card shows what the server saved without a second request.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AccountDto,
  FamilyDeletionDto,
  FamilyMembersDto,
  FamilySettingsDto,
  InvitationDto,
  MessageDto,
  MoneySettingsDto,
  ParentUserDto,
} from '../../../shared/api-types';
import type { ChangePasswordInput, DeleteFamilyInput, EmailChangeInput, InvitationInput, ProfileInput, TimeZoneInput } from '../../../shared/account-schemas';
import { api, ApiError, apiPath, route } from '../lib/api';
import { refreshFamily } from './family';

export type { AccountDto, FamilyMembersDto, FamilySettingsDto, InvitationDto, ParentUserDto };

export const accountKeys = {
  /** The sign-in check's answer (features/auth asks it; the shell's banner reads it). */
  parentUser: [apiPath('GET /api/auth/parent-user')] as const,
  account: [apiPath('GET /api/account')] as const,
  members: [apiPath('GET /api/family/members')] as const,
};

/** "Download our data": plain GETs with the session cookie, opened as downloads. */
export const EXPORT_FILES = [
  { href: apiPath('GET /api/family/export'), label: 'Everything (JSON)', hint: 'The whole family in one file' },
  { href: apiPath('GET /api/family/export/completions.csv'), label: 'Completed chores (CSV)', hint: 'One row per chore done, for a spreadsheet' },
  { href: apiPath('GET /api/family/export/payouts.csv'), label: 'Payouts (CSV)', hint: 'Every Reset Earnings and who made it' },
] as const;

// ---- Queries -----------------------------------------------------------------------------------

export const useAccount = () => useQuery<AccountDto>({ queryKey: accountKeys.account });
export const useFamilyMembers = () => useQuery<FamilyMembersDto>({ queryKey: accountKeys.members });

/**
 * The signed-in parent as the sign-in check loaded it. Parent pages render only once that check
 * answered, so this reads the cache and never asks the server itself.
 */
export function useSignedInParent(): ParentUserDto | undefined {
  return useQuery<ParentUserDto | null>({ queryKey: accountKeys.parentUser, enabled: false }).data ?? undefined;
}

// ---- Refresh after changes ---------------------------------------------------------------------

/** The account changed (names, address state, settings): the cached account and the sign-in answer follow. */
function accountChanged(qc: QueryClient, account?: AccountDto): Promise<void> {
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

function useAccountMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, after: (qc: QueryClient, result: TResult) => Promise<unknown> | void) {
  const qc = useQueryClient();
  return useMutation<TResult, Error, TVars>({ mutationFn: fn, onSuccess: (result) => after(qc, result) });
}

// ---- The parent's own account ------------------------------------------------------------------

export const useUpdateProfile = () =>
  useAccountMutation((body: ProfileInput) => api<AccountDto>('PUT /api/account/profile', body), (qc, account) => accountChanged(qc, account));

export const useChangePassword = () =>
  useAccountMutation((body: ChangePasswordInput) => api<MessageDto>('PUT /api/account/password', body), () => undefined);

export const useStartEmailChange = () =>
  useAccountMutation((body: EmailChangeInput) => api<AccountDto>('POST /api/account/email-change', body), (qc, account) => accountChanged(qc, account));

export const useCancelEmailChange = () =>
  useAccountMutation(() => api<AccountDto>('DELETE /api/account/email-change'), (qc, account) => accountChanged(qc, account));

export const useSetWeeklyReport = () =>
  useAccountMutation((enabled: boolean) => api<AccountDto>('PUT /api/account/weekly-report', { enabled }), (qc, account) => accountChanged(qc, account));

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

// ---- The family --------------------------------------------------------------------------------

/** The family's clock moves with its zone: the account (next run), the sign-in answer and every family screen refresh. */
export const useSetTimeZone = () =>
  useAccountMutation(
    (body: TimeZoneInput) => api<FamilySettingsDto>('PUT /api/family/time-zone', body),
    (qc) => Promise.all([accountChanged(qc), refreshFamily(qc)]),
  );

/**
 * Issue 22: the family's currency, number format and jars. The sign-in answer carries them, so every
 * screen re-renders in the new currency; family screens reload (a yen family's API amounts have no decimals).
 */
export const useSetFamilyMoney = () =>
  useAccountMutation(
    (body: Partial<MoneySettingsDto>) => api<MoneySettingsDto>('PUT /api/family/money', body),
    (qc) => Promise.all([accountChanged(qc), refreshFamily(qc)]),
  );

const membersChanged = (qc: QueryClient) => qc.invalidateQueries({ queryKey: accountKeys.members });

export const useInviteParent = () => useAccountMutation((body: InvitationInput) => api<InvitationDto>('POST /api/family/invitations', body), membersChanged);
export const useRevokeInvitation = () =>
  useAccountMutation((id: string) => api<{ id: string; revoked: true }>(route('DELETE /api/family/invitations/{id}', { id })), membersChanged);
export const useRemoveParent = () =>
  useAccountMutation((id: string) => api<{ id: string; removed: true }>(route('DELETE /api/family/parents/{id}', { id })), membersChanged);

/** Leaving and deleting end this browser's session: the page reloads afterwards, so nothing is refreshed. */
export const useLeaveFamily = () => useMutation<{ left: true }, Error, void>({ mutationFn: () => api<{ left: true }>('POST /api/family/leave') });
export const useDeleteFamily = () =>
  useMutation<FamilyDeletionDto, Error, DeleteFamilyInput>({ mutationFn: (body) => api<FamilyDeletionDto>('DELETE /api/family', body) });
