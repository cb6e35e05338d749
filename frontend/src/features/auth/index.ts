export { useAuth, parentUserQueryKey, childUserQueryKey, signedInRoleHint } from './api/use-auth';
export type { AuthState, ChildUser, ParentUser } from './api/types';
