import { describe, expect, it } from 'vitest';
import { historyWeeks, withPayouts } from '../domain/earnings-history';
import { earningsHistoryDto } from './earnings-history';

describe('earnings history', () => {
  it('answers 2-decimal amounts and their total', () => {
    const dto = earningsHistoryDto('emma', [
      { weekStart: '2026-11-15', cents: 125, completed: 2 },
      { weekStart: '2026-11-22', cents: 1000, completed: 4 },
    ], 'USD');
    expect(dto).toEqual({
      childId: 'emma',
      weeks: [
        { weekStart: '2026-11-15', amount: '1.25', completed: 2, paid: '0.00', saved: '0.00', gave: '0.00' },
        { weekStart: '2026-11-22', amount: '10.00', completed: 4, paid: '0.00', saved: '0.00', gave: '0.00' },
      ],
      total: '11.25',
    });
  });
});

describe('earnings history: paid, saved and gave (issue 22)', () => {
  it('adds each payout to the week of its paidAt in the family time zone, with its save and give shares', () => {
    // Prepare: 2026-11-21 23:30 UTC is Saturday in UTC, already Sunday 00:30 (a new week) in Paris
    const weeks = historyWeeks('2026-11-22', 2).map((weekStart) => ({ weekStart, cents: 0, completed: 0 }));
    const payouts = [
      { paidAt: '2026-11-21T23:30:00.000Z', amountCents: 1000, jars: { spend: 500, save: 400, give: 100 } },
      { paidAt: '2026-11-18T12:00:00.000Z', amountCents: 250 },
      { paidAt: '2026-11-16T09:00:00.000Z', amountCents: 101, jars: { spend: 50, save: 41, give: 10 } },
    ];
    // Act
    const paris = withPayouts(weeks, payouts, 'Europe/Paris');
    const utc = withPayouts(weeks, payouts, 'UTC');
    // Assess
    expect(paris.map((w) => [w.paidCents, w.savedCents, w.gaveCents])).toEqual([
      [351, 41, 10],
      [1000, 400, 100],
    ]);
    expect(utc.map((w) => [w.paidCents, w.savedCents, w.gaveCents])).toEqual([
      [1351, 441, 110],
      [0, 0, 0],
    ]);
    expect(earningsHistoryDto('emma', withPayouts(weeks, payouts, 'America/Los_Angeles'), 'JPY').weeks.map((w) => [w.paid, w.saved, w.gave])).toEqual([
      ['1351', '441', '110'],
      ['0', '0', '0'],
    ]);
  });
});
