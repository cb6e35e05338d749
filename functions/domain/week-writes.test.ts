import { describe, expect, it } from 'vitest';
import type { ChoreCategory } from '../../shared/api-types';
import type { WhoDoesIt } from '../../shared/planning';
import { dateInWeek, WEEKDAYS, type Weekday } from '../../shared/time';
import type { HouseholdChore } from './household-plan-types';
import { planWeekWrites, type StoredChoreDay, type WeekChild, type WeekState } from './week-writes';

const WEEK = '2026-11-29';
const SEED = 'fam:2026-11-29';
const child = (id: string, counts: Partial<WeekChild> = {}): WeekChild => ({ id, maxDifficultyLevel: 5, dailyChoresCount: 3, weeklyChoresCount: 2, continuousChoresCount: 2, ...counts });
const chore = (id: string, category: ChoreCategory, who?: WhoDoesIt): HouseholdChore => ({ id, category, amountCents: 100, difficultyLevel: 1, ...(who ? { who } : {}) });
const dated = (c: WeekChild, h: HouseholdChore, day: Weekday, over: Partial<StoredChoreDay> = {}): StoredChoreDay => ({
  id: `${WEEK}.${c.id}.g-${h.id}-${day}`,
  childId: c.id,
  choreId: h.id,
  date: dateInWeek(WEEK, day),
  completed: false,
  generated: true,
  firstWins: false,
  ...over,
});
const state = (over: Partial<WeekState>): WeekState => ({ weekStart: WEEK, children: [], chores: [], continuous: [], week: [], history: [], familyPause: null, ...over });
/** What the data layer stores for a planned chore-day (the same slot, the same flag). */
const storedOf = (p: { childId: string; choreId: string; date: string; firstWins: boolean }): StoredChoreDay => ({
  id: `${WEEK}.${p.childId}.g-${p.choreId}-${p.date}`,
  childId: p.childId,
  choreId: p.choreId,
  date: p.date,
  completed: false,
  generated: true,
  firstWins: p.firstWins,
});

