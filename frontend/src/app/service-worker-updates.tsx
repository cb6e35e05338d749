import Button from '@mui/material/Button';
import { Suspense, useEffect, useRef, useState } from 'react';
import { LazySnackbar } from '../components/lazy-snackbar';

/** How often an open app asks whether a new version was deployed (the browser also asks on every navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite-plugin-pwa, Workbox) once the page has loaded, and when a
 * new deployment's worker is waiting, says so: "New version available" with a Reload button that
 * switches to it and reloads. Nothing swaps under a child's fingers unasked.
 */
export function ServiceWorkerUpdates() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<((reload?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let cancelled = false;
    // The registration code is its own small chunk, fetched after the app has rendered.
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      update.current = registerSW({
        onNeedRefresh: () => setNeedRefresh(true),
        onRegisteredSW: (_url, registration) => {
          if (registration) timer = setInterval(() => void registration.update(), UPDATE_CHECK_MS);
        },
      });
    });
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  if (!needRefresh) return null;
  return (
    <Suspense fallback={null}>
      <LazySnackbar
        open
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        message="New version available"
        action={
          <Button color="secondary" size="small" onClick={() => void update.current?.(true)}>
            Reload
          </Button>
        }
      />
    </Suspense>
  );
}
