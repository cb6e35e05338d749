import { describe, expect, it } from 'vitest';
import { formatDollars } from '../../shared/money';
import { describeActivity, payoutPlan, resetThisWeek, takeRefusal, type ActivityEvent } from './ledger';

const parent = { role: 'parent' as const, id: 'p1', name: 'Alex Rivera' };
const event = (over: Partial<ActivityEvent> & Pick<ActivityEvent, 'kind'>): ActivityEvent => ({ eventId: 'e1', at: '2026-11-25T10:00:00Z', by: parent, childId: 'k1', childName: 'Emma', ...over });

describe('the ledger’s rules', () => {
  it('pays all that is owed by default (closing the round), a part when asked, never more', () => {
    expect(payoutPlan(500)).toEqual({ amountCents: 500, closesRound: true });
    expect(payoutPlan(500, 200)).toEqual({ amountCents: 200, closesRound: false });
    expect(payoutPlan(500, 500)).toEqual({ amountCents: 500, closesRound: true });
    expect(payoutPlan(0)).toEqual({ amountCents: 0, closesRound: true });
    expect(payoutPlan(500, 501)).toBe('too-much');
  });

  it('refuses a deduction that would make what is owed, this week or this month negative, naming which', () => {
    const limits = { owedCents: 300, weekCents: 200, monthCents: 250 };
    expect(takeRefusal(300, { ...limits, weekCents: 300, monthCents: 300 })).toBeNull();
    expect(takeRefusal(301, limits)).toBe('owed');
    expect(takeRefusal(201, limits)).toBe('week');
    expect(takeRefusal(200, { ...limits, monthCents: 150 })).toBe('month');
  });

  it('writes each event as one line of the log', () => {
    expect(describeActivity(event({ kind: 'tick', choreName: 'Dishes', date: '2026-11-25', waiting: true }), formatDollars)).toBe("Alex Rivera ticked Dishes (Wed, Nov 25); it waits for a parent's OK");
    expect(describeActivity(event({ kind: 'approve', choreName: 'Dishes', date: '2026-11-25', amountCents: 150 }), formatDollars)).toBe('Alex Rivera approved Dishes (Wed, Nov 25) for Emma: +$1.50');
    expect(describeActivity(event({ kind: 'payout', amountCents: -500, method: 'bank', text: 'Pocket money' }), formatDollars)).toBe('Alex Rivera paid Emma $5.00 (bank transfer): Pocket money');
    expect(describeActivity(event({ kind: 'payout', amountCents: 0 }), formatDollars)).toBe("Alex Rivera reset Emma's earnings (nothing was owed)");
  });
});

describe('Reset Earnings during a week (issue 29 point 12)', () => {
  const baseline = { week: '2026-11-22', weekCents: 425 };
  it('is the reset’s date in the family’s time zone and what the week had earned before it', () => {
    // 03:30 UTC on Thursday is still Wednesday evening in New York.
    expect(resetThisWeek({ resetAt: '2026-11-26T03:30:00.000Z', resetBaseline: baseline }, '2026-11-22', 'America/New_York')).toEqual({ date: '2026-11-25', beforeCents: 425 });
    expect(resetThisWeek({ resetAt: '2026-11-26T03:30:00.000Z', resetBaseline: baseline }, '2026-11-22', 'UTC')).toEqual({ date: '2026-11-26', beforeCents: 425 });
  });
  it('is nothing for another week, or when there was no reset', () => {
    expect(resetThisWeek({ resetAt: '2026-11-26T03:30:00.000Z', resetBaseline: baseline }, '2026-11-29', 'UTC')).toBeNull();
    expect(resetThisWeek({}, '2026-11-22', 'UTC')).toBeNull();
  });
});
