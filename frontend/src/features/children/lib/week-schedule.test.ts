import { describe, expect, it } from 'vitest';
import type { AssignmentDto, ChoreDto } from '../../../api/family';
import type { Weekday } from '../../../../../shared/time';
import { childWeekSchedule } from './week-schedule';
import { assignmentDto, choreDto } from '../../../../../test/support/frontend/fixtures';

const chore = choreDto;
const dated = (c: ChoreDto, dayOfWeek: Weekday, isCompleted = false): AssignmentDto =>
  assignmentDto(c, { id: `${c.id}-${dayOfWeek}-${Math.random()}`, weekStart: '2026-11-22', assignedDate: '2026-11-22', dayOfWeek, isCompleted, source: 'manual' });
const continuous = (c: ChoreDto, daysOfWeek: Weekday[], completedDates: string[] = []): AssignmentDto => ({
  ...dated(c, 'sunday'),
  weekStart: null,
  assignedDate: null,
  dayOfWeek: null,
  isContinuous: true,
  daysOfWeek,
  completedDates,
});

describe('childWeekSchedule', () => {
  it('lists the days Monday first, each chore once with a count', () => {
    const dishes = chore('dishes', 'daily');
    const week = childWeekSchedule([dated(dishes, 'sunday'), dated(dishes, 'monday'), dated(dishes, 'monday', true)]);
    expect(week.days.map((d) => d.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(week.days[0]!.chores).toEqual([{ chore: dishes, count: 2, completed: 1, continuous: false }]);
    expect(week.days[6]!.chores).toHaveLength(1);
  });

  it('puts continuous chores without days in the ongoing group and those with days on their days', () => {
    const piano = chore('piano', 'continuous');
    const plants = chore('plants', 'continuous');
    const week = childWeekSchedule([continuous(piano, []), continuous(plants, ['tuesday'], ['2026-11-24'])], '2026-11-22');
    expect(week.ongoing.map((s) => s.chore.id)).toEqual(['piano']);
    expect(week.days[1]!.chores).toEqual([{ chore: plants, count: 1, completed: 1, continuous: true }]);
  });

  it('counts daily, weekly and ongoing assignments for the summary', () => {
    const dishes = chore('dishes', 'daily');
    const lawn = chore('lawn', 'weekly');
    const piano = chore('piano', 'continuous');
    const week = childWeekSchedule([dated(dishes, 'monday'), dated(dishes, 'tuesday'), dated(lawn, 'saturday'), continuous(piano, [])]);
    expect(week.summary).toEqual({ daily: 2, weekly: 1, ongoing: 1 });
  });
});
