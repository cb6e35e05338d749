/** Who is signed in, as the user endpoints, sign-in, sign-up and accepting an invitation answer. */
import type { ChildUserDto, ParentUserDto } from '../../shared/api-types';
import { familyMoney, type FamilyItem, type ParentItem } from '../data/family/accounts';
import type { ChildItem } from '../data/family/children';

/** What the parent-user endpoint, sign-in, sign-up and accepting an invitation answer. */
export function parentUserDto(parent: ParentItem, family: Pick<FamilyItem, 'timeZone' | 'currency' | 'locale' | 'jars'> | undefined): ParentUserDto {
  return {
    id: parent.parentId,
    email: parent.email,
    firstName: parent.firstName,
    lastName: parent.lastName,
    familyId: parent.familyId,
    timeZone: family?.timeZone ?? 'UTC',
    role: 'parent',
    emailVerified: parent.emailVerified === true,
    emailUndeliverable: parent.emailUndeliverable !== undefined,
    money: familyMoney(family ?? {}),
  };
}

/** What child login and the child-user endpoint answer: the child and the family's money settings (issue 22). */
export function childUserDto(child: ChildItem, family: Pick<FamilyItem, 'currency' | 'locale' | 'jars'> | undefined): ChildUserDto {
  return { id: child.childId, displayName: child.displayName, familyId: child.familyId, role: 'child', money: familyMoney(family ?? {}) };
}
