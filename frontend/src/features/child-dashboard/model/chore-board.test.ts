import { describe, expect, it } from 'vitest';
import type { AssignmentDto, ChildAssignmentsDto, ChoreCategory } from '../../../../../shared/api-types';
import { addDays, weekdayOf, type Weekday } from '../../../../../shared/time';
import { DEFAULT_MONEY as USD } from '../../../../../shared/money';
import { achievementsFor, NOT_THIS_WEEK, percentDone } from './achievements';
import { APPROVAL_TEXT, approvalState, AWAY_HINT, buildCalendarWeek, buildListColumns, MISSED_HINT, tickStage, TICK_STAGE_LABEL, todaySummary, weekOutlook } from './chore-board';
import { assignmentDto, choreDto } from '../../../../../test/support/frontend/fixtures';

const WEEK = '2026-11-22'; // a Sunday
const TUESDAY = addDays(WEEK, 2);

function chore(name: string, category: ChoreCategory, amount = '1.00') {
  return choreDto(`chore-${name}`, category, { name, amount, difficultyLevel: 2, createdAt: '2026-11-01T00:00:00Z' });
}

function dated(name: string, category: ChoreCategory, date: string, isCompleted = false): AssignmentDto {
  return assignmentDto(chore(name, category), { id: `${name}-${date}`, childId: 'kid', weekStart: WEEK, assignedDate: date, dayOfWeek: weekdayOf(date), isCompleted });
}

function continuous(name: string, daysOfWeek: Weekday[] = [], isCompleted = false, completedDates: string[] = []): AssignmentDto {
  return { ...dated(name, 'continuous', WEEK), id: `c-${name}`, weekStart: null, assignedDate: null, dayOfWeek: null, isContinuous: true, daysOfWeek, isCompleted, completedDates };
}

function answer(today: string, assignments: AssignmentDto[], shownWeekStart = WEEK): ChildAssignmentsDto {
  return {
    timeZone: 'UTC',
    today,
    weekday: weekdayOf(today),
    weekStart: WEEK,
    shownWeekStart,
    child: { id: 'kid', displayName: 'Emma' },
    assignments,
    earnings: { today: '0.00', weekToDate: '0.00', monthToDate: '0.00', yearToDate: '0.00' },
    completedCount: 0,
    totalCount: assignments.length,
    awayDays: [],
    streak: { days: 0, doneToday: false },
  };
}

const everyDay = (name: string, doneOn: string[] = []) =>
  Array.from({ length: 7 }, (_, i) => addDays(WEEK, i)).map((d) => dated(name, 'daily', d, doneOn.includes(d)));

