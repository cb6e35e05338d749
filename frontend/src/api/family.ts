/**
 * The family API several screens read or change (the dashboard, children and chores; the shared
 * chore, child, sign-in and scheduler dialogs); a call one feature alone makes lives in that
 * feature's api/. React Query hooks whose query keys are the API paths (the
 * default query function GETs `queryKey[0]`). After any successful change the family's data is
 * refreshed (spec section 7: cached data never goes stale on its own).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AssignmentDto,
  CalendarDto,
  ChildAssignmentsDto,
  ChildContinuousDto,
  ChildDto,
  ChoreDto,
  DashboardDto,
  EarningsHistoryDto,
  GenerateResultDto,
  ChildProfileDto,
} from '../../../shared/api-types';
import type { Rhythm, WhoDoesIt } from '../../../shared/planning';
import type { Weekday } from '../../../shared/time';
import { api, apiPath, route } from '../lib/api';

export type { AssignmentDto, CalendarDto, ChildAssignmentsDto, ChildContinuousDto, ChildDto, ChoreDto, DashboardDto, EarningsHistoryDto, GenerateResultDto };

/** Weeks of earnings the children page charts (issue 12). */
export const EARNINGS_HISTORY_WEEKS = 12;

/** What a child profile answer holds (create/update/chore settings). */
export type ChildProfile = ChildProfileDto;

export interface ChoreBody {
  name: string;
  description?: string;
  category: 'daily' | 'weekly' | 'continuous';
  /** 2-decimal string, e.g. "2.50" */
  amount: string;
  difficultyLevel: number;
  /** Issue 19: a child's tick waits for a parent's OK; absent on create = the family's default. */
  needsApproval?: boolean;
  /** Issue 21: how often (absent: the category decides; null clears it on update). */
  rhythm?: Rhythm | null;
  /** Issue 21: who does it (absent: one child at a time, balanced; null clears it on update). */
  who?: WhoDoesIt | null;
}

export interface ChildBody {
  displayName: string;
  age?: number;
  profileImageUrl?: string;
  maxDifficultyLevel?: number;
}

export type PayoutMethod = 'cash' | 'bank' | 'other';

/** Reset Earnings' optional body (shared/schemas.ts payoutSchema): every field optional. */
export interface PayoutBody {
  /** 2-decimal string; absent = all that is owed. */
  amount?: string;
  method?: PayoutMethod;
  note?: string;
}

/** What Reset Earnings answers. */
export interface PayoutResultDto {
  id: string;
  payout: { amount: string; paidAt: string; paidBy?: string; part?: boolean; method?: PayoutMethod; note?: string };
  owed?: string;
}

export interface AssignmentBody {
  childId: string;
  choreId: string;
  weekStart: string;
  assignedDate: string;
  dayOfWeek: Weekday;
}

export const queryKeys = {
  dashboard: [apiPath('GET /api/dashboard')] as const,
  children: [apiPath('GET /api/children')] as const,
  chores: [apiPath('GET /api/chores')] as const,
  calendar: (childId: string, weekStart?: string, planned = false) =>
    [apiPath('GET /api/children/{id}/calendar', { id: childId }, weekStart ? { weekStart, ...(planned ? { plan: '1' } : {}) } : undefined)] as const,
  childAssignments: (weekStart?: string) => [apiPath('GET /api/child/assignments', undefined, weekStart ? { weekStart } : undefined)] as const,
  childContinuous: [apiPath('GET /api/child/continuous-assignments')] as const,
  earningsHistory: (childId: string) => [apiPath('GET /api/children/{id}/earnings-history', { id: childId }, { weeks: EARNINGS_HISTORY_WEEKS })] as const,
};

// ---- Queries -----------------------------------------------------------------------------------

export const useDashboard = () => useQuery<DashboardDto>({ queryKey: queryKeys.dashboard });
export const useChildren = () => useQuery<ChildDto[]>({ queryKey: queryKeys.children });
export const useChores = () => useQuery<ChoreDto[]>({ queryKey: queryKeys.chores });

// ---- Refresh after changes ---------------------------------------------------------------------

/** Refreshes everything a parent's screens show. */
export function refreshFamily(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return (
        typeof key === 'string' &&
        (key.startsWith('/api/dashboard') ||
          key.startsWith('/api/children') ||
          key.startsWith('/api/chores') ||
          // Issue 19: the activity log and the ticks waiting for an OK follow every change of money or ticks.
          key.startsWith('/api/family/activity') ||
          key.startsWith('/api/family/approvals'))
      );
    },
  });
}

/** Refreshes both of a child's lists (spec: on success both child lists refresh). */
export function refreshChildViews(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/child/'),
  });
}

/** A parent's change: on success everything the parent's screens show is refreshed. */
export function useFamilyMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation<TResult, Error, TVars>({ mutationFn: fn, onSuccess: () => refreshFamily(qc) });
}

// ---- Mutations (parent) ------------------------------------------------------------------------

export const useCreateChore = () => useFamilyMutation((body: ChoreBody) => api<ChoreDto>('POST /api/chores', body));
export const useUpdateChore = () =>
  useFamilyMutation(({ id, ...body }: ChoreBody & { id: string }) => api<ChoreDto>(route('PUT /api/chores/{id}', { id }), body));

export const useCreateChild = () => useFamilyMutation((body: ChildBody) => api<ChildProfile>('POST /api/children', body));
export const useUpdateChild = () =>
  useFamilyMutation(({ id, ...body }: ChildBody & { id: string }) => api<ChildProfile>(route('PUT /api/children/{id}', { id }), body));
export const useSetCredentials = () =>
  useFamilyMutation(({ id, ...body }: { id: string; username: string; password: string }) =>
    api<{ id: string; username: string }>(route('POST /api/children/{id}/credentials', { id }), body),
  );

export const useCreateAssignment = () => useFamilyMutation((body: AssignmentBody) => api<AssignmentDto>('POST /api/assignments', body));

/** Raw calls for multi-step flows (the weekly scheduler's save sequence); refresh once at the end. */
export const familyCalls = {
  createAssignment: (body: AssignmentBody) => api<AssignmentDto>('POST /api/assignments', body),
  clearWeek: (childId: string, weekStart: string) => api(route('DELETE /api/assignments/child/{childId}/week', { childId }), { weekStart }),
  createContinuous: (body: { childId: string; choreId: string; daysOfWeek: Weekday[] }) => api<AssignmentDto>('POST /api/continuous-assignments', body),
  deleteContinuous: (childId: string, choreId: string) =>
    api(route('DELETE /api/continuous-assignments/child/{childId}/chore/{choreId}', { childId, choreId })),
};
export const useCreateContinuous = () => useFamilyMutation(familyCalls.createContinuous);

/** URLs opened in a new tab. */
export const links = {
  weeklyReport: apiPath('GET /api/reports/weekly'),
};
