/**
 * Issue 32: reminder times, a family's wall-clock `HH:MM` on a quarter hour (shared/push-schemas.ts
 * localTimeSchema), as the selects offer them and the screens say them ("4:00 PM").
 */

/** "16:00" → "4:00 PM"; "00:15" → "12:15 AM". */
export function clockTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Every quarter hour of a day, "00:00" to "23:45", each with its words. */
export const QUARTER_HOURS: readonly { value: string; label: string }[] = Array.from({ length: 96 }, (_, i) => {
  const value = `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
  return { value, label: clockTime(value) };
});
