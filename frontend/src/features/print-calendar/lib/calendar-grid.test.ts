import { describe, expect, it } from 'vitest';
import type { AssignmentDto, ChoreDto } from '../../../api/family';
import type { Weekday } from '../../../../../shared/time';
import { formatMoney } from '../../../../../shared/money';
import { buildCalendarGrid, PRINT_DELAY_MS } from './calendar-grid';
import { assignmentDto, choreDto } from '../../../../../test/support/frontend/fixtures';

const WEEK = '2026-11-22';
const chore = (id: string, category: ChoreDto['category'], amount = '1.00'): ChoreDto => choreDto(id, category, { amount });
const dated = (c: ChoreDto, dayOfWeek: Weekday | null): AssignmentDto => assignmentDto(c, { id: `${c.id}-${dayOfWeek}`, weekStart: WEEK, dayOfWeek });
const ALL: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const namesPerDay = (g: ReturnType<typeof buildCalendarGrid>) => g.days.map((d) => d.entries.map((e) => e.chore.id).join(','));

describe('buildCalendarGrid', () => {
  it('prints after one second', () => {
    expect(PRINT_DELAY_MS).toBe(1000);
  });

  it('places daily chores every day and weekly chores on their day, Monday first', () => {
    const grid = buildCalendarGrid([...ALL.map((d) => dated(chore('bed', 'daily', '0.50'), d)), dated(chore('lawn', 'weekly', '7.50'), 'thursday')], WEEK, 'USD');
    expect(grid.days.map((d) => d.day)[0]).toBe('monday');
    expect(namesPerDay(grid)).toEqual(['bed', 'bed', 'bed', 'bed,lawn', 'bed', 'bed', 'bed']);
    expect(grid.totalMinor).toBe(7 * 50 + 750);
    expect(grid.choreCount).toBe(2);
  });

  it('spreads weekly chores without a day by order: the n-th goes on day n modulo 7', () => {
    const weekly = Array.from({ length: 8 }, (_, i) => dated(chore(`w${i}`, 'weekly'), null));
    const grid = buildCalendarGrid(weekly, WEEK, 'USD');
    expect(namesPerDay(grid)).toEqual(['w0,w7', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6']);
  });

  it('places continuous chores on every active day and counts them in the total', () => {
    const base = dated(chore('piano', 'continuous', '0.25'), null);
    const always: AssignmentDto = { ...base, isContinuous: true };
    const twice: AssignmentDto = { ...base, isContinuous: true, choreId: 'plants', chore: chore('plants', 'continuous', '1.00'), daysOfWeek: ['monday', 'sunday'] };
    const grid = buildCalendarGrid([always, twice], WEEK, 'USD');
    expect(namesPerDay(grid)).toEqual(['piano,plants', 'piano', 'piano', 'piano', 'piano', 'piano', 'piano,plants']);
    expect(grid.totalMinor).toBe(7 * 25 + 2 * 100);
  });

  it('adds up amounts in the family’s currency: euros read "12,50 €", yen have no decimals, dinars three', () => {
    const euro = buildCalendarGrid([dated(chore('lawn', 'weekly', '12.50'), 'thursday'), dated(chore('bed', 'daily', '0.25'), 'friday')], WEEK, 'EUR');
    expect(euro.totalMinor).toBe(1275);
    expect(formatMoney(euro.totalMinor, { currency: 'EUR', locale: 'de-DE' })).toBe('12,75 €');
    const yen = buildCalendarGrid([dated(chore('lawn', 'weekly', '500'), 'thursday'), dated(chore('bed', 'daily', '120'), 'friday')], WEEK, 'JPY');
    expect(yen.totalMinor).toBe(620);
    expect(formatMoney(yen.totalMinor, { currency: 'JPY', locale: 'ja-JP' })).toBe('￥620');
    const dinar = buildCalendarGrid([dated(chore('lawn', 'weekly', '1.250'), 'thursday')], WEEK, 'KWD');
    expect(dinar.totalMinor).toBe(1250);
  });
});
