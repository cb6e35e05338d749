/** Issue 32: the board's PIN pad as a pure state machine (the pad's buttons and the keyboard both feed it). */
export const PIN_LENGTH = 4;

export type PinKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'back' | 'clear';

/** The digits typed after a key: a digit is added while fewer than four are typed, back takes the last one away. */
export function pressPinKey(typed: string, key: PinKey): string {
  if (key === 'clear') return '';
  if (key === 'back') return typed.slice(0, -1);
  return typed.length >= PIN_LENGTH ? typed : typed + key;
}

/** A keyboard key as a pad key, or null (anything else is left to the browser). */
export function pinKeyOf(key: string): PinKey | null {
  if (/^[0-9]$/.test(key)) return key as PinKey;
  if (key === 'Backspace') return 'back';
  if (key === 'Escape' || key === 'Delete') return 'clear';
  return null;
}

export const isComplete = (typed: string): boolean => typed.length === PIN_LENGTH;
