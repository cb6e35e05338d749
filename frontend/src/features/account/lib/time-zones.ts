/**
 * The family's time zone as people pick it: every IANA zone the browser knows, named by its place
 * ("America/New York") with its offset now ("GMT-05:00"), searchable by either spelling.
 */

export interface TimeZoneOption {
  /** The IANA id the API takes, e.g. `America/New_York`. */
  id: string;
  /** `New York (GMT-05:00)`: the place and its offset, short enough for a phone's field. */
  label: string;
  /** `America/New York`: the whole name, shown under the place in the list. */
  place: string;
  /** `GMT-05:00` (at `now`; summer time changes it). */
  offset: string;
  /** Minutes east of UTC at `now`, for sorting. */
  offsetMinutes: number;
}

/** The zones the browser lists (`Intl.supportedValuesOf`), with UTC and any `extra` zone (the family's own, which may be an alias). */
export function supportedTimeZones(extra: readonly string[] = []): string[] {
  let listed: string[] = [];
  try {
    listed = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser: the family's zone and UTC are still offered.
  }
  return [...new Set([...listed, 'UTC', ...extra.filter(Boolean)])];
}

/** `GMT-05:00` → -300; `GMT+05:30` → 330; `GMT` → 0. */
export function offsetMinutesOf(offset: string): number {
  const m = /^GMT([+-])(\d{2}):?(\d{2})?$/.exec(offset);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The zone's offset from UTC at `now`, as `GMT+09:00` (`GMT+00:00` for UTC itself). */
export function zoneOffset(timeZone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName');
    // Some engines write UTC itself as a bare "GMT".
    return part?.value && part.value !== 'GMT' ? part.value : 'GMT+00:00';
  } catch {
    return 'GMT+00:00';
  }
}

/** "America/Argentina/Buenos_Aires" → "America/Argentina/Buenos Aires". */
export const placeName = (id: string): string => id.replace(/_/g, ' ');

/** "America/Argentina/Buenos_Aires" → "Buenos Aires": the city a zone is named for. */
export const cityName = (id: string): string => placeName(id.split('/').at(-1) ?? id);

export function timeZoneOption(id: string, now: Date): TimeZoneOption {
  const offset = zoneOffset(id, now);
  return { id, offset, offsetMinutes: offsetMinutesOf(offset), label: `${cityName(id)} (${offset})`, place: placeName(id) };
}

/** Every zone as an option, in alphabetical order of place. */
export function timeZoneOptions(ids: readonly string[], now: Date): TimeZoneOption[] {
  return ids.map((id) => timeZoneOption(id, now)).sort((a, b) => a.id.localeCompare(b.id));
}

/** The text a search matches: the label, the whole place and the raw id, so "new york", "america", "new_york" and "gmt-05" all find New York. */
export const searchText = (o: TimeZoneOption): string => `${o.label} ${o.place} ${o.id}`;

/** An instant as a family reads it: "Sunday, November 29, 12:00 AM" in `timeZone`. */
export function zonedDateTime(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  return `${instant.toLocaleDateString('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' })}, ${zonedTime(instant, timeZone)}`;
}

/** The time now in a zone: "3:42 PM". */
export const zonedTime = (now: Date, timeZone: string): string => now.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
