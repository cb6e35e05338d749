/**
 * The household planner's shared part (issue 21): the whole family's pause, which the children page
 * and the family page both read. Setting a child's availability (features/children/api), pausing
 * and resuming (features/account/api) and the plan preview (features/parent-dashboard/api) live
 * beside their features; changes refresh the family's data as every parent change.
 */
import { useQuery } from '@tanstack/react-query';
import type { FamilyPauseDto, PlanPreviewDto } from '../../../shared/api-types';
import { apiPath } from '../lib/api';

export type { FamilyPauseDto, PlanPreviewDto };

export const plannerKeys = {
  familyPause: [apiPath('GET /api/family/pause')] as const,
};

/** The whole family's pause (a vacation); `pause` null when not paused. */
export const useFamilyPause = () => useQuery<FamilyPauseDto>({ queryKey: plannerKeys.familyPause });

