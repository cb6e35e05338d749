/**
 * The planner for real households (issue 21, shared/planning.ts): the pause and the plan preview. Money is the API's decimal string, dates are ISO `YYYY-MM-DD` in the family's time
 * zone, weekdays lowercase. Read through shared/api-types.ts.
 */
import type { DateRange } from '../planning';
import type { ChoreShortfall } from '../shortfall';
import type { IsoDate, Weekday } from '../time';

// ---- Planner for real households (issue 21, shared/planning.ts) ---------------------------------

/** GET/PUT/DELETE /api/family/pause: the whole family's pause (a vacation); null when not paused. */
export interface FamilyPauseDto {
  pause: DateRange | null;
}

/** One child's part of a previewed week (POST /api/assignments/preview). */
export interface PlanPreviewChildDto {
  childId: string;
  displayName: string;
  /** Chore-days in the week (a daily chore on 5 home days counts 5). */
  count: number;
  /** What the week would pay if every chore-day were done (2-decimal string). */
  value: string;
  /** The seven days, Sunday first. */
  days: {
    date: IsoDate;
    weekday: Weekday;
    /** The child is away (availability calendar or family pause): nothing is given that day. */
    away: boolean;
    /** The parent's label of the away day ("At Dad's", "Paused"), when away. */
    awayLabel?: string;
    chores: { choreId: string; name: string; amount: string; firstWins: boolean; kept: boolean }[];
  }[];
  /** Continuous chores the child would hold. */
  continuous: { choreId: string; name: string; amount: string }[];
  /**
   * Categories whose one-child-at-a-time chores cannot fill the child's chore-settings count (issue 29):
   * the child gets fewer. Shown with shared/shortfall.ts `shortfallSentence`.
   */
  shortfalls: ChoreShortfall[];
}

/** POST /api/assignments/preview: what "Reassign Weekly Chores" (this week) or the Sunday job (next week) would give. */
export interface PlanPreviewDto {
  weekStart: IsoDate;
  /** The seed this plan came from: send it back to apply exactly this plan. */
  seed: string;
  /** The whole family is paused for the entire week: nothing is generated. */
  paused: boolean;
  children: PlanPreviewChildDto[];
  /** Chores that happen this week that no child can take, and why (shown as a conflict). */
  unassigned: { choreId: string; name: string; reason: 'no-child-at-home' | 'no-eligible-child' }[];
}
