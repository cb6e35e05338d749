import { CHORE_CATEGORIES, type ChoreCategory, type ChoreDto } from '../../../shared/api-types';

export { CHORE_CATEGORIES, type ChoreCategory };

/** Spec section 3: category labels on badges. */
export const CATEGORY_BADGE: Record<ChoreCategory, string> = {
  daily: 'Daily Chore',
  weekly: 'Weekly Chore',
  continuous: 'Continuous Assignments',
};

/** Page titles and card headings by category (spec: Daily Chores, Weekly Chores, Continuous Assignments). */
export const CATEGORY_TITLE: Record<ChoreCategory, string> = {
  daily: 'Daily Chores',
  weekly: 'Weekly Chores',
  continuous: 'Continuous Assignments',
};

/** Lowercase nouns for sentences such as "No weekly chores found". */
export const CATEGORY_NOUN: Record<ChoreCategory, string> = {
  daily: 'daily chores',
  weekly: 'weekly chores',
  continuous: 'continuous assignments',
};

/** Badge colours (theme palette paths, light and dark) with at least 4.5:1 contrast (WCAG AA) for small text. */
export const CATEGORY_COLORS: Record<ChoreCategory, { bg: string; fg: string }> = {
  daily: { bg: 'tone.brand.bg', fg: 'tone.brand.fg' },
  weekly: { bg: 'tone.sun.bg', fg: 'tone.sun.fg' },
  continuous: { bg: 'tone.leaf.bg', fg: 'tone.leaf.fg' },
};

export const DEFAULT_DIFFICULTY = 3;

/** Spec section 3: difficulty labels. */
export const DIFFICULTY_LABELS: Record<number, string> = { 1: 'Very Easy', 2: 'Easy', 3: 'Medium', 4: 'Hard', 5: 'Very Hard' };

/**
 * One difficulty scale everywhere (issue 18): "Level 3 · Medium", the spec's Level badge with its
 * label, for parents and children alike.
 */
export function difficultyText(level: number | undefined): string {
  const n = level && DIFFICULTY_LABELS[level] ? level : DEFAULT_DIFFICULTY;
  return `Level ${n} · ${DIFFICULTY_LABELS[n]}`;
}

/**
 * The one free name of the continuous category (issue 18): "ongoing". The spec fixes "Continuous
 * Assignments" (the category label, tabs and titles) and, on the children page, "Ongoing Tasks
 * (Always Active)" and "Ongoing"; everywhere else it is an ongoing chore, and this line says what
 * it is where the spec's label stands.
 */
export const ONGOING_HINT = 'Ongoing chores: active every day, or on the days you choose, until you change them.';

/** `?category=` → a category, or null for "All Chores" (missing or unknown values). */
export function categoryFromParam(value: string | null): ChoreCategory | null {
  return value && (CHORE_CATEGORIES as readonly string[]).includes(value) ? (value as ChoreCategory) : null;
}

/** Chores grouped by category in the spec's order, each group sorted by name. */
export function groupChores(chores: readonly ChoreDto[], only: ChoreCategory | null): { category: ChoreCategory; chores: ChoreDto[] }[] {
  const categories = only ? [only] : CHORE_CATEGORIES;
  return categories.map((category) => ({
    category,
    chores: chores.filter((c) => c.category === category).sort((a, b) => a.name.localeCompare(b.name)),
  }));
}