describe('list view', () => {
  it('shows a daily chore once, with today’s instance to tick and the week’s progress', () => {
    // Prepare
    const data = answer(TUESDAY, everyDay('Make your bed', [WEEK, addDays(WEEK, 1)]));
    // Act
    const { daily } = buildListColumns(data);
    // Assess
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({ key: `Make your bed-${TUESDAY}`, tickable: true, checked: false, week: { done: 2, total: 7 } });
  });

  it('lets a weekly chore be ticked only on its day and says when', () => {
    const data = answer(TUESDAY, [
      dated('Wash the car', 'weekly', addDays(WEEK, 1)),
      dated('Mow the lawn', 'weekly', TUESDAY),
      dated('Clean your room', 'weekly', addDays(WEEK, 3)),
    ]);
    const { weekly } = buildListColumns(data);
    expect(weekly.map((r) => [r.assignment.chore.name, r.tickable, r.dayLabel, r.hint, r.missed])).toEqual([
      ['Wash the car', false, 'Monday', MISSED_HINT('monday'), true],
      ['Mow the lawn', true, 'Today', undefined, false],
      ['Clean your room', false, 'Wednesday', 'Tick this on Wednesday', false],
    ]);
  });

  it('counts a daily chore’s week as done, still to go and missed (issue 18: no open past days)', () => {
    const WEDNESDAY = addDays(WEEK, 3);
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) => dated('Make bed', 'daily', addDays(WEEK, i), i === 1));
    const { daily } = buildListColumns(answer(WEDNESDAY, days));
    expect(daily[0]!.week).toEqual({ done: 1, total: 7, missed: 2, left: 4 });
  });

  it('a family that began on Friday: the days before were never due, so nothing is missed (issue 29)', () => {
    const FRIDAY = addDays(WEEK, 5);
    // The plan applied on Friday speaks in weeks from Sunday: the days before Friday exist, not due.
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) => ({ ...dated('Make bed', 'daily', addDays(WEEK, i)), isDue: i >= 5 }));
    const weekly = { ...dated('Vacuum', 'weekly', addDays(WEEK, 1)), isDue: false };
    const data = { ...answer(FRIDAY, [...days, weekly]), completedCount: 0, totalCount: 2 };
    const columns = buildListColumns(data);
    expect(columns.daily[0]!.week).toEqual({ done: 0, total: 2, missed: 0, left: 2 });
    expect(columns.weekly).toEqual([]);
    expect(weekOutlook(data)).toEqual({ done: 0, total: 2, left: 2, missed: 0 });
    const calendar = buildCalendarWeek(data);
    // The calendar shows the week's plan, the days before Friday never as missed.
    expect(calendar.slice(0, 5).flatMap((d) => d.items).map((i) => [i.assignment.chore.name, i.missed, i.tickable])).toEqual([
      ['Make bed', false, false],
      ['Make bed', false, false],
      ['Vacuum', false, false],
      ['Make bed', false, false],
      ['Make bed', false, false],
      ['Make bed', false, false],
    ]);
    expect(calendar[5]!.items.map((i) => [i.assignment.chore.name, i.missed, i.tickable])).toEqual([['Make bed', false, true]]);
  });

  it('an ongoing chore is still to do on each of its days ahead, as the server counts it', () => {
    const FRIDAY = addDays(WEEK, 5);
    // Read every day, assigned on Friday: the server counts Friday and Saturday.
    const data = { ...answer(FRIDAY, [continuous('Read')]), completedCount: 0, totalCount: 2 };
    expect(weekOutlook(data)).toEqual({ done: 0, total: 2, left: 2, missed: 0 });
  });

  it('says what can still be done this week, and counts goals down only in that (issue 18)', () => {
    const WEDNESDAY = addDays(WEEK, 3);
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) => dated('Make bed', 'daily', addDays(WEEK, i)));
    const data = { ...answer(WEDNESDAY, [...days, dated('Vacuum', 'weekly', addDays(WEEK, 1))]), completedCount: 0, totalCount: 8 };
    const outlook = weekOutlook(data);
    expect(outlook).toEqual({ done: 0, total: 8, left: 4, missed: 4 });
    const badges = achievementsFor({ completedCount: 0, totalCount: 8, weekToDate: '0.00', left: outlook.left }, USD);
    expect(badges.find((b) => b.id === 'all-complete')!.toGo).toBe(NOT_THIS_WEEK);
    expect(badges.find((b) => b.id === 'star-performer')!.toGo).toBe('3 more chores to go');
    expect(badges.find((b) => b.id === 'super-helper')!.toGo).toBe(NOT_THIS_WEEK);
  });

  it('lets a continuous chore be ticked only on an active day', () => {
    const data = answer(TUESDAY, [continuous('Read', []), continuous('Piano', ['monday', 'friday'])]);
    const { ongoing } = buildListColumns(data);
    expect(ongoing.map((r) => [r.assignment.chore.name, r.tickable, r.dayLabel, r.hint])).toEqual([
      ['Read', true, 'Every day', undefined],
      ['Piano', false, 'Mon, Fri', 'Tick this on Friday'],
    ]);
  });

  it('an ongoing chore on a day the child is away is not to do: not tickable, said so, not counted ahead, not on the calendar (issue 29 point 7)', () => {
    const WEDNESDAY = addDays(WEEK, 3);
    // Away Tuesday and Wednesday (a trip): the server's dueDates and isDue leave them out.
    const read: AssignmentDto = { ...continuous('Read'), isDue: false, dueDates: [0, 1, 4, 5, 6].map((i) => addDays(WEEK, i)) };
    const data = { ...answer(TUESDAY, [read]), completedCount: 0, totalCount: 5, awayDays: [TUESDAY, WEDNESDAY].map((date) => ({ date, label: 'Trip' })) };
    const { ongoing } = buildListColumns(data);
    expect(ongoing.map((r) => [r.assignment.chore.name, r.tickable, r.hint])).toEqual([['Read', false, AWAY_HINT]]);
    expect(todaySummary(buildListColumns(data))).toEqual({ total: 0, done: 0 });
    // Ahead: Thursday to Saturday (not Tuesday or Wednesday); Sunday and Monday passed.
    expect(weekOutlook(data)).toEqual({ done: 0, total: 5, left: 3, missed: 2 });
    const calendar = buildCalendarWeek(data);
    expect(calendar.map((d) => d.items.length)).toEqual([1, 1, 0, 0, 1, 1, 1]);
  });

  it('prefers the continuous-assignments answer for the ongoing column', () => {
    const data = answer(TUESDAY, [continuous('Read', [], false)]);
    const { ongoing } = buildListColumns(data, [continuous('Read', [], true)]);
    expect(ongoing[0]!.checked).toBe(true);
  });

  it('marks a paid-out chore as paid, still ticked and on today’s list', () => {
    const paid = (a: AssignmentDto): AssignmentDto => ({ ...a, isCompleted: true, isPaid: true });
    const data = answer(TUESDAY, [paid(dated('Mow', 'weekly', TUESDAY)), dated('Car', 'weekly', TUESDAY, true), { ...paid(continuous('Read')), completedDates: [TUESDAY] }]);
    const { weekly, ongoing } = buildListColumns(data);
    expect(weekly.map((r) => [r.assignment.chore.name, r.checked, r.paid, r.tickable])).toEqual([
      ['Car', true, false, true],
      ['Mow', true, true, true],
    ]);
    expect(ongoing[0]).toMatchObject({ checked: true, paid: true });
    expect(todaySummary(buildListColumns(data))).toEqual({ total: 3, done: 3 });
    const tuesday = buildCalendarWeek(data)[2]!;
    expect(tuesday.items.map((i) => [i.assignment.chore.name, i.paid])).toEqual([
      ['Car', false],
      ['Mow', true],
      ['Read', true],
    ]);
  });

  it('counts today’s tickable chores for the greeting', () => {
    const data = answer(TUESDAY, [...everyDay('Bed', [TUESDAY]), dated('Mow', 'weekly', TUESDAY), dated('Car', 'weekly', WEEK), continuous('Read')]);
    expect(todaySummary(buildListColumns(data))).toEqual({ total: 3, done: 1 });
  });
});

