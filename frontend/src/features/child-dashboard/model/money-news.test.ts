import { describe, expect, it } from 'vitest';
import type { ActivityEventDto } from '../../../../../shared/api-types';
import { moneyLines } from './money-news';

const e = (over: Partial<ActivityEventDto> & Pick<ActivityEventDto, 'kind'>): ActivityEventDto => ({
  id: over.kind,
  at: '2026-11-25T10:00:00Z',
  by: { role: 'parent', name: 'Alex' },
  summary: '',
  ...over,
});

describe('moneyLines', () => {
  it('says bonuses, deductions, corrections and payouts in a child’s words, and leaves ticks out', () => {
    const lines = moneyLines([
      e({ kind: 'payout', amount: '-5.00', method: 'cash', text: 'Saturday' }),
      e({ kind: 'reversal', amount: '-2.00', text: 'Reverses: Helped Grandma' }),
      e({ kind: 'deduction', amount: '-1.00', text: 'Broke a glass' }),
      e({ kind: 'tick', amount: '1.00', choreName: 'Dishes' }),
      e({ kind: 'bonus', amount: '2.00', text: 'Helped Grandma' }),
      // A Reset Earnings with nothing owed is in the log, but no news for a child.
      { ...e({ kind: 'payout', amount: '0.00' }), id: 'nothing-owed' },
    ]);
    expect(lines.map((l) => `${l.label} ${l.amount}${l.negative ? ' (−)' : ''}`)).toEqual([
      'Paid out (cash): Saturday $5.00',
      'Correction: Reverses: Helped Grandma −$2.00 (−)',
      'Deduction: Broke a glass −$1.00 (−)',
      'Bonus: Helped Grandma +$2.00',
    ]);
  });
});
