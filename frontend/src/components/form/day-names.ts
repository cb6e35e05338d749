/** Weekday names as the planner's screens show them (no UI code here, so any chunk can take them). */
import { WEEKDAY_NAMES, WEEKDAY_SHORT } from '../../../../shared/time';

export const DAY_SHORT = WEEKDAY_SHORT;
export const DAY_LONG = WEEKDAY_NAMES;
