import { describe, expect, it } from 'vitest';
import { historyWeeks, weeklyEarnings, type EarningsAggregate } from './earnings-history';

const item = (childId: string, period: string, cents: number, count = 1): EarningsAggregate => ({ childId, period, cents, count });

describe('earnings history', () => {
  it('lists the N Sundays ending with the current week, oldest first', () => {
    expect(historyWeeks('2026-11-22', 3)).toEqual(['2026-11-08', '2026-11-15', '2026-11-22']);
    expect(historyWeeks('2026-11-22', 12)).toHaveLength(12);
    expect(historyWeeks('2026-11-22', 12)[0]).toBe('2026-09-06');
  });

  it('fills weeks without an aggregate with 0, keeps only the child, and never goes negative', () => {
    // Prepare
    const weeks = historyWeeks('2026-11-22', 3);
    const items = [item('emma', '2026-11-08', 250, 3), item('liam', '2026-11-08', 999), item('emma', '2026-11-22', -50, -1), item('emma', '2026-11-01', 700)];
    // Act
    const result = weeklyEarnings(items, 'emma', weeks);
    // Assess
    expect(result).toEqual([
      { weekStart: '2026-11-08', cents: 250, completed: 3 },
      { weekStart: '2026-11-15', cents: 0, completed: 0 },
      { weekStart: '2026-11-22', cents: 0, completed: 0 },
    ]);
  });
});
