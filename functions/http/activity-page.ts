/** A page of the activity log as the parent's and the child's routes answer it (issue 19). */
import type { ActivityPageDto } from '../../shared/api-types';
import { LEDGER_MESSAGES } from '../../shared/messages';
import { decodeCursor, listActivity } from '../data/money/activity';
import { familyMoney, getFamily, type FamilyItem } from '../data/family/accounts';
import { activityEventDto } from '../views/ledger-dtos';
import { BadRequest } from '../lib/errors';

/**
 * One Query, newest first; `cursor` from the previous page, checked to be this family's (and child's)
 * log. The family item is read alongside (one GetItem) for the summaries' money format (issue 22),
 * unless the caller has it already (`knownFamily`).
 */
export async function activityPage(familyId: string, cursor: string | undefined, childId?: string, knownFamily?: FamilyItem): Promise<ActivityPageDto> {
  const start = cursor ? decodeCursor(cursor, familyId, childId) : undefined;
  if (cursor && !start) throw new BadRequest(LEDGER_MESSAGES.activityCursorInvalid);
  const [page, family] = await Promise.all([listActivity(familyId, { childId, ...(start ? { cursor: start } : {}) }), knownFamily ?? getFamily(familyId)]);
  const money = familyMoney(family ?? {});
  return { events: page.events.map((e) => activityEventDto(e, money)), ...(page.cursor ? { cursor: page.cursor } : {}) };
}
