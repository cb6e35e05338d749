/**
 * Issue 32, the family board's calls (decision 062): its one screen call, a child's PIN sign-in and
 * "Done" (each answers the whole screen, so nothing is asked again), and a child's tick.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentDto, BoardScreenDto } from '../../../../../shared/api-types';
import { forgetRoleHint } from '../../../api/session';
import { api, apiPath, getQueryFn } from '../../../lib/api';

export const boardKeys = { screen: [apiPath('GET /api/board')] as const };

const fetchScreen = getQueryFn<BoardScreenDto>({ on401: 'returnNull' });

/**
 * GET /api/board, also this device's sign-in check: null when the board was revoked (or its
 * session ended), and then the hint goes, so the next load starts signed out.
 */
export function useBoardScreen() {
  return useQuery<BoardScreenDto | null>({
    queryKey: boardKeys.screen,
    queryFn: async (context) => {
      const screen = await fetchScreen(context);
      if (screen === null) forgetRoleHint();
      return screen;
    },
    retry: false,
    // A board hangs on the wall: what the children ticked on their own devices shows within a minute.
    refetchInterval: 60_000,
  });
}

/**
 * Signing in and out answer the whole screen. A refresh on its way meanwhile (the board's minute)
 * may have read the board before the change: it is cancelled, so its older answer cannot overwrite
 * this one. Both before the call and once it answers: the minute's refresh can start while the call
 * is on its way (the idle sign-out and the refresh both fall on the minute).
 */
function useScreenMutation<V>(call: (vars: V) => Promise<BoardScreenDto>) {
  const qc = useQueryClient();
  return useMutation<BoardScreenDto, Error, V>({
    mutationFn: call,
    onMutate: () => qc.cancelQueries({ queryKey: boardKeys.screen }),
    onSuccess: async (screen) => {
      await qc.cancelQueries({ queryKey: boardKeys.screen });
      qc.setQueryData(boardKeys.screen, screen);
    },
  });
}

export const useBoardSignIn = () => useScreenMutation((body: { childId: string; pin: string }) => api<BoardScreenDto>('POST /api/board/sign-in', body));

export const useBoardSignOut = () => useScreenMutation(() => api<BoardScreenDto>('POST /api/board/sign-out', {}));

/** A tick or untick by the signed-in child; the board's counts then follow (one call). */
export function useBoardTick() {
  const qc = useQueryClient();
  return useMutation<AssignmentDto, Error, { assignmentId: string; completed: boolean }>({
    mutationFn: (body) => api<AssignmentDto>('POST /api/board/complete-assignment', body),
    onSettled: () => qc.invalidateQueries({ queryKey: boardKeys.screen }),
  });
}
