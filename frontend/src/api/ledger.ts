/**
 * Issue 19's API for the screens: the money ledger (bonuses, deductions, reversals), the activity
 * log, and a parent's OK before a child's tick counts. Query keys are API paths, as in ./family; every
 * change refreshes the family's data there (refreshFamily covers the log and the approvals too).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityEventDto, ActivityPageDto, ApprovalsDto, ApprovalSettingsDto, ApproveAllDto, AssignmentDto, LedgerEntryDto } from '../../../shared/api-types';
import { api, apiPath, route } from '../lib/api';
import { useFamilyMutation } from './family';
import { accountKeys } from './account';

export type { ActivityEventDto, ActivityPageDto, ApprovalsDto, ApproveAllDto, LedgerEntryDto };

export type AdjustmentKind = 'bonus' | 'deduction';

export const ledgerKeys = {
  /** The family's log (all children, or one), every page loaded so far. */
  familyActivity: (childId?: string) => [apiPath('GET /api/family/activity', undefined, childId ? { child: childId } : undefined), 'pages'] as const,
  childActivity: [apiPath('GET /api/child/activity'), 'pages'] as const,
  approvals: [apiPath('GET /api/family/approvals')] as const,
};

/** The activity log, newest first, one page (25 events) at a time; `fetchNextPage` loads the older one by cursor. */
export function useFamilyActivity(childId?: string) {
  return useInfiniteQuery({
    queryKey: ledgerKeys.familyActivity(childId),
    queryFn: ({ pageParam }) =>
      api<ActivityPageDto>(route('GET /api/family/activity', {}, { ...(childId ? { child: childId } : {}), ...(pageParam ? { cursor: pageParam } : {}) })),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor,
  });
}

/** The signed-in child's own log (their ticks, bonuses, deductions and payouts), newest first. */
export function useChildActivity(enabled = true) {
  return useInfiniteQuery({
    queryKey: ledgerKeys.childActivity,
    queryFn: ({ pageParam }) => api<ActivityPageDto>(route('GET /api/child/activity', {}, pageParam ? { cursor: pageParam } : undefined)),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor,
    enabled,
  });
}

export const useAdjustment = () =>
  useFamilyMutation(({ childId, ...body }: { childId: string; kind: AdjustmentKind; amount: string; reason: string }) =>
    api<LedgerEntryDto>(route('POST /api/children/{id}/adjustments', { id: childId }), body),
  );

export const useReversal = () =>
  useFamilyMutation(({ childId, entryId, reason }: { childId: string; entryId: string; reason?: string }) =>
    api<LedgerEntryDto>(route('POST /api/children/{id}/adjustments/{entryId}/reversal', { id: childId, entryId }), reason ? { reason } : undefined),
  );

// ---- A parent's OK ----------------------------------------------------------------------------

/** Every tick waiting for a parent's OK, per child. Asked only while the dashboard says something waits. */
export const useApprovals = (enabled: boolean) => useQuery<ApprovalsDto>({ queryKey: ledgerKeys.approvals, enabled });

export const useApprove = () =>
  useFamilyMutation(({ assignmentId, date }: { assignmentId: string; date?: string }) =>
    api<AssignmentDto>(route('POST /api/assignments/{id}/approve', { id: assignmentId }), date ? { date } : undefined),
  );

export const useSendBack = () =>
  useFamilyMutation(({ assignmentId, date, note }: { assignmentId: string; date?: string; note?: string }) =>
    api<AssignmentDto>(route('POST /api/assignments/{id}/send-back', { id: assignmentId }), { ...(date ? { date } : {}), ...(note ? { note } : {}) }),
  );

export const useApproveAll = () => useFamilyMutation((childId: string) => api<ApproveAllDto>(route('POST /api/children/{id}/approve-all', { id: childId })));

/** The Family page: whether new chores need a parent's OK unless the chore dialog says otherwise. */
export function useSetApprovalDefault() {
  const qc = useQueryClient();
  return useMutation<ApprovalSettingsDto, Error, boolean>({
    mutationFn: (approvalByDefault) => api<ApprovalSettingsDto>('PUT /api/family/approvals', { approvalByDefault }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.account }),
  });
}

