/**
 * Money is integer cents inside; the API and the screens speak 2-decimal dollar strings.
 */
const AMOUNT = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/;

/** Largest reward one chore may carry, in cents ($100,000.00 would be absurd for a chore). */
export const MAX_AMOUNT_CENTS = 1_000_000;

/** Parses "3", "3.5", "3.50" into cents; null when the text is not a non-negative amount with ≤ 2 decimals. */
export function parseCents(text: string | number): number | null {
  const m = AMOUNT.exec(typeof text === 'number' ? String(text) : text);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Formats cents as a 2-decimal string: 125 → "1.25", -5 → "-0.05". */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats cents as dollars for screens: 125 → "$1.25". */
export const formatDollars = (cents: number): string => `$${formatCents(cents)}`;

/** Converts what a number input holds (e.g. 2.5 or "2.50") to the API's 2-decimal string. */
export function toAmountString(value: string | number): string {
  const cents = typeof value === 'number' ? roundToCents(value) : parseCents(value);
  if (cents === null) throw new Error(`Not an amount: ${value}`);
  return formatCents(cents);
}

/** Rounds a float dollar value half-up to cents via its decimal text, so 2.675 → 268, not 267. */
export function roundToCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const [whole, fraction = ''] = value.toFixed(10).split('.');
  const digits = fraction.padEnd(3, '0');
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
}
