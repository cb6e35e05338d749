/** Issue 32, "Family devices" (decision 062): the family's boards, setting this device up as one, and revoking one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardDto, BoardsDto, MessageDto } from '../../../../../shared/api-types';
import type { BoardSetupInput } from '../../../../../shared/board-schemas';
import { api, apiPath, route } from '../../../lib/api';

export const boardsKey = [apiPath('GET /api/family/boards')] as const;

export const useBoards = () => useQuery<BoardsDto>({ queryKey: boardsKey });

/** This device becomes the family board: the answer carries the board's cookie; the parent's session here has ended. */
export const useSetUpBoard = () => useMutation<BoardDto, Error, BoardSetupInput>({ mutationFn: (body) => api<BoardDto>('POST /api/family/boards', body) });

export function useRevokeBoard() {
  const qc = useQueryClient();
  return useMutation<MessageDto, Error, string>({
    mutationFn: (id) => api<MessageDto>(route('DELETE /api/family/boards/{id}', { id })),
    onSuccess: () => qc.invalidateQueries({ queryKey: boardsKey }),
  });
}
