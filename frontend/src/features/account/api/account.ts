/**
 * The account feature's calls (issue 11, docs/account-api.md): the parent's profile, password, address
 * and weekly report; the family's members, time zone, money, pause, approval default, export and
 * deletion. The account query and its keys are shared (api/account.ts).
 * Query keys are API paths, as in api/family.ts.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApprovalSettingsDto, FamilyPauseDto, AccountDto, FamilyDeletionDto, FamilyMembersDto, FamilySettingsDto, InvitationDto, MessageDto, MoneySettingsDto } from '../../../../../shared/api-types';
import { api, apiPath, route } from '../../../lib/api';
import { accountKeys, accountChanged } from '../../../api/account';
import type { DateRange } from '../../../../../shared/planning';
import { refreshFamily } from '../../../api/family';
import type { ChangePasswordInput, DeleteFamilyInput, EmailChangeInput, InvitationInput, ProfileInput, TimeZoneInput } from '../../../../../shared/account-schemas';
import { plannerKeys } from '../../../api/planner';

/** The Family page: whether new chores need a parent's OK unless the chore dialog says otherwise. */
export function useSetApprovalDefault() {
  const qc = useQueryClient();
  return useMutation<ApprovalSettingsDto, Error, boolean>({
    mutationFn: (approvalByDefault) => api<ApprovalSettingsDto>('PUT /api/family/approvals', { approvalByDefault }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.account }),
  });
}

/** Pauses the whole family from `from` until `to` (absent: until resumed). */
export function useSetFamilyPause() {
  const qc = useQueryClient();
  return useMutation<FamilyPauseDto, Error, DateRange>({
    mutationFn: (range) => api<FamilyPauseDto>('PUT /api/family/pause', range),
    onSuccess: async (data) => {
      qc.setQueryData(plannerKeys.familyPause, data);
      await refreshFamily(qc);
    },
  });
}

/** Resumes the whole family. */
export function useResumeFamily() {
  const qc = useQueryClient();
  return useMutation<unknown, Error, void>({
    mutationFn: () => api<unknown>('DELETE /api/family/pause'),
    onSuccess: async () => {
      qc.setQueryData<FamilyPauseDto>(plannerKeys.familyPause, { pause: null });
      await refreshFamily(qc);
    },
  });
}

/** "Download our data": plain GETs with the session cookie, opened as downloads. */
export const EXPORT_FILES = [
  { href: apiPath('GET /api/family/export'), label: 'Everything (JSON)', hint: 'The whole family in one file' },
  { href: apiPath('GET /api/family/export/completions.csv'), label: 'Completed chores (CSV)', hint: 'One row per chore done, for a spreadsheet' },
  { href: apiPath('GET /api/family/export/payouts.csv'), label: 'Payouts (CSV)', hint: 'Every Reset Earnings and who made it' },
] as const;

export const useFamilyMembers = () => useQuery<FamilyMembersDto>({ queryKey: accountKeys.members });

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

