import { describe, expect, it } from 'vitest';
import { awayDays } from '../../../../../shared/availability';
import { availabilityBody, availabilityIssue, cycleDraftIssue, cycleFromDraft, describeCycle, draftOnSave, emptyCycleDraft, onOrAfter, shiftMonth, monthTitle } from './availability-form';

const TODAY = '2026-11-26'; // a Thursday

describe('availability editor', () => {
  it('turns each preset into a cycle that is away on the right dates', () => {
    const weekly = cycleFromDraft({ ...emptyCycleDraft(TODAY), days: ['wednesday', 'monday'], label: ' At Dad’s ' });
    // It starts on the date picked (Thursday): Monday and Wednesday are 4 and 6 days after it.
    expect(weekly).toEqual({ start: '2026-11-26', length: 7, away: [4, 6], label: 'At Dad’s' });
    expect(awayDays({ cycles: [weekly], away: [], pause: null }, null, '2026-11-29', '2026-12-05').map((d) => d.date)).toEqual(['2026-11-30', '2026-12-02']);
    // Nothing before the start is away (issue 29): not the Monday and Wednesday of the start's own week.
    expect(awayDays({ cycles: [weekly], away: [], pause: null }, null, '2026-11-22', '2026-11-28')).toEqual([]);

    const weekends = cycleFromDraft({ ...emptyCycleDraft(TODAY), preset: 'alternateWeekends' });
    expect(weekends).toEqual({ start: '2026-11-28', length: 14, away: [0, 1] });
    expect(awayDays({ cycles: [weekends], away: [], pause: null }, null, '2026-11-26', '2026-12-13').map((d) => d.date)).toEqual(['2026-11-28', '2026-11-29', '2026-12-12', '2026-12-13']);

    expect(cycleFromDraft({ ...emptyCycleDraft(TODAY), preset: 'thursdayToSunday' })).toEqual({ start: '2026-11-26', length: 14, away: [0, 1, 2, 3] });
    const custom = Array(14).fill(false) as boolean[];
    custom[0] = true;
    custom[13] = true;
    const own = cycleFromDraft({ ...emptyCycleDraft(TODAY), preset: 'custom', custom });
    expect(own).toEqual({ start: '2026-11-26', length: 14, away: [9, 10] });
    // Week 1's Sunday (22 Nov) is before the start; week 2's Saturday (5 Dec) and then every other Sunday and Saturday.
    expect(awayDays({ cycles: [own], away: [], pause: null }, null, '2026-11-22', '2026-12-06').map((d) => d.date)).toEqual(['2026-12-05', '2026-12-06']);
  });

  it('reads cycles back in plain words', () => {
    expect(describeCycle({ start: '2026-11-22', length: 7, away: [1, 3], label: 'At Dad’s' })).toBe('Away every Monday and Wednesday (At Dad’s)');
    expect(describeCycle({ start: '2026-11-28', length: 14, away: [0, 1] })).toBe('Alternate weekends, from 28 Nov 2026');
    expect(describeCycle({ start: '2026-11-26', length: 14, away: [0, 1, 2, 3] })).toBe('Thursday to Sunday every other week, from 26 Nov 2026');
    expect(describeCycle({ start: '2026-11-22', length: 14, away: [0, 13] })).toBe('2 days away in every 2 weeks, from 22 Nov 2026');
  });

  it('says what a pattern or the calendar still needs', () => {
    expect(cycleDraftIssue(emptyCycleDraft(TODAY))).toBe('Pick at least one day.');
    expect(cycleDraftIssue({ ...emptyCycleDraft(TODAY), preset: 'custom' })).toBe('Tick at least one day of the two weeks.');
    expect(cycleDraftIssue({ ...emptyCycleDraft(TODAY), preset: 'alternateWeekends', start: '' })).toBe('Pick the date the pattern starts from.');
    expect(cycleDraftIssue({ ...emptyCycleDraft(TODAY), preset: 'alternateWeekends' })).toBeNull();
    expect(availabilityIssue({ cycles: [], away: [{ from: '2026-12-05', to: '2026-12-01' }], pause: null })).toBe('An away period ends before it starts (5 Dec 2026).');
    expect(availabilityIssue({ cycles: [], away: [], pause: { from: '2026-12-05', to: '2026-12-01' } })).toBe('The pause ends before it starts.');
    expect(availabilityIssue({ cycles: [], away: [{ from: '2026-12-01', to: '2026-12-01' }], pause: { from: '2026-12-05' } })).toBeNull();
  });

  it('keeps a pattern filled in but not added when saving, or says what it still needs (issue 29)', () => {
    expect(draftOnSave(emptyCycleDraft(TODAY))).toEqual({ kind: 'none' });
    expect(draftOnSave({ ...emptyCycleDraft(TODAY), preset: 'alternateWeekends', label: 'At Dad’s' })).toEqual({
      kind: 'add',
      cycle: { start: '2026-11-28', length: 14, away: [0, 1], label: 'At Dad’s' },
    });
    expect(draftOnSave({ ...emptyCycleDraft(TODAY), label: 'At Dad’s' })).toEqual({
      kind: 'refuse',
      message: 'The new pattern is not finished: Pick at least one day. Finish it and press Add pattern, or clear it.',
    });
  });

  it('sends trimmed labels and leaves empty ones out', () => {
    expect(availabilityBody({ cycles: [], away: [{ from: '2026-12-01', to: '2026-12-02', label: '  ' }, { from: '2026-12-03', to: '2026-12-03', label: ' Trip ' }], pause: { from: '2026-12-10', to: '' } })).toEqual({
      cycles: [],
      away: [{ from: '2026-12-01', to: '2026-12-02' }, { from: '2026-12-03', to: '2026-12-03', label: 'Trip' }],
      pause: { from: '2026-12-10' },
    });
  });

  it('moves between months and names them', () => {
    expect(onOrAfter('2026-11-29', 'saturday')).toBe('2026-12-05');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });
});
