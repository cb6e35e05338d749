import { useEffect } from 'react';

/**
 * Printing stays light whatever the screen shows (paper is white, and dark ink saves toner): the
 * dark scheme's class on <html> is swapped for the light one while the page prints.
 */
export function usePrintInLight(): void {
  useEffect(() => {
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains('dark');
      if (wasDark) root.classList.replace('dark', 'light');
    };
    const after = () => {
      if (wasDark) root.classList.replace('light', 'dark');
      wasDark = false;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}
