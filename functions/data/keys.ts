/**
 * Every DynamoDB key is built here. A family's data lives in the family's partition
 * (`FAMILY#<id>`); login records live in their own partitions so that uniqueness is a conditional
 * put. See docs/data-model.md for the access patterns.
 */
export const normaliseEmail = (email: string): string => email.trim().normalize('NFKC').toLowerCase();
export const normaliseUsername = (username: string): string => username.trim().normalize('NFKC').toLowerCase();

const fam = (familyId: string) => `FAMILY#${familyId}`;

export const keys = {
  family: (familyId: string) => ({ PK: fam(familyId), SK: 'PROFILE' }),
  parent: (familyId: string, parentId: string) => ({ PK: fam(familyId), SK: `PARENT#${parentId}` }),
  parentLogin: (email: string) => ({ PK: `PARENTLOGIN#${normaliseEmail(email)}`, SK: 'LOGIN' }),
  childLogin: (username: string) => ({ PK: `CHILDLOGIN#${normaliseUsername(username)}`, SK: 'LOGIN' }),
  loginFailures: (kind: 'parent' | 'child', identifier: string) => ({
    PK: `LOGINFAIL#${kind}#${identifier.trim().normalize('NFKC').toLowerCase()}`,
    SK: 'COUNTER',
  }),
  child: (familyId: string, childId: string) => ({ PK: fam(familyId), SK: `CHILD#${childId}` }),
  childPrefix: (familyId: string) => ({ PK: fam(familyId), prefix: 'CHILD#' }),
  chore: (familyId: string, choreId: string) => ({ PK: fam(familyId), SK: `CHORE#${choreId}` }),
  chorePrefix: (familyId: string) => ({ PK: fam(familyId), prefix: 'CHORE#' }),
} as const;

export const ITEM_TYPES = {
  family: 'Family',
  parent: 'Parent',
  parentLogin: 'ParentLogin',
  childLogin: 'ChildLogin',
  loginFailures: 'LoginFailures',
  child: 'Child',
  chore: 'Chore',
} as const;
