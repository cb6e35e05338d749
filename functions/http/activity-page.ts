/** A page of the activity log as the parent's and the child's routes answer it (issue 19). */
import type { ActivityPageDto } from '../../shared/api-types';
import { LEDGER_MESSAGES } from '../../shared/messages';
import { decodeCursor, listActivity } from '../data/activity';
import { activityEventDto } from '../domain/ledger';
import { BadRequest } from '../lib/errors';

/** One Query, newest first; `cursor` from the previous page, checked to be this family's (and child's) log. */
export async function activityPage(familyId: string, cursor: string | undefined, childId?: string): Promise<ActivityPageDto> {
  const start = cursor ? decodeCursor(cursor, familyId, childId) : undefined;
  if (cursor && !start) throw new BadRequest(LEDGER_MESSAGES.activityCursorInvalid);
  const page = await listActivity(familyId, { childId, ...(start ? { cursor: start } : {}) });
  return { events: page.events.map(activityEventDto), ...(page.cursor ? { cursor: page.cursor } : {}) };
}
