/**
 * The print calendar's call: a child's week.
 * Query keys are API paths, as in api/family.ts.
 */
import { useQuery } from '@tanstack/react-query';
import type { CalendarDto } from '../../../../../shared/api-types';
import { queryKeys } from '../../../api/family';

/** A child's week for the print calendar; `planned` (issue 29): a later week as its Sunday job will hand it out. */
export const useCalendar = (childId: string, weekStart?: string, { planned = false, enabled = true } = {}) =>
  useQuery<CalendarDto>({ queryKey: queryKeys.calendar(childId, weekStart, planned), enabled: enabled && Boolean(childId) });
