/**
 * Issue 32 point 5: how a streak reads (days in a row with everything due done; the server counts
 * it, functions/domain/streaks.ts), on the child's screen and on a parent's dashboard.
 */
import type { StreakDto } from '../../../shared/api-types';

export const STREAK_TEXT = {
  allDoneTitle: 'All done for today!',
  allDoneClose: 'Yay!',
  noStreak: 'No streak yet',
} as const;

/** "1-day streak", "5-day streak". */
export const streakLabel = (days: number): string => `${days}-day streak`;

/**
 * What the child reads under the greeting: the streak, and how to keep it or start one (only when
 * today still has chores to finish). Null when there is nothing to say (no streak, nothing due today).
 */
export function childStreakLine(streak: StreakDto, choresLeftToday: number): string | null {
  // Short enough for one line on a 390 px phone, under the greeting.
  if (streak.days === 0) return choresLeftToday > 0 ? 'Finish today to start a streak!' : null;
  if (streak.doneToday || choresLeftToday === 0) return `${streakLabel(streak.days)}!`;
  return `${streakLabel(streak.days)}! Finish today for ${streak.days + 1}.`;
}

/** The celebration's words: today done, and the streak it makes. */
export function allDoneMessage(streak: StreakDto): string {
  return streak.days > 1 ? `That’s ${streak.days} days in a row. Keep it going tomorrow!` : 'Every chore for today is done. Great work!';
}

/** A parent's view of a child's streak (the dashboard's child card). */
export const parentStreakLabel = (streak: StreakDto): string => (streak.days === 0 ? STREAK_TEXT.noStreak : streakLabel(streak.days));

/**
 * The celebration shows once a day per child on this device: when today is done and it has not
 * shown today (`lastShown`: the date it last showed, as the device keeps it).
 */
export const shouldCelebrate = (streak: StreakDto | undefined, today: string, lastShown: string | null): boolean => Boolean(streak?.doneToday) && lastShown !== today;
