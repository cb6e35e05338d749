import { useEffect, useRef } from 'react';

const TOUCHES = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Calls `onIdle` once `ms` pass without a touch, a key or a scroll, while `active`. */
export function useIdle(active: boolean, ms: number, onIdle: () => void): void {
  const latest = useRef(onIdle);
  latest.current = onIdle;
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(() => latest.current(), ms);
    const touched = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(), ms);
    };
    for (const t of TOUCHES) window.addEventListener(t, touched, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const t of TOUCHES) window.removeEventListener(t, touched, { capture: true });
    };
  }, [active, ms]);
}
