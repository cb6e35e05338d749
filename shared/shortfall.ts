/**
 * "One child at a time" made visible (issue 29): a chore in that mode goes to one child per occurrence,
 * so when a category's chores cannot fill a child's chore-settings count the child gets fewer. The preview
 * and the chore dialogs say so in these words.
 */
import type { ChoreCategory } from './dtos/core';
import type { WhoDoesIt } from './planning';

export interface ChoreShortfall {
  category: ChoreCategory;
  /** The child's chore-settings count for the category. */
  asked: number;
  /** What the pool can give the child: fewer than asked. */
  available: number;
}

const NOUN: Record<ChoreCategory, string> = { daily: 'daily chore', weekly: 'weekly chore', continuous: 'ongoing chore' };

/** "Ben asks for 2 daily chores; 1 is available", "Ava asks for 1 weekly chore; none is available". */
export function shortfallSentence(name: string, s: ChoreShortfall): string {
  const asked = `${s.asked} ${NOUN[s.category]}${s.asked === 1 ? '' : 's'}`;
  const available = s.available === 0 ? 'none is available' : s.available === 1 ? '1 is available' : `${s.available} are available`;
  return `${name} asks for ${asked}; ${available}`;
}

/** Why, in one line under the sentences. */
export const SHORTFALL_REASON =
  'Each of these chores goes to one child at a time. Add chores, or lower the count in the child’s chore settings.';

interface CountsChild {
  id: string;
  displayName: string;
  maxDifficultyLevel: number;
  dailyChoresCount: number;
  weeklyChoresCount: number;
  continuousChoresCount: number;
}
interface PoolChore {
  id: string;
  category: ChoreCategory;
  difficultyLevel: number;
  rhythm?: unknown;
  who?: WhoDoesIt;
}

const askedOf = (c: Pick<CountsChild, 'dailyChoresCount' | 'weeklyChoresCount' | 'continuousChoresCount'>, category: ChoreCategory) =>
  category === 'daily' ? c.dailyChoresCount : category === 'weekly' ? c.weeklyChoresCount : c.continuousChoresCount;

/** A chore the chore-settings counts hand out (one child at a time, balanced; ongoing ones too unless "each"). */
export function isCountedChore(chore: PoolChore): boolean {
  if (chore.category === 'continuous') return chore.who?.mode !== 'each';
  return chore.rhythm === undefined && (chore.who === undefined || (chore.who.mode === 'one' && chore.who.turns === 'balanced'));
}

function mayTake(child: Pick<CountsChild, 'id' | 'maxDifficultyLevel'>, chore: PoolChore): boolean {
  const listed = chore.who?.mode === 'each' ? chore.who.children?.map((c) => c.childId) : chore.who?.children;
  return listed && listed.length > 0 ? listed.includes(child.id) : chore.difficultyLevel <= child.maxDifficultyLevel;
}

/**
 * What the chore-settings dialog says while a parent sets a child's counts (issue 29), before any plan:
 * "Ben asks for 2 daily chores; 1 is available" when fewer chores of the category may go to the child at
 * all, and "Ava and Ben ask for 3 daily chores together; 2 are available, so someone gets fewer" when the
 * children's counts together ask for more than the chores one child at a time can cover. The planner
 * decides who gets fewer; the preview names the child.
 */
export function settingsShortfallNotes(
  child: CountsChild,
  counts: Pick<CountsChild, 'dailyChoresCount' | 'weeklyChoresCount' | 'continuousChoresCount'>,
  siblings: readonly CountsChild[],
  chores: readonly PoolChore[],
): string[] {
  const notes: string[] = [];
  const others = siblings.filter((s) => s.id !== child.id);
  for (const category of ['daily', 'weekly', 'continuous'] as const) {
    const asked = askedOf(counts, category);
    if (asked === 0) continue;
    const pool = chores.filter((c) => c.category === category && isCountedChore(c));
    const mine = pool.filter((c) => mayTake(child, c)).length;
    if (mine < asked) {
      notes.push(shortfallSentence(child.displayName, { category, asked, available: mine }));
      continue;
    }
    const askers = others.filter((o) => askedOf(o, category) > 0 && pool.some((c) => mayTake(o, c)));
    if (askers.length === 0) continue;
    const together = askers.reduce((n, o) => n + Math.min(askedOf(o, category), pool.filter((c) => mayTake(o, c)).length), asked);
    const coverable = pool.filter((c) => mayTake(child, c) || askers.some((o) => mayTake(o, c))).length;
    if (together <= coverable) continue;
    const names = [...askers.map((o) => o.displayName), child.displayName];
    const who = names.length === 2 ? `${names[0]} and ${names[1]}` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    const available = coverable === 1 ? '1 is available' : `${coverable} are available`;
    notes.push(`${who} ask for ${together} ${NOUN[category]}s together; ${available}, so someone gets fewer`);
  }
  return notes;
}
