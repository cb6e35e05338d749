import { useColorScheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { forceLight } from '../../../theme/light-scheme';

/**
 * For a page that is a sheet of paper on screen too (the print calendar): light while it is shown,
 * whatever the scheme, also when the device or the toggle turns dark while the page is open (the
 * theme then puts the dark class back on <html>, and it is swapped again at once, before anything
 * is painted). Leaving the page gives <html> back the scheme the theme is in by then.
 */
// In the print calendar's own chunk, not beside usePrintInLight in the first load.
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
