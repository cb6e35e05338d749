import { describe, expect, it } from 'vitest';
import { settingsShortfallNotes, shortfallSentence } from './shortfall';

const kid = (id: string, displayName: string, daily: number, extra: { maxDifficultyLevel?: number } = {}) => ({
  id,
  displayName,
  maxDifficultyLevel: extra.maxDifficultyLevel ?? 5,
  dailyChoresCount: daily,
  weeklyChoresCount: 0,
  continuousChoresCount: 0,
});
const counts = (daily: number) => ({ dailyChoresCount: daily, weeklyChoresCount: 0, continuousChoresCount: 0 });

describe('shortfall words (issue 29)', () => {
  it('says what a child asks for and what is available', () => {
    expect(shortfallSentence('Ben', { category: 'daily', asked: 2, available: 1 })).toBe('Ben asks for 2 daily chores; 1 is available');
    expect(shortfallSentence('Ben', { category: 'continuous', asked: 3, available: 2 })).toBe('Ben asks for 3 ongoing chores; 2 are available');
  });

  it('tells the chore settings when one child asks for more than it may take', () => {
    const ben = kid('b', 'Ben', 1);
    const chores = [{ id: 'dishes', category: 'daily' as const, difficultyLevel: 1 }];
    expect(settingsShortfallNotes(ben, counts(2), [ben], chores)).toEqual(['Ben asks for 2 daily chores; 1 is available']);
  });

  it('tells the chore settings when the children together ask for more than the one-at-a-time chores', () => {
    const ava = kid('a', 'Ava', 1);
    const ben = kid('b', 'Ben', 1);
    const oneAtATime = [{ id: 'dishes', category: 'daily' as const, difficultyLevel: 1, who: { mode: 'one' as const, turns: 'balanced' as const } }];
    expect(settingsShortfallNotes(ben, counts(1), [ava, ben], oneAtATime)).toEqual(['Ava and Ben ask for 2 daily chores together; 1 is available, so someone gets fewer']);
    // A chore every child does (each) is not one of the counted chores.
    const each = [{ id: 'dishes', category: 'daily' as const, difficultyLevel: 1, who: { mode: 'each' as const } }];
    expect(settingsShortfallNotes(ben, counts(1), [ava, ben], each)).toEqual(['Ben asks for 1 daily chore; none is available']);
    expect(settingsShortfallNotes(ben, counts(0), [ava, ben], oneAtATime)).toEqual([]);
  });
});
