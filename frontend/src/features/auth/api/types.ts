import type { ChildUserDto, ParentUserDto } from '../../../../../shared/api-types';

/** GET /api/auth/parent-user (also the answer of parent login, signup and accepting an invitation). */
export type ParentUser = ParentUserDto;

/** GET /api/auth/child-user (also the answer of child login). */
export type ChildUser = ChildUserDto;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'parent'; user: ParentUser }
  | { status: 'child'; user: ChildUser };
