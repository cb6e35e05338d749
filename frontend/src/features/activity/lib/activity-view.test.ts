import { describe, expect, it } from 'vitest';
import type { ActivityEventDto } from '../../../../../shared/api-types';
import { activityWhen, canReverse, isNegative, reversedEntries, signedMoney, whoText } from './activity-view';

const event = (over: Partial<ActivityEventDto>): ActivityEventDto => ({
  id: over.id ?? 'e1',
  kind: 'bonus',
  at: '2026-11-25T15:00:00.000Z',
  by: { role: 'parent', name: 'Alex Rivera' },
  childId: 'c1',
  summary: 'x',
  ...over,
});

const USD = { currency: 'USD', locale: 'en-US' };
const EUR_DE = { currency: 'EUR', locale: 'de-DE' };
const JPY = { currency: 'JPY', locale: 'ja-JP' };

describe('signedMoney', () => {
  it('signs money moves with plus and a real minus', () => {
    expect(signedMoney('2.00', USD)).toBe('+$2.00');
    expect(signedMoney('-1.50', USD)).toBe('−$1.50');
    expect(signedMoney('0.00', USD)).toBe('$0.00');
    expect(signedMoney(undefined, USD)).toBe('');
    expect(signedMoney('1234.5', USD)).toBe('+$1,234.50');
  });
  it('speaks the family’s currency in its locale: euros in German style, yen without decimals', () => {
    expect(signedMoney('12.50', EUR_DE)).toBe('+12,50 €');
    expect(signedMoney('-1.50', EUR_DE)).toBe('−1,50 €');
    expect(signedMoney('0.00', EUR_DE)).toBe('0,00 €');
    expect(signedMoney('500', JPY)).toBe('+￥500');
    expect(signedMoney('-1200', JPY)).toBe('−￥1,200');
    // Not an amount of the currency (yen has no decimals): shown as zero rather than breaking the page.
    expect(signedMoney('1.50', JPY)).toBe('￥0');
  });
  it('tells amounts that take money away', () => {
    expect(isNegative('-0.25', 'USD')).toBe(true);
    expect(isNegative('-0.00', 'USD')).toBe(false);
    expect(isNegative('3.00', 'USD')).toBe(false);
    expect(isNegative(undefined, 'USD')).toBe(false);
    expect(isNegative('-5', 'JPY')).toBe(true);
    expect(isNegative('-0', 'JPY')).toBe(false);
  });
});

describe('activityWhen', () => {
  const now = new Date('2026-11-25T20:00:00Z'); // 3 PM in New York
  const tz = 'America/New_York';
  it('says today and yesterday in the family time zone', () => {
    expect(activityWhen('2026-11-25T14:42:00Z', now, tz)).toBe('Today, 9:42 AM');
    // 03:00 UTC on the 25th is still the 24th in New York.
    expect(activityWhen('2026-11-25T03:00:00Z', now, tz)).toBe('Yesterday, 10:00 PM');
    // Tokyo's today is already the 26th there.
    expect(activityWhen('2026-11-25T16:00:00Z', now, 'Asia/Tokyo')).toBe('Today, 1:00 AM');
  });
  it('names the day further back, and the year when it is not this one', () => {
    expect(activityWhen('2026-11-20T17:05:00Z', now, tz)).toBe('Fri, Nov 20, 12:05 PM');
    expect(activityWhen('2025-12-30T17:05:00Z', now, tz)).toBe('Tue, Dec 30, 2025, 12:05 PM');
    expect(activityWhen('not a date', now, tz)).toBe('');
  });
});

describe('reversals', () => {
  it('offers Reverse on bonuses and deductions not reversed yet', () => {
    const bonus = event({ id: 'a', kind: 'bonus', entryId: 'L1' });
    const deduction = event({ id: 'b', kind: 'deduction', entryId: 'L2', amount: '-1.00' });
    const reversal = event({ id: 'c', kind: 'reversal', entryId: 'L3', reverses: 'L1' });
    const tick = event({ id: 'd', kind: 'tick' });
    const reversed = reversedEntries([reversal, deduction, bonus, tick]);
    expect([...reversed]).toEqual(['L1']);
    expect(canReverse(bonus, reversed)).toBe(false);
    expect(canReverse(deduction, reversed)).toBe(true);
    expect(canReverse(reversal, reversed)).toBe(false);
    expect(canReverse(tick, reversed)).toBe(false);
    expect(canReverse(event({ kind: 'bonus' }), reversed)).toBe(false);
  });
});

describe('whoText', () => {
  it('names parents as parents, children and the Sunday job by name', () => {
    expect(whoText({ role: 'parent', name: 'Alex Rivera' })).toBe('Alex Rivera (parent)');
    expect(whoText({ role: 'parent', name: '' })).toBe('A parent');
    expect(whoText({ role: 'child', name: 'Emma' })).toBe('Emma');
    expect(whoText({ role: 'system', name: 'Sunday job' })).toBe('Sunday job');
  });
});
