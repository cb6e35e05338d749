import { describe, expect, it } from 'vitest';
import { childTakeBackRefusal, tickRefusal, tickWaits } from './corrections';

const clock = { today: '2026-11-25', weekStart: '2026-11-22' };

describe('who may correct a tick', () => {
  it('lets a child take back a waiting tick any day, their own unapproved tick only the same day', () => {
    expect(childTakeBackRefusal({ waiting: true, completedOn: '2026-11-23' }, clock.today)).toBeNull();
    expect(childTakeBackRefusal({ completedOn: clock.today }, clock.today)).toBeNull();
    expect(childTakeBackRefusal({ completedOn: '2026-11-24' }, clock.today)).toBe('past-day');
    expect(childTakeBackRefusal({ approved: true, completedOn: clock.today }, clock.today)).toBe('approved');
  });

  it('lets a parent tick any day of this week up to today; a child a weekly chore only on its day', () => {
    expect(tickRefusal('parent', { date: '2026-11-22', weekly: true }, clock)).toBeNull();
    expect(tickRefusal('parent', { date: '2026-11-21', weekly: false }, clock)).toBe('not-this-week');
    expect(tickRefusal('parent', { date: '2026-11-26', weekly: false }, clock)).toBe('not-yet');
    expect(tickRefusal('child', { date: '2026-11-23', weekly: true }, clock)).toBe('wrong-day');
    expect(tickRefusal('child', { date: '2026-11-23', weekly: false }, clock)).toBeNull();
    expect(tickRefusal('child', { date: '2026-11-26', weekly: false }, clock)).toBe('not-yet');
  });

  it('makes only a child’s tick of a chore that needs an OK wait', () => {
    expect(tickWaits('child', true)).toBe(true);
    expect(tickWaits('parent', true)).toBe(false);
    expect(tickWaits('child', false)).toBe(false);
  });
});
