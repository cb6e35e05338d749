import { useCallback, useState } from 'react';

function read<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : fallback;
  } catch {
    // Storage blocked (private mode) or a bad value: start from the default.
    return fallback;
  }
}

/** A small preference remembered on this device (the child's chosen view, hidden earnings, a dismissed banner). */
export function useStoredState<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, fallback, isValid));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Not remembered; the choice still applies until the page closes.
      }
    },
    [key],
  );
  return [value, update];
}