describe('calendar view', () => {
  it('shows a continuous chore completed only on today’s date and lets only today be ticked', () => {
    const data = answer(TUESDAY, [continuous('Read', [], true, [addDays(WEEK, 1), TUESDAY]), dated('Mow', 'weekly', addDays(WEEK, 4), false)]);
    const days = buildCalendarWeek(data);
    expect(days.map((d) => d.weekday)).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    const read = days.map((d) => d.items.find((i) => i.assignment.chore.name === 'Read')!);
    expect(read.map((i) => i.checked)).toEqual([false, false, true, false, false, false, false]);
    expect(read.map((i) => i.tickable)).toEqual([false, false, true, false, false, false, false]);
    expect(days[4]!.items.map((i) => [i.assignment.chore.name, i.tickable])).toEqual([
      ['Mow', false],
      ['Read', false],
    ]);
  });

  it('leaves a day empty when nothing is on it, in another week too', () => {
    const next = addDays(WEEK, 7);
    const data = answer(TUESDAY, [continuous('Piano', ['monday'])], next);
    const days = buildCalendarWeek(data);
    expect(days[0]!.date).toBe(next);
    expect(days.map((d) => d.items.length)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(days.some((d) => d.isToday)).toBe(false);
  });
});

describe('achievements', () => {
  it('are earned at the spec thresholds', () => {
    const earned = (completedCount: number, totalCount: number, weekToDate: string) =>
      achievementsFor({ completedCount, totalCount, weekToDate }, USD)
        .filter((a) => a.earned)
        .map((a) => a.title);
    expect(earned(2, 10, '9.99')).toEqual([]);
    expect(earned(3, 10, '0.00')).toEqual(['Star Performer']);
    expect(earned(5, 10, '10.00')).toEqual(['Star Performer', 'Money Maker', 'Super Helper']);
    expect(earned(4, 4, '0.00')).toEqual(['Star Performer', 'All Complete']);
    expect(earned(0, 0, '0.00')).toEqual([]);
  });

  it('say what is left for a locked badge', () => {
    const [star, all, money] = achievementsFor({ completedCount: 2, totalCount: 10, weekToDate: '7.25' }, USD);
    expect(star!.toGo).toBe('1 more chore to go');
    expect(all!.toGo).toBe('8 more chores to go');
    expect(money!.goal).toBe('Earn $10.00 or more');
    expect(money!.toGo).toBe('$2.75 more to go');
  });

  it('count money in the family’s currency (issue 22): euros in German style, yen without decimals', () => {
    const [, , euro] = achievementsFor({ completedCount: 2, totalCount: 10, weekToDate: '7.25' }, { currency: 'EUR', locale: 'de-DE' });
    expect(euro!.goal).toBe('Earn 10,00 € or more');
    expect(euro!.toGo).toBe('2,75 € more to go');
    const [, , yen] = achievementsFor({ completedCount: 2, totalCount: 10, weekToDate: '500' }, { currency: 'JPY', locale: 'ja-JP' });
    expect(yen!.goal).toBe('Earn ￥1,000 or more');
    expect(yen!.toGo).toBe('￥500 more to go');
    expect(yen!.earned).toBe(false);
    expect(achievementsFor({ completedCount: 0, totalCount: 1, weekToDate: '1000' }, { currency: 'JPY', locale: 'ja-JP' })[2]!.earned).toBe(true);
  });

  it('round the percentage down so 100% means all done', () => {
    expect(percentDone(199, 200)).toBe(99);
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(3, 3)).toBe(100);
  });
});

