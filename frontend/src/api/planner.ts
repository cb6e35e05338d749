/**
 * The household planner's calls (issue 21): a child's availability calendar, the whole family's
 * pause, and the preview of a week's plan. Changes refresh the family's data as every parent change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyPauseDto, PlanPreviewDto } from '../../../shared/api-types';
import type { Availability, DateRange } from '../../../shared/planning';
import type { IsoDate } from '../../../shared/time';
import { api, apiPath, route } from '../lib/api';
import { refreshFamily, useFamilyMutation } from './family';

export type { FamilyPauseDto, PlanPreviewDto };

export const plannerKeys = {
  familyPause: [apiPath('GET /api/family/pause')] as const,
};

/** PUT /api/children/{id}/availability: the child's away cycles, one-off away days and pause. */
export const useSetAvailability = () =>
  useFamilyMutation(({ id, availability }: { id: string; availability: Availability }) =>
    api<unknown>(route('PUT /api/children/{id}/availability', { id }), availability),
  );

/** The whole family's pause (a vacation); `pause` null when not paused. */
export const useFamilyPause = () => useQuery<FamilyPauseDto>({ queryKey: plannerKeys.familyPause });

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
