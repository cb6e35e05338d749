export { useAuth, parentUserQueryKey, childUserQueryKey } from './api/use-auth';
export type { AuthState, ChildUser, ParentUser } from './api/types';
