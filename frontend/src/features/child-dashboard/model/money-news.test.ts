import { describe, expect, it } from 'vitest';
import type { ActivityEventDto } from '../../../../../shared/api-types';
import { DEFAULT_MONEY } from '../../../../../shared/money';
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
    ], DEFAULT_MONEY);
    expect(lines.map((l) => `${l.label} ${l.amount}${l.negative ? ' (−)' : ''}`)).toEqual([
      'Paid out (cash): Saturday $5.00',
      'Correction: Reverses: Helped Grandma −$2.00 (−)',
      'Deduction: Broke a glass −$1.00 (−)',
      'Bonus: Helped Grandma +$2.00',
    ]);
  });

  it('speaks the family’s currency: euros in German style, yen without decimals', () => {
    const show = (events: ActivityEventDto[], money: { currency: string; locale: string }) => moneyLines(events, money).map((l) => `${l.label} ${l.amount}${l.negative ? ' (−)' : ''}`);
    const euro = { currency: 'EUR', locale: 'de-DE' };
    expect(show([e({ kind: 'payout', amount: '-12.50', method: 'cash' }), e({ kind: 'deduction', amount: '-1.50', text: 'Broke a glass' }), e({ kind: 'bonus', amount: '1234.00', text: 'Big help' })], euro)).toEqual([
      'Paid out (cash) 12,50 €',
      'Deduction: Broke a glass −1,50 € (−)',
      'Bonus: Big help +1.234,00 €',
    ]);
    const yen = { currency: 'JPY', locale: 'ja-JP' };
    expect(show([e({ kind: 'bonus', amount: '500', text: 'Helped' }), e({ kind: 'deduction', amount: '-100', text: 'Late' }), e({ kind: 'payout', amount: '0' })], yen)).toEqual([
      'Bonus: Helped +￥500',
      'Deduction: Late −￥100 (−)',
    ]);
  });
});
