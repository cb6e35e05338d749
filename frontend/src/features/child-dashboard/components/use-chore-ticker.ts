import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { useChildComplete } from '../api/child-dashboard';
import { conflictMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { useOnline } from '../../../lib/use-online';
import { CHILD_TEXT } from '../model/chore-board';

export interface ChoreTicker {
  /** Ticks (true) or unticks (false) an assignment; ignored while that assignment's request runs. */
  tick: (assignmentId: string, completed: boolean) => void;
  /** The state asked for, per assignment whose request is still running. */
  pending: ReadonlyMap<string, boolean>;
  /** Offline the board is read-only: tick boxes are disabled and the page says why (nothing is queued and lost). */
  offline: boolean;
}

/**
 * Ticking for the whole page. Each assignment tracks its own request, so a child can tick several
 * chores quickly while each tick box stays disabled until its own answer (and the refreshed lists,
 * which `useChildComplete` waits for) have arrived.
 */
export function useChoreTicker(): ChoreTicker {
  const { mutateAsync } = useChildComplete();
  const { toast } = useToast();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const running = useRef(new Set<string>());
  const offline = !useOnline();

  const tick = useCallback(
    (assignmentId: string, completed: boolean) => {
      if (running.current.has(assignmentId) || !navigator.onLine) return;
      running.current.add(assignmentId);
      setPending((m) => new Map(m).set(assignmentId, completed));
      mutateAsync({ assignmentId, completed })
        .then(() => toast({ title: CHILD_TEXT.tickSuccess }))
        // A refusal with a reason (e.g. the chore was paid out meanwhile) says it; anything else is the spec's text.
        .catch((error: unknown) => toast({ variant: 'destructive', title: conflictMessage(error) ?? CHILD_TEXT.tickFailure }))
        .finally(() => {
          running.current.delete(assignmentId);
          setPending((m) => {
            const next = new Map(m);
            next.delete(assignmentId);
            return next;
          });
        });
    },
    [mutateAsync, toast],
  );

  return { tick, pending, offline };
}

/** The offline notice that disabled tick boxes point to (aria-describedby). */
export const OFFLINE_NOTICE_ID = 'child-offline-notice';

export const ChoreTickerContext = createContext<ChoreTicker | null>(null);

export function useChoreTickerContext(): ChoreTicker {
  const ticker = useContext(ChoreTickerContext);
  if (!ticker) throw new Error('useChoreTickerContext must be used inside <ChoreTickerContext.Provider>');
  return ticker;
}
