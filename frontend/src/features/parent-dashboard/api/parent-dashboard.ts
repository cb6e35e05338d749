/**
 * The parent dashboard's calls: a parent's OK and sending back (issue 19), ticking for a child, the
 * chore settings, Reassign and its plan preview (issue 21).
 * Query keys are API paths, as in api/family.ts.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApprovalsDto, ApproveAllDto, AssignmentDto, GenerateResultDto, PlanPreviewDto } from '../../../../../shared/api-types';
import { api, route } from '../../../lib/api';
import { useFamilyMutation, type ChildProfile } from '../../../api/family';
import { ledgerKeys } from '../../../api/ledger';
import type { IsoDate } from '../../../../../shared/time';

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

/** POST /api/assignments/preview: the plan this week's Reassign (or, with next week's Sunday, the Sunday job) would give. Writes nothing. */
export const usePlanPreview = () =>
  useMutation<PlanPreviewDto, Error, { weekStart?: IsoDate; seed?: string }>({
    mutationFn: (body) => api<PlanPreviewDto>('POST /api/assignments/preview', body),
  });

/** A fresh seed for "Try another plan" (the API accepts 1–64 of [A-Za-z0-9:_-]). */
export function newSeed(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const useChoreSettings = () =>
  useFamilyMutation(
    ({ id, ...body }: { id: string; dailyChoresCount: number; weeklyChoresCount: number; continuousChoresCount: number }) =>
      api<ChildProfile>(route('PUT /api/children/{id}/chore-settings', { id }), body),
  );

export const useCompleteAssignment = () =>
  useFamilyMutation(({ id, completed }: { id: string; completed: boolean }) =>
    api<AssignmentDto>(route('PUT /api/assignments/{id}/complete', { id }), { completed }),
  );

/** Reassign Weekly Chores: no body (spec), or `{ seed }` to apply exactly a previewed plan (issue 21). */
export const useGenerateWeek = () =>
  useFamilyMutation((seed?: string) => api<GenerateResultDto>('POST /api/assignments/generate', seed ? { seed } : undefined));
