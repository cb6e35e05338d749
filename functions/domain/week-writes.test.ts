import { describe, expect, it } from 'vitest';
import { newDatedItem, type DatedAssignmentItem } from '../data/assignments';
import { CHILD_DEFAULTS, type ChildItem } from '../data/children';
import type { ChoreCategory, ChoreItem } from '../data/chores';
import { dateInWeek, WEEKDAYS, type Weekday } from '../../shared/time';
import { planWeekWrites, type WeekState } from './week-writes';

const FAMILY = 'fam';
const WEEK = '2026-11-29';
const NOW = new Date('2026-11-29T05:00:00Z');
const child = (id: string, counts: Partial<ChildItem> = {}): ChildItem => ({ ...CHILD_DEFAULTS, childId: id, familyId: FAMILY, displayName: id, createdAt: '', ...counts });
const chore = (id: string, category: ChoreCategory): ChoreItem => ({ choreId: id, familyId: FAMILY, name: id, category, amountCents: 100, difficultyLevel: 1, createdAt: '' });
const dated = (c: ChildItem, h: ChoreItem, day: Weekday, over: Partial<DatedAssignmentItem> = {}): DatedAssignmentItem => ({
  ...newDatedItem({ familyId: FAMILY, child: c, chore: h, weekStart: WEEK, assignedDate: dateInWeek(WEEK, day), dayOfWeek: day, source: 'generated', now: NOW }),
  ...over,
});
const state = (over: Partial<WeekState>): WeekState => ({ children: [], chores: [], continuous: [], week: [], lastWeek: [], ...over });

describe('planWeekWrites', () => {
  const ana = child('ana', { dailyChoresCount: 1, weeklyChoresCount: 0, continuousChoresCount: 0 });
  const bed = chore('bed', 'daily');
  const dishes = chore('dishes', 'daily');

  it('writes a new week in full and nothing when planned again over what it wrote', () => {
    // Prepare
    const s = state({ children: [ana], chores: [bed] });
    // Act
    const first = planWeekWrites(s, FAMILY, WEEK, NOW);
    const again = planWeekWrites({ ...s, week: first.fresh }, FAMILY, WEEK, NOW);
    // Assess
    expect(first.fresh.map((a) => a.dayOfWeek)).toEqual([...WEEKDAYS]);
    expect(first.stale).toEqual([]);
    expect(again).toMatchObject({ fresh: [], stale: [], newContinuous: [], kept: 7 });
  });

  it('replaces pending generated days the plan drops, and never touches completed or manual ones', () => {
    // Prepare: last week's plan had both daily chores; the quota is now one, and one day of each is special.
    const week = [
      ...WEEKDAYS.map((d) => dated(ana, bed, d)),
      ...WEEKDAYS.map((d) => dated(ana, dishes, d)),
      { ...dated(ana, dishes, 'monday'), assignmentId: `${WEEK}.ana.m-dishes-monday`, source: 'manual' as const },
    ];
    // Act
    const w = planWeekWrites(state({ children: [ana], chores: [bed, dishes], week }), FAMILY, WEEK, NOW);
    // Assess: the manual dishes count as the child's daily chore, so every generated day goes.
    expect(w.fresh).toEqual([]);
    expect(w.stale).toHaveLength(14);
    expect(w.stale.every((a) => a.source === 'generated' && !a.isCompleted)).toBe(true);
  });

  it('keeps the other days of a generated chore the child has started this week', () => {
    // Prepare: bed and dishes were planned; ana ticked bed on Monday; the quota is now one.
    const week = [...WEEKDAYS.map((d) => dated(ana, bed, d, d === 'monday' ? { isCompleted: true } : {})), ...WEEKDAYS.map((d) => dated(ana, dishes, d))];
    // Act
    const w = planWeekWrites(state({ children: [ana], chores: [bed, dishes], week }), FAMILY, WEEK, NOW);
    // Assess
    expect(w.stale.map((a) => a.choreId)).toEqual(Array(7).fill('dishes'));
    expect(w.kept).toBe(7);
    expect(w.fresh).toEqual([]);
  });

  it('adds the continuous chores the plan gives and ignores items of deleted children and chores', () => {
    // Prepare
    const ben = child('ben', { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 1 });
    const read = chore('read', 'continuous');
    const ghost = child('ghost');
    const week = [dated(ghost, bed, 'monday', { isCompleted: true })];
    // Act
    const w = planWeekWrites(state({ children: [ben], chores: [read], week }), FAMILY, WEEK, NOW);
    // Assess
    expect(w.newContinuous.map((c) => `${c.childId}/${c.choreId}`)).toEqual(['ben/read']);
    expect(w.stale).toEqual([]);
    expect(w.fresh).toEqual([]);
  });
});
