/**
 * The chores page's own call (creating and editing a chore is the shared chore dialog's, api/family.ts).
 * Query keys are API paths, as in api/family.ts.
 */
import { api, route } from '../../../lib/api';
import { useFamilyMutation } from '../../../api/family';

export const useDeleteChore = () => useFamilyMutation((id: string) => api(route('DELETE /api/chores/{id}', { id })));
