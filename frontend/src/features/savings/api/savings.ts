/**
 * Issue 22's API for the screens: a child's savings goals, jars and week-by-week money history.
 * Query keys are API paths, as in api/family.ts. A parent's change refreshes the family's data
 * (refreshFamily covers /api/children/{id}/money and the activity log); a child's change refreshes
 * the child's own views (/api/child/…).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChildMoneyDto, EarningsHistoryDto, GoalDto, GoalIcon, GoalInputDto, JarWithdrawalInputDto } from '../../../../../shared/api-types';
import { api, apiPath, route } from '../../../lib/api';
import { EARNINGS_HISTORY_WEEKS, refreshChildViews, useFamilyMutation } from '../../../api/family';

export type { ChildMoneyDto, EarningsHistoryDto, GoalDto, GoalIcon, GoalInputDto, JarWithdrawalInputDto };

/** What a parent may change on a goal (PUT /api/children/{id}/goals/{goalId}). */
export type GoalUpdateDto = Partial<GoalInputDto>;

export const savingsKeys = {
  /** The signed-in child's savings, jars and goals. */
  childMoney: [apiPath('GET /api/child/money')] as const,
  /** The signed-in child's earned / paid / saved / gave per week, the last 12 weeks. */
  childHistory: [apiPath('GET /api/child/earnings-history', undefined, { weeks: EARNINGS_HISTORY_WEEKS })] as const,
  /** A child's savings, jars and goals, as a parent sees them. */
  money: (childId: string) => [apiPath('GET /api/children/{id}/money', { id: childId })] as const,
};

// ---- The child's own ---------------------------------------------------------------------------

export const useChildMoney = () => useQuery<ChildMoneyDto>({ queryKey: savingsKeys.childMoney });
export const useChildHistory = () => useQuery<EarningsHistoryDto>({ queryKey: savingsKeys.childHistory });

/** A child's change: on success both the child's money and chores are refreshed. */
function useChildMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation<TResult, Error, TVars>({ mutationFn: fn, onSuccess: () => refreshChildViews(qc) });
}

/** A child sets a goal of their own (never with a top-up: that is a parent's to give). */
export const useCreateOwnGoal = () => useChildMutation((body: Omit<GoalInputDto, 'topUpPercent'>) => api<GoalDto>('POST /api/child/goals', body));
export const useDeleteOwnGoal = () => useChildMutation((goalId: string) => api(route('DELETE /api/child/goals/{goalId}', { goalId })));

/**
 * The celebration was shown: it never shows again, on any device. The goal list is not refreshed
 * here (the dialog showing the celebration stays until the child closes it); the caller refreshes
 * when it closes.
 */
export const useMarkCelebrated = () =>
  useMutation<GoalDto, Error, string>({ mutationFn: (goalId) => api<GoalDto>(route('POST /api/child/goals/{goalId}/celebrated', { goalId })) });

// ---- A parent's, for a child ----------------------------------------------------------------------

export const useChildMoneyFor = (childId: string) => useQuery<ChildMoneyDto>({ queryKey: savingsKeys.money(childId) });

export const useCreateGoal = () =>
  useFamilyMutation(({ childId, ...body }: GoalInputDto & { childId: string }) => api<GoalDto>(route('POST /api/children/{id}/goals', { id: childId }), body));
export const useUpdateGoal = () =>
  useFamilyMutation(({ childId, goalId, ...body }: GoalUpdateDto & { childId: string; goalId: string }) =>
    api<GoalDto>(route('PUT /api/children/{id}/goals/{goalId}', { id: childId, goalId }), body),
  );
export const useDeleteGoal = () =>
  useFamilyMutation(({ childId, goalId }: { childId: string; goalId: string }) => api(route('DELETE /api/children/{id}/goals/{goalId}', { id: childId, goalId })));
export const useMarkBought = () =>
  useFamilyMutation(({ childId, goalId }: { childId: string; goalId: string }) =>
    api<GoalDto>(route('POST /api/children/{id}/goals/{goalId}/bought', { id: childId, goalId })),
  );
export const useJarWithdrawal = () =>
  useFamilyMutation(({ childId, jar, ...body }: JarWithdrawalInputDto & { childId: string; jar: 'spend' | 'give' }) =>
    api<unknown>(route('POST /api/children/{id}/jars/{jar}/withdrawal', { id: childId, jar }), body),
  );
