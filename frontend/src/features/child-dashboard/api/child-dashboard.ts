/**
 * The child dashboard's calls: the child's week, ongoing chores, ticking one, and the child's own log.
 * Query keys are API paths, as in api/family.ts.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityPageDto, AssignmentDto, ChildAssignmentsDto, ChildContinuousDto } from '../../../../../shared/api-types';
import { api, route } from '../../../lib/api';
import { ledgerKeys } from '../../../api/ledger';
import { queryKeys, refreshChildViews } from '../../../api/family';

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

export const useChildAssignments = (weekStart?: string) => useQuery<ChildAssignmentsDto>({ queryKey: queryKeys.childAssignments(weekStart) });

export const useChildContinuous = () => useQuery<ChildContinuousDto>({ queryKey: queryKeys.childContinuous });

// ---- Mutations (child) -------------------------------------------------------------------------

export function useChildComplete() {
  const qc = useQueryClient();
  return useMutation<AssignmentDto, Error, { assignmentId: string; completed: boolean }>({
    mutationFn: (body) => api<AssignmentDto>('POST /api/child/complete-assignment', body),
    onSuccess: () => refreshChildViews(qc),
  });
}
