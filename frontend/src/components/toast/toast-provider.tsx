import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { LazySnackbar as Snackbar, loadSnackbar } from '../lazy-snackbar';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_REGION_LABEL, TOAST_SWIPE_THRESHOLD_PX } from './toast-config';
import { ToastContext, type ToastApi, type ToastOptions } from './use-toast';

interface ShownToast extends ToastOptions {
  id: number;
}

/**
 * Spec section 9 toasts on MUI's Snackbar: one visible at a time (a new toast replaces the old,
 * so TOAST_LIMIT is 1 by construction), hidden after TOAST_DURATION_MS (paused while hovered or
 * focused), closable, swiped away to the right, and F8 moves focus to the notification region.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [open, setOpen] = useState(false);
  const [swipeX, setSwipeX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const nextId = useRef(1);
  const swipeStart = useRef<number | null>(null);
  const regionRef = useRef<HTMLElement>(null);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setCurrent({ ...options, id });
    setSwipeX(0);
    setOpen(true);
    return id;
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);

  useEffect(() => {
    // The Snackbar's code, fetched as the app starts: there before anything can be said.
    void loadSnackbar().catch(() => undefined);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not swallow the message before it is read.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = event.clientX;
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    setSwipeX(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    setDragging(false);
    if (swipeX >= TOAST_SWIPE_THRESHOLD_PX) setOpen(false);
    else setSwipeX(0);
  };

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={regionRef} aria-label={TOAST_REGION_LABEL} tabIndex={-1} style={{ outline: 'none' }}>
        {current && (
          <Suspense fallback={null}>
            <Snackbar
              key={current.id}
              open={open}
              autoHideDuration={TOAST_DURATION_MS}
              onClose={onClose}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              slotProps={{ transition: { onExited: () => setCurrent(null) } }}
            >
              <Alert
                severity={destructive ? 'error' : 'success'}
                variant={destructive ? 'filled' : 'standard'}
                role={destructive ? 'alert' : 'status'}
                onClose={() => setOpen(false)}
                closeText="Close"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerEnd}
                onPointerCancel={onPointerEnd}
                onPointerLeave={onPointerEnd}
                sx={{
                  width: { xs: '100%', sm: 380 },
                  boxShadow: 6,
                  touchAction: 'pan-y',
                  transform: swipeX ? `translateX(${swipeX}px)` : undefined,
                  opacity: swipeX ? Math.max(0.2, 1 - swipeX / 200) : undefined,
                  transition: dragging ? 'none' : 'transform 150ms, opacity 150ms',
                  // Close is a finger's target on a phone (WCAG 2.2's 24 px at least; MUI's small icon button is 23 px tall).
                  '& .MuiAlert-action .MuiIconButton-root': { minWidth: 32, minHeight: 32 },
                  ...(destructive ? {} : { bgcolor: 'background.paper', border: 1, borderColor: 'divider' }),
                }}
              >
                <AlertTitle sx={{ mb: current.description ? 0.25 : 0, fontWeight: 700 }}>{current.title}</AlertTitle>
                {current.description}
              </Alert>
            </Snackbar>
          </Suspense>
        )}
      </section>
    </ToastContext.Provider>
  );
}
