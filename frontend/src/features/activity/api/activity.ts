/**
 * The activity page's calls (issue 19): the family's log, page by page, and reversing an entry.
 * Query keys are API paths, as in api/family.ts.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPageDto, LedgerEntryDto } from '../../../../../shared/api-types';
import { api, route } from '../../../lib/api';
import { useFamilyMutation } from '../../../api/family';
import { ledgerKeys } from '../../../api/ledger';

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

export const useReversal = () =>
  useFamilyMutation(({ childId, entryId, reason }: { childId: string; entryId: string; reason?: string }) =>
    api<LedgerEntryDto>(route('POST /api/children/{id}/adjustments/{entryId}/reversal', { id: childId, entryId }), reason ? { reason } : undefined),
  );
