import { useColorScheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

/** Shows the light scheme until the returned function is called (the dark class on <html> swapped for the light one). */
function forceLight(): () => void {
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

/**
 * For a page that is a sheet of paper on screen too (the print calendar): light while it is shown,
 * whatever the scheme, also when the device or the toggle turns dark while the page is open (the
 * theme then puts the dark class back on <html>, and it is swapped again at once, before anything
 * is painted). Leaving the page gives <html> back the scheme the theme is in by then.
 */
export function useLightScheme(): void {
  const { mode, systemMode } = useColorScheme();
  const dark = useRef(false);
  dark.current = (mode === 'system' ? systemMode : mode) === 'dark';
  useEffect(() => {
    const root = document.documentElement;
    forceLight();
    const observer = new MutationObserver(() => {
      if (root.classList.contains('dark')) forceLight();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      if (dark.current && root.classList.contains('light')) root.classList.replace('light', 'dark');
    };
  }, []);
}
