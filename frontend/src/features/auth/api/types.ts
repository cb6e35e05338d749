/** GET /api/auth/parent-user (also the answer of parent login and signup). */
export interface ParentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  familyId: string;
  timeZone?: string;
  role: 'parent';
}

/** GET /api/auth/child-user (also the answer of child login). */
export interface ChildUser {
  id: string;
  displayName: string;
  familyId: string;
  role: 'child';
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'parent'; user: ParentUser }
  | { status: 'child'; user: ChildUser };