describe('a parent’s OK (issue 19)', () => {
  const approval = (a: AssignmentDto): AssignmentDto => ({ ...a, chore: { ...a.chore, needsApproval: true } });

  it('shows a waiting tick as waiting, still the child’s to take back', () => {
    const waiting = { ...approval(dated('Feed the cat', 'daily', TUESDAY, true)), waiting: true, canTakeBack: true };
    const { daily } = buildListColumns(answer(TUESDAY, [waiting]));
    expect(daily[0]).toMatchObject({ checked: true, tickable: true, approval: { waiting: true, sentBack: null } });
    expect(daily[0]!.approval!.lockHint).toBeUndefined();
  });

  it('locks an approved tick with the reason, and a counted tick of a chore without approval with its own', () => {
    const approved = { ...approval(dated('Feed the cat', 'weekly', TUESDAY, true)), canTakeBack: false };
    const counted = { ...dated('Mow', 'weekly', TUESDAY, true), canTakeBack: false };
    const { weekly } = buildListColumns(answer(TUESDAY, [approved, counted]));
    expect(weekly.map((r) => r.approval?.lockHint)).toEqual([APPROVAL_TEXT.approvedLocked, APPROVAL_TEXT.countedLocked]);
  });

  it('never locks from an answer without the field, and a paid chore says Paid instead', () => {
    const old = { ...dated('Mow', 'weekly', TUESDAY, true), canTakeBack: undefined as unknown as boolean };
    const paid = { ...dated('Car', 'weekly', TUESDAY, true), isPaid: true, canTakeBack: false };
    const { weekly } = buildListColumns(answer(TUESDAY, [old, paid]));
    expect(weekly.map((r) => r.approval?.lockHint)).toEqual([undefined, undefined]);
    expect(approvalState(paid, true)).toEqual({ waiting: false, sentBack: null });
  });

  it('names a tick’s stage with one word each: waiting, counted once approved (never Paid before a payout), paid (issue 29)', () => {
    const waiting = { ...approval(dated('Feed the cat', 'weekly', TUESDAY, true)), waiting: true, canTakeBack: true };
    const approved = { ...approval(dated('Dishes', 'weekly', TUESDAY, true)), canTakeBack: false };
    const ticked = { ...dated('Mow', 'weekly', TUESDAY, true), canTakeBack: true };
    const paid = { ...approval(dated('Walk', 'weekly', TUESDAY, true)), isPaid: true, canTakeBack: false };
    const open = dated('Sweep', 'weekly', TUESDAY);
    const { weekly } = buildListColumns(answer(TUESDAY, [waiting, approved, ticked, paid, open]));
    const stages = Object.fromEntries(weekly.map((r) => [r.assignment.chore.name, tickStage(r)]));
    expect(stages).toEqual({ 'Feed the cat': 'waiting', Dishes: 'counted', Mow: 'counted', Walk: 'paid', Sweep: null });
    expect(TICK_STAGE_LABEL).toEqual({ waiting: "Waiting for a parent's OK", counted: 'Counted', paid: 'Paid' });
    // The calendar says the same.
    const day = buildCalendarWeek(answer(TUESDAY, [waiting, approved, paid]))[2]!;
    expect(day.items.map((i) => [i.assignment.chore.name, tickStage(i)])).toEqual([['Dishes', 'counted'], ['Feed the cat', 'waiting'], ['Walk', 'paid']]);
  });

  it('shows a sent-back chore back to do with the parent’s note (or none)', () => {
    expect(approvalState({ ...dated('Bed', 'daily', TUESDAY), sentBackNote: 'Pillows on top' }, false).sentBack).toBe('Pillows on top');
    expect(approvalState({ ...dated('Bed', 'daily', TUESDAY), sentBackNote: '' }, false).sentBack).toBe('');
    expect(approvalState({ ...dated('Bed', 'daily', TUESDAY, true), sentBackNote: 'old' }, true).sentBack).toBeNull();
  });

  it('in the calendar, an ongoing chore’s other days are neither waiting nor locked', () => {
    const ongoing = { ...approval(continuous('Read', [], true, [TUESDAY])), waiting: true, waitingDates: [TUESDAY], canTakeBack: true };
    const days = buildCalendarWeek(answer(TUESDAY, [ongoing]));
    expect(days[2]!.items[0]!.approval).toMatchObject({ waiting: true });
    expect(days[3]!.items[0]!.approval).toEqual({ waiting: false, sentBack: null });
  });
});

