import { describe, expect, it } from 'vitest';
import { slotsFor } from './dispatch';

describe('the slots a reminder run reads', () => {
  it('its own and the two hours before; at 00:00 UTC the whole last day', () => {
    expect(slotsFor(new Date('2027-03-14T20:07:00Z'))).toEqual([
      '2027-03-14T20:00', '2027-03-14T19:45', '2027-03-14T19:30', '2027-03-14T19:15', '2027-03-14T19:00',
      '2027-03-14T18:45', '2027-03-14T18:30', '2027-03-14T18:15', '2027-03-14T18:00',
    ]);
    const daily = slotsFor(new Date('2027-03-15T00:00:00Z'));
    expect(daily).toHaveLength(97);
    expect(daily.at(-1)).toBe('2027-03-14T00:00');
  });
});
