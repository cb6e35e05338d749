/** The caller's family and its clock, as every route that needs "today" or "this week" reads them. */
import type { FamilyClock } from '../../shared/time';
import type { FamilyItem } from '../data/family/accounts';
import { readFamilyAndClock } from '../data/planning/family-week';
import { NotFound } from '../lib/errors';

/** The family item and its clock now. A session whose family is gone is treated like a missing resource (404), never a 500. */
export async function familyAndClock(familyId: string, now: Date): Promise<{ family: FamilyItem; clock: FamilyClock }> {
  const read = await readFamilyAndClock(familyId, now);
  if (read === 'missing') throw new NotFound(FAMILY_NOT_FOUND);
  return read;
}

export const FAMILY_NOT_FOUND = 'Family not found';
