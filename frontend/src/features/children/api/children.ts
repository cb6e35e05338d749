/**
 * The children page's calls: deleting a child or an ongoing chore, a child's earnings history,
 * Reset Earnings' payout, a bonus or deduction (issue 19), and a child's availability (issue 21).
 * Query keys are API paths, as in api/family.ts.
 */
import { useQuery } from '@tanstack/react-query';
import type { ChildProfileDto, LedgerEntryDto, EarningsHistoryDto } from '../../../../../shared/api-types';
import { api, route } from '../../../lib/api';
import { useFamilyMutation, queryKeys, familyCalls, type PayoutBody, type PayoutResultDto } from '../../../api/family';
import type { Availability } from '../../../../../shared/planning';

export type AdjustmentKind = 'bonus' | 'deduction';

export const useAdjustment = () =>
  useFamilyMutation(({ childId, ...body }: { childId: string; kind: AdjustmentKind; amount: string; reason: string }) =>
    api<LedgerEntryDto>(route('POST /api/children/{id}/adjustments', { id: childId }), body),
  );

/** PUT /api/children/{id}/availability: the child's away cycles, one-off away days and pause. */
export const useSetAvailability = () =>
  useFamilyMutation(({ id, availability }: { id: string; availability: Availability }) =>
    api<unknown>(route('PUT /api/children/{id}/availability', { id }), availability),
  );

export const useEarningsHistory = (childId: string) => useQuery<EarningsHistoryDto>({ queryKey: queryKeys.earningsHistory(childId) });

export const useDeleteChild = () => useFamilyMutation((id: string) => api(route('DELETE /api/children/{id}', { id })));

/**
 * Reset Earnings (spec). Without `payment` (or with an empty one) it is the spec's call with no body:
 * everything owed is paid and the child starts again from zero. Issue 19: an amount (part of what is
 * owed), how it was paid and a note.
 */
export const useResetEarnings = () =>
  useFamilyMutation(({ id, payment }: { id: string; payment?: PayoutBody }) =>
    api<PayoutResultDto>(route('POST /api/children/{id}/reset-earnings', { id }), payment && Object.keys(payment).length > 0 ? payment : undefined),
  );

export const useDeleteContinuous = () => useFamilyMutation(({ childId, choreId }: { childId: string; choreId: string }) => familyCalls.deleteContinuous(childId, choreId));

/** Issue 32: PUT / DELETE /api/children/{id}/pin, the child's family-board PIN (null removes it). */
export const useSetBoardPin = () =>
  useFamilyMutation(({ id, pin }: { id: string; pin: string | null }) =>
    pin === null ? api<ChildProfileDto>(route('DELETE /api/children/{id}/pin', { id })) : api<ChildProfileDto>(route('PUT /api/children/{id}/pin', { id }), { pin }),
  );
