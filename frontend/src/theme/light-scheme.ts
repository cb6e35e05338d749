import { useEffect } from 'react';

/** Shows the light scheme until the returned function is called (the dark class on <html> swapped for the light one). */
export function forceLight(): () => void {
  const root = document.documentElement;
  if (!root.classList.contains('dark')) return () => undefined;
  root.classList.replace('dark', 'light');
  return () => {
    if (root.classList.contains('light')) root.classList.replace('light', 'dark');
  };
}

/**
 * Printing stays light whatever the screen shows (paper is white, and dark ink saves toner): the
 * dark scheme's class on <html> is swapped for the light one while the page prints.
 */
export function usePrintInLight(): void {
  useEffect(() => {
    let restore: (() => void) | null = null;
    const before = () => {
      restore = forceLight();
    };
    const after = () => {
      restore?.();
      restore = null;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}