describe('a first-wins chore-day another child took (issue 21)', () => {
  const WEDNESDAY = addDays(WEEK, 3);
  const taken = (a: AssignmentDto): AssignmentDto => ({ ...a, firstWins: true, takenBy: { childId: 'liam', displayName: 'Liam' } });

  it('is never missed on a past day, and is not to do or tickable today', () => {
    // Monday taken by Liam, Tuesday missed, Wednesday (today) taken by Liam, the rest still to come.
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) => dated('Feed the cat', 'daily', addDays(WEEK, i), i === 0)).map((a, i) => (i === 1 || i === 3 ? taken(a) : a));
    const weekly = [taken(dated('Wash the car', 'weekly', addDays(WEEK, 1))), dated('Vacuum', 'weekly', TUESDAY)];
    const data = answer(WEDNESDAY, [...days, ...weekly]);
    const columns = buildListColumns(data);
    expect(columns.daily[0]!.week).toEqual({ done: 1, total: 7, missed: 1, left: 3 });
    expect(columns.daily[0]).toMatchObject({ tickable: false, isToday: true });
    expect(columns.weekly.map((r) => [r.assignment.chore.name, r.missed, r.hint])).toEqual([
      ['Wash the car', false, undefined],
      ['Vacuum', true, MISSED_HINT('tuesday')],
    ]);
    expect(todaySummary(columns)).toEqual({ total: 0, done: 0 });
    // The server leaves the 3 taken days out of totalCount: 6 chore-days, 1 done, 3 still to do, 2 missed (Tue, Vacuum).
    expect(weekOutlook({ ...data, completedCount: 1, totalCount: 6 })).toEqual({ done: 1, total: 6, left: 3, missed: 2 });
    const calendar = buildCalendarWeek(data);
    expect(calendar[1]!.items.map((i) => [i.assignment.chore.name, i.missed, i.tickable])).toEqual([
      ['Feed the cat', false, false],
      ['Wash the car', false, false],
    ]);
    expect(calendar[3]!.items.map((i) => [i.assignment.chore.name, i.missed, i.tickable])).toEqual([['Feed the cat', false, false]]);
  });

  it('is ticked and done as usual by the child who took it', () => {
    const mine = { ...dated('Feed the cat', 'daily', TUESDAY, true), firstWins: true };
    const { daily } = buildListColumns(answer(TUESDAY, [mine]));
    expect(daily[0]).toMatchObject({ tickable: true, checked: true, week: { done: 1, total: 1, missed: 0, left: 0 } });
  });
});
