/** Spec section 3 labels, shared by the dialogs and the pages that show chores and children. */
import type { ChoreCategory } from '../../../../shared/api-types';
import { CATEGORY_BADGE, DEFAULT_DIFFICULTY, DIFFICULTY_LABELS, difficultyText, ONGOING_HINT } from '../../lib/chore-categories';

export { DEFAULT_DIFFICULTY, DIFFICULTY_LABELS, difficultyText, ONGOING_HINT };
export const CATEGORY_LABELS = CATEGORY_BADGE;

export const MAX_DIFFICULTY_LABELS: Record<number, string> = {
  1: '1 - Very Easy Only',
  2: '2 - Easy and Below',
  3: '3 - Medium and Below',
  4: '4 - Hard and Below',
  5: '5 - All Difficulties',
};

/** Spec sections 4 and 9 defaults. */
export const DEFAULT_MAX_DIFFICULTY = 5;
export const MAX_CHORE_COUNT = 10;

/** "Daily", "Weekly", "Ongoing": the short badge text where the full label would not fit (one name: ONGOING_HINT). */
export const CATEGORY_SHORT_LABELS: Record<ChoreCategory, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  continuous: 'Ongoing',
};
