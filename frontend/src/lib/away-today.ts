/**
 * Whether a child is away today (issue 21), and how the screens say it: the child's own list view
 * ("You're away today (At Dad's): no chores today.") and the parent's dashboard card ("Away today").
 * The away days come from the API (ChildDto / ChildAssignmentsDto.awayDays), labelled by the server.
 */
import type { AwayDayDto } from '../../../shared/api-types';
import type { IsoDate } from '../../../shared/time';

/** The plain label the server gives an away day without one of its own. */
const PLAIN_AWAY = 'Away';

/** Today's away label ("At Dad's", "Paused", "Away"), or null when the child is home today. */
export function awayTodayLabel(awayDays: readonly AwayDayDto[] | undefined, today: IsoDate): string | null {
  return awayDays?.find((d) => d.date === today)?.label ?? null;
}

/** "(At Dad's)" after a sentence, nothing for the plain "Away". */
const labelSuffix = (label: string): string => (label === PLAIN_AWAY || label.trim() === '' ? '' : ` (${label})`);

/** The parent's mark on a child's card: "Away today" or "Away today (At Dad's)". */
export const awayTodayMark = (label: string): string => `Away today${labelSuffix(label)}`;

/** The child's own line: "You're away today (At Dad's): no chores today." */
export const childAwayTodayLine = (label: string): string => `You’re away today${labelSuffix(label)}: no chores today.`;
