import { describe, expect, it } from 'vitest';
import { offsetMinutesOf, placeName, searchText, supportedTimeZones, timeZoneOption, timeZoneOptions, zonedDateTime, zoneOffset } from './time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('time zone options', () => {
  it('lists the zones the runtime knows, with UTC and the family’s own zone even when not listed', () => {
    const zones = supportedTimeZones(['Asia/Calcutta']);
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Calcutta');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('names a zone by its place and its offset now (summer time included)', () => {
    expect(timeZoneOption('America/New_York', WINTER)).toMatchObject({ label: 'New York (GMT-05:00)', place: 'America/New York', offset: 'GMT-05:00', offsetMinutes: -300 });
    expect(zoneOffset('America/New_York', SUMMER)).toBe('GMT-04:00');
    expect(timeZoneOption('Asia/Kolkata', WINTER)).toMatchObject({ offset: 'GMT+05:30', offsetMinutes: 330 });
    expect(timeZoneOption('UTC', WINTER)).toMatchObject({ offset: 'GMT+00:00', offsetMinutes: 0 });
    expect(placeName('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
  });

  it('an unknown zone does not throw', () => {
    expect(zoneOffset('Not/AZone', WINTER)).toBe('GMT+00:00');
    expect(offsetMinutesOf('nonsense')).toBe(0);
  });

  it('sorts by id and is found by place, id or offset', () => {
    const options = timeZoneOptions(['Europe/Paris', 'America/New_York', 'Asia/Tokyo'], WINTER);
    expect(options.map((o) => o.id)).toEqual(['America/New_York', 'Asia/Tokyo', 'Europe/Paris']);
    const find = (q: string) => options.filter((o) => searchText(o).toLowerCase().includes(q.toLowerCase())).map((o) => o.id);
    expect(find('new york')).toEqual(['America/New_York']);
    expect(find('New_York')).toEqual(['America/New_York']);
    expect(find('GMT+09')).toEqual(['Asia/Tokyo']);
  });

  it('shows an instant as the family reads it in its zone', () => {
    // The Sunday run for the week of 2026-01-18 in Tokyo: Sunday 00:00 local is 15:00 UTC on Saturday.
    expect(zonedDateTime('2026-01-17T15:00:00.000Z', 'Asia/Tokyo')).toBe('Sunday, January 18, 12:00 AM');
    expect(zonedDateTime('2026-01-17T15:00:00.000Z', 'America/New_York')).toBe('Saturday, January 17, 10:00 AM');
  });
});