describe('planWeekWrites', () => {
  const ana = child('ana', { dailyChoresCount: 1, weeklyChoresCount: 0, continuousChoresCount: 0 });
  const bed = chore('bed', 'daily');
  const dishes = chore('dishes', 'daily');

  it('writes a new week in full and nothing when planned again over what it wrote', () => {
    // Prepare
    const s = state({ children: [ana], chores: [bed] });
    // Act
    const first = planWeekWrites(s, SEED);
    const again = planWeekWrites({ ...s, week: first.fresh.map(storedOf) }, SEED);
    // Assess
    expect(first.fresh.map((a) => a.date)).toEqual(WEEKDAYS.map((d) => dateInWeek(WEEK, d)));
    expect(first.stale).toEqual([]);
    expect(again).toMatchObject({ fresh: [], stale: [], newContinuous: [], kept: 7 });
  });

  it('replaces pending generated days the plan drops, and never touches completed or manual ones', () => {
    // Prepare: both daily chores were planned; the quota is now one, and the Monday dishes are the parent's.
    const week = [
      ...WEEKDAYS.map((d) => dated(ana, bed, d)),
      ...WEEKDAYS.filter((d) => d !== 'monday').map((d) => dated(ana, dishes, d)),
      dated(ana, dishes, 'monday', { id: `${WEEK}.ana.m-dishes-monday`, generated: false }),
    ];
    // Act
    const w = planWeekWrites(state({ children: [ana], chores: [bed, dishes], week }), SEED);
    // Assess: whatever the planner keeps, the manual day stays and only pending generated days go.
    expect(w.stale.every((a) => a.generated && !a.completed)).toBe(true);
    expect(w.stale.map((a) => a.id)).not.toContain(`${WEEK}.ana.m-dishes-monday`);
    expect(w.keptDays.map((a) => a.id)).toContain(`${WEEK}.ana.m-dishes-monday`);
    expect(w.kept + w.stale.length).toBe(week.length);
  });

  it('keeps the other days of a generated chore the child has started this week', () => {
    // Prepare: bed and dishes were planned; ana ticked bed on Monday; the quota is now one.
    const week = [...WEEKDAYS.map((d) => dated(ana, bed, d, d === 'monday' ? { completed: true } : {})), ...WEEKDAYS.map((d) => dated(ana, dishes, d))];
    // Act
    const w = planWeekWrites(state({ children: [ana], chores: [bed, dishes], week }), SEED);
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
    const week = [dated(ghost, bed, 'monday', { completed: true })];
    // Act
    const w = planWeekWrites(state({ children: [ben], chores: [read], week }), SEED);
    // Assess
    expect(w.newContinuous.map((c) => `${c.childId}/${c.choreId}`)).toEqual(['ben/read']);
    expect(w.stale).toEqual([]);
    expect(w.fresh).toEqual([]);
  });

  it('names the rivals of each first-wins chore-day, and ignores a deleted child named in who', () => {
    // Prepare: the trash goes to whoever of ana and ben does it first; "gone" was deleted.
    const ben = child('ben', { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 0 });
    const idle = { ...ana, dailyChoresCount: 0 };
    const trash = chore('trash', 'daily', { mode: 'first', children: ['ana', 'ben', 'gone'] });
    // Act
    const w = planWeekWrites(state({ children: [idle, ben], chores: [trash] }), SEED);
    // Assess
    expect(w.fresh.length).toBeGreaterThan(0);
    expect(w.fresh.every((p) => p.firstWins && p.childId !== 'gone')).toBe(true);
    for (const p of w.fresh) expect(p.rivals).toEqual([p.childId === 'ana' ? 'ben' : 'ana']);
  });

  it('offers no one else a first-wins chore-day already done this week (a tick there would pay it twice)', () => {
    // Prepare: ana did Monday's trash while it was hers alone; the parent then made it "first who does it" and Reassigns.
    const ben = child('ben', { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 0 });
    const idle = { ...ana, dailyChoresCount: 0 };
    const trash = chore('trash', 'daily', { mode: 'first', children: ['ana', 'ben'] });
    const week = [dated(idle, trash, 'monday', { completed: true })];
    // Act
    const w = planWeekWrites(state({ children: [idle, ben], chores: [trash], week }), SEED);
    // Assess: the other days are offered to both; Monday to nobody new.
    const monday = dateInWeek(WEEK, 'monday');
    expect(w.fresh.filter((p) => p.date === monday)).toEqual([]);
    expect(w.fresh.filter((p) => p.childId === 'ben').length).toBe(6);
    // ben's pending Monday assignment from before (not first-wins) is not rewritten as a first-wins offer either.
    const before = planWeekWrites(state({ children: [idle, ben], chores: [trash], week: [...week, dated(ben, trash, 'monday')] }), SEED);
    expect(before.fresh.filter((p) => p.date === monday)).toEqual([]);
  });

  it('drops the pending days of a started chore that fall on a day the child is now away', () => {
    // Prepare: ana ticked Monday's bed; she is now away on Thursdays (a 7-day cycle from this week's Sunday).
    const away: WeekChild = { ...ana, availability: { cycles: [{ start: WEEK, length: 7, away: [4] }], away: [], pause: null } };
    const week = WEEKDAYS.map((d) => dated(away, bed, d, d === 'monday' ? { completed: true } : {}));
    // Act
    const w = planWeekWrites(state({ children: [away], chores: [bed], week }), SEED);
    // Assess: Thursday goes, the other started days stay, nothing lands on Thursday.
    const thursday = dateInWeek(WEEK, 'thursday');
    expect(w.stale.map((a) => a.date)).toEqual([thursday]);
    expect(w.keptDays.some((a) => a.date === thursday)).toBe(false);
    expect(w.fresh).toEqual([]);
  });

  it('does not hand a continuous chore held by a child away all week to another child as well', () => {
    // Prepare: ana holds the ongoing plants chore and is paused this week; ben could take a continuous chore.
    const plants = chore('plants', 'continuous');
    const paused: WeekChild = { ...child('ana', { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 1 }), availability: { cycles: [], away: [], pause: { from: WEEK } } };
    const ben = child('ben', { dailyChoresCount: 0, weeklyChoresCount: 0, continuousChoresCount: 1 });
    // Act
    const w = planWeekWrites(state({ children: [paused, ben], chores: [plants], continuous: [{ childId: 'ana', choreId: 'plants' }] }), SEED);
    // Assess: plants stays ana's only.
    expect(w.newContinuous).toEqual([]);
  });

  it('plans nothing in a week the whole family is paused, and says so', () => {
    // Prepare
    const s = state({ children: [ana], chores: [bed], familyPause: { from: '2026-11-20' } });
    // Act
    const w = planWeekWrites(s, SEED);
    // Assess
    expect(w).toMatchObject({ paused: true, fresh: [], newContinuous: [] });
    expect(planWeekWrites({ ...s, familyPause: { from: '2026-11-20', to: '2026-12-01' } }, SEED).paused).toBe(false);
  });
});
