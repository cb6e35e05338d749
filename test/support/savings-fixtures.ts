/** A goal and a child's savings as the savings rules take them (functions/domain/savings.ts), for the unit tests of the rules and of their DTOs. */
import type { ChildSavings, Goal } from '../../functions/domain/savings';

export const goal = (id: string, targetCents: number, topUpPercent = 0, createdAt = `2026-11-0${id.length}T10:00:00.000Z`): Goal => ({
  goalId: id,
  childId: 'emma',
  name: `Goal ${id}`,
  icon: 'bike',
  targetCents,
  topUpPercent,
  createdAt,
  createdBy: { role: 'child', id: 'emma', name: 'Emma' },
});

export const savings = (over: Partial<ChildSavings> = {}): ChildSavings => ({ earnedTotalCents: 0, savingsBaseCents: 0, jars: { spend: 0, save: 0, give: 0 }, activeGoals: 0, ...over });
