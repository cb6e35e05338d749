import { useSyncExternalStore } from 'react';

/** Below MUI's `sm` breakpoint (600 px): a phone held upright. */
const NARROW = '(max-width: 599.95px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the screen is phone-narrow, read synchronously (the first paint already knows: no
 * layout jump) and kept up to date. A few lines of our own rather than MUI's useMediaQuery, whose
 * module would join a vendor chunk that the sign-in pages load (frontend/scripts/bundle-size.ts).
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches, () => false);
}
