import { describe, expect, it } from 'vitest';
import type { AssignmentDto, ChoreDto } from '../../../api/family';
import type { Weekday } from '../../../../../shared/time';
import { choreStrips } from './chore-strips';
import { assignmentDto, choreDto } from '../../../../../test/support/frontend/fixtures';

const WEEK = '2026-11-22';
const chore = choreDto;
const dated = (c: ChoreDto, dayOfWeek: Weekday, isCompleted = false): AssignmentDto =>
  assignmentDto(c, { weekStart: WEEK, assignedDate: WEEK, dayOfWeek, isCompleted });
const ALL: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const flags = (s: { days: { active: boolean; done: boolean }[] }) => s.days.map((d) => (d.done ? 'x' : d.active ? 'o' : '-')).join('');

describe('choreStrips', () => {
  it('shows a daily chore once, active all week, marked on the days it was done (Monday first)', () => {
    const bed = chore('bed', 'daily');
    const [strip, ...rest] = choreStrips(ALL.map((d) => dated(bed, d, d === 'monday' || d === 'sunday')), WEEK);
    expect(rest).toHaveLength(0);
    expect(flags(strip!)).toBe('xooooox');
  });

  it('shows a weekly chore only on its assigned day', () => {
    const [strip] = choreStrips([dated(chore('lawn', 'weekly'), 'thursday', true)], WEEK);
    expect(flags(strip!)).toBe('---x---');
  });

  it('makes a continuous chore active on its days (or all) and done on its completed dates', () => {
    const base = dated(chore('piano', 'continuous'), 'sunday');
    const always: AssignmentDto = { ...base, isContinuous: true, dayOfWeek: null, weekStart: null, assignedDate: null, completedDates: ['2026-11-24'] };
    const someDays: AssignmentDto = { ...always, choreId: 'plants', chore: chore('plants', 'continuous'), daysOfWeek: ['monday', 'friday'], completedDates: [] };
    const strips = choreStrips([someDays, always], WEEK);
    expect(strips.map((s) => [s.chore.id, flags(s)])).toEqual([
      ['piano', 'oxooooo'],
      ['plants', 'o---o--'],
    ]);
  });

  it('orders daily, then weekly, then continuous chores', () => {
    const strips = choreStrips(
      [dated(chore('z-weekly', 'weekly'), 'friday'), { ...dated(chore('a-cont', 'continuous'), 'sunday'), isContinuous: true, dayOfWeek: null }, dated(chore('m-daily', 'daily'), 'friday')],
      WEEK,
    );
    expect(strips.map((s) => s.kind)).toEqual(['daily', 'weekly', 'continuous']);
  });
});
