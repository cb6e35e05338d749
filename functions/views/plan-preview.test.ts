import { describe, expect, it } from 'vitest';
import { shortfallSentence } from '../../shared/shortfall';
import { planPreviewDto } from './plan-preview';
import { DEFAULT_MONEY } from '../../shared/money';
import type { WeekState, WeekWrites } from '../domain/week-writes';

const WEEK = '2026-11-29';
const state: WeekState = {
  weekStart: WEEK,
  children: [
    { id: 'liam', maxDifficultyLevel: 5, dailyChoresCount: 1, weeklyChoresCount: 1, continuousChoresCount: 1, availability: { cycles: [{ start: WEEK, length: 7, away: [1], label: "At Dad's" }], away: [], pause: null } },
    { id: 'emma', maxDifficultyLevel: 5, dailyChoresCount: 1, weeklyChoresCount: 1, continuousChoresCount: 1 },
  ],
  chores: [],
  continuous: [{ childId: 'liam', choreId: 'read' }],
  week: [],
  history: [],
  familyPause: null,
};
const writes: WeekWrites = {
  weekStart: WEEK,
  stale: [],
  fresh: [
    { childId: 'liam', choreId: 'trash', date: '2026-12-01', firstWins: true, rivals: ['emma'] },
    { childId: 'emma', choreId: 'trash', date: '2026-12-01', firstWins: true, rivals: ['liam'] },
  ],
  newContinuous: [],
  keptDays: [{ id: 'x', childId: 'liam', choreId: 'bed', date: '2026-11-29', completed: true, generated: false, firstWins: false }],
  kept: 1,
  unassigned: [{ choreId: 'mow', reason: 'no-child-at-home' }],
  shortfalls: [{ childId: 'emma', category: 'daily', asked: 1, available: 0 }],
  paused: false,
};
const chores = new Map([
  ['trash', { name: 'Trash', amountCents: 200 }],
  ['bed', { name: 'Bed', amountCents: 50 }],
  ['read', { name: 'Read', amountCents: 100 }],
  ['mow', { name: 'Mow', amountCents: 750 }],
]);

describe('planPreviewDto', () => {
  const dto = planPreviewDto({ state, writes, chores, names: new Map([['liam', 'Liam'], ['emma', 'Emma']]), seed: 's1', money: DEFAULT_MONEY, today: WEEK });

  it('lists the children by name with seven days, away days labelled, kept and new chores told apart', () => {
    expect(dto.children.map((c) => c.displayName)).toEqual(['Emma', 'Liam']);
    const liam = dto.children[1]!;
    expect(liam.days.map((d) => d.weekday)).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect(liam.days[1]).toMatchObject({ date: '2026-11-30', away: true, awayLabel: "At Dad's", chores: [] });
    expect(liam.days[0]!.chores).toEqual([{ choreId: 'bed', name: 'Bed', amount: '0.50', firstWins: false, kept: true }]);
    expect(liam.days[2]!.chores).toEqual([{ choreId: 'trash', name: 'Trash', amount: '2.00', firstWins: true, kept: false }]);
    expect(liam.continuous).toEqual([{ choreId: 'read', name: 'Read', amount: '1.00' }]);
  });

  it('counts chore-days and the week’s potential value, the continuous chore on each home day', () => {
    // Liam: bed + trash (2 chore-days, 2.50) + Read on 6 home days (6 × 1.00).
    expect(dto.children[1]).toMatchObject({ count: 8, value: '8.50' });
    expect(dto.children[0]).toMatchObject({ count: 1, value: '2.00' });
  });

  it('writes amounts in the family currency’s decimals (issue 22): yen have none, dinars three', () => {
    const yen = planPreviewDto({ state, writes, chores, names: new Map(), seed: 's1', money: { currency: 'JPY', locale: 'ja-JP' }, today: WEEK });
    expect(yen.children.find((c) => c.childId === 'liam')).toMatchObject({ value: '850', continuous: [{ choreId: 'read', amount: '100' }] });
    const dinar = planPreviewDto({ state, writes, chores, names: new Map(), seed: 's1', money: { currency: 'KWD', locale: 'ar-KW' }, today: WEEK });
    expect(dinar.children.find((c) => c.childId === 'liam')).toMatchObject({ value: '0.850', continuous: [{ choreId: 'read', amount: '0.100' }] });
  });

  it('counts from today on when the week is under way (issue 29): days behind, done or not, are not in the totals', () => {
    // Tuesday: Liam's bed (Sunday, behind) is not counted; trash (Tuesday) is, and Read on Tuesday to Saturday (5 days).
    const midweek = planPreviewDto({ state, writes, chores, names: new Map([['liam', 'Liam'], ['emma', 'Emma']]), seed: 's1', money: DEFAULT_MONEY, today: '2026-12-01' });
    expect(midweek.children[1]).toMatchObject({ displayName: 'Liam', count: 6, value: '7.00' });
    expect(midweek.children[0]).toMatchObject({ displayName: 'Emma', count: 1, value: '2.00' });
    // The days themselves are all listed, as before.
    expect(midweek.children[1]!.days[0]!.chores).toEqual([{ choreId: 'bed', name: 'Bed', amount: '0.50', firstWins: false, kept: true }]);
  });

  it('names the chores no child could take, and carries the seed', () => {
    expect(dto).toMatchObject({ weekStart: WEEK, seed: 's1', paused: false, unassigned: [{ choreId: 'mow', name: 'Mow', reason: 'no-child-at-home' }] });
  });

  it('gives each child the counts the one-child-at-a-time pool could not fill (issue 29), in plain words', () => {
    const emma = dto.children.find((c) => c.childId === 'emma')!;
    const liam = dto.children.find((c) => c.childId === 'liam')!;
    expect(emma.shortfalls).toEqual([{ category: 'daily', asked: 1, available: 0 }]);
    expect(liam.shortfalls).toEqual([]);
    expect(shortfallSentence('Ben', { category: 'daily', asked: 2, available: 1 })).toBe('Ben asks for 2 daily chores; 1 is available');
    expect(shortfallSentence('Ava', { category: 'weekly', asked: 1, available: 0 })).toBe('Ava asks for 1 weekly chore; none is available');
  });
});
