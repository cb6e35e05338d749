import type { AssignmentBody, ChoreDto } from '../../../api/family';
import { dateInWeek, WEEKDAYS, type IsoDate, type Weekday } from '../../../../../shared/time';

export type AssignmentCall =
  | { kind: 'continuous'; body: { childId: string; choreId: string; daysOfWeek: Weekday[] } }
  | { kind: 'dated'; body: AssignmentBody };

/**
 * Spec section 7, manual assign: a continuous chore makes one continuous assignment with no days
 * (always active); a daily chore one assignment per weekday from the Sunday of the week; a weekly
 * chore one assignment on that week's Saturday. `weekStart` is the family's week (its time zone).
 */
export function planManualAssignment(chore: Pick<ChoreDto, 'id' | 'category'>, childId: string, weekStart: IsoDate): AssignmentCall[] {
  const dated = (dayOfWeek: Weekday): AssignmentCall => ({
    kind: 'dated',
    body: { childId, choreId: chore.id, weekStart, assignedDate: dateInWeek(weekStart, dayOfWeek), dayOfWeek },
  });
  switch (chore.category) {
    case 'continuous':
      return [{ kind: 'continuous', body: { childId, choreId: chore.id, daysOfWeek: [] } }];
    case 'daily':
      return WEEKDAYS.map(dated);
    case 'weekly':
      return [dated('saturday')];
  }
}

/** Chores a child may be given: the spec's three categories, at or below the child's difficulty limit. */
export function choresFor(chores: readonly ChoreDto[], maxDifficultyLevel: number | undefined): ChoreDto[] {
  const limit = maxDifficultyLevel ?? 5;
  return chores.filter((c) => (c.difficultyLevel || 3) <= limit);
}
