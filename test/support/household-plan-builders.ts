/** Builders for the household planner's unit tests (functions/domain/household-plan*.test.ts): a child, a chore and a week's input, each with what a test leaves out. */
import type { HouseholdChild, HouseholdChore, HouseholdWeekInput } from '../../functions/domain/household-plan-types';

/** The builders for one week: `seed` the week's plan seed, `maxDifficultyLevel` every child's unless given. */
export function householdBuilders(weekStart: HouseholdWeekInput['weekStart'], seed: string, maxDifficultyLevel: number) {
  const child = (id: string, extra: Partial<HouseholdChild> = {}): HouseholdChild => ({
    id,
    maxDifficultyLevel,
    dailyChoresCount: 0,
    weeklyChoresCount: 0,
    continuousChoresCount: 0,
    awayDates: [],
    ...extra,
  });
  const chore = (id: string, extra: Partial<HouseholdChore> = {}): HouseholdChore => ({ id, category: 'daily', difficultyLevel: 1, amountCents: 100, ...extra });
  const input = (extra: Partial<HouseholdWeekInput>): HouseholdWeekInput => ({ weekStart, children: [], chores: [], kept: [], history: [], seed, ...extra });
  return { child, chore, input };
}
