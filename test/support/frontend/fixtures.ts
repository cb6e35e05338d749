/** Builders for unit-test data in the API's shapes; each test overrides only what it is about. */
import type { AssignmentDto, ChoreCategory, ChoreDto } from '../../../shared/api-types';

export const choreDto = (id: string, category: ChoreCategory, overrides: Partial<ChoreDto> = {}): ChoreDto => ({
  id,
  name: id,
  category,
  amount: '1.00',
  difficultyLevel: 1,
  needsApproval: false,
  createdAt: '',
  ...overrides,
});

/** A dated, not completed assignment of `chore`; pass the week and day fields the test needs. */
export const assignmentDto = (chore: ChoreDto, overrides: Partial<AssignmentDto> = {}): AssignmentDto => ({
  id: `${chore.id}-${overrides.dayOfWeek ?? overrides.assignedDate ?? 'a'}`,
  childId: 'k',
  choreId: chore.id,
  chore,
  weekStart: null,
  assignedDate: null,
  dayOfWeek: null,
  isContinuous: false,
  daysOfWeek: [],
  isCompleted: false,
  completedAt: null,
  completedDates: [],
  earned: '0.00',
  isPaid: false,
  source: 'generated',
  waiting: false,
  waitingDates: [],
  sentBackNote: null,
  canTakeBack: false,
  isDue: true,
  firstWins: false,
  takenBy: null,
  ...overrides,
});
