/**
 * One step of a family's deletion: end every session again (a request that slipped past the mark),
 * delete the partition page by page until it is empty or the step's time is up, then send the
 * owner the "family deleted" e-mail and delete the family item. Every step starts from what is left,
 * so a step that failed half-way, ran out of time, or runs twice (a redelivered message) just
 * carries on; nothing is counted or remembered between steps but the family item's marks.
 */
import { getFamily } from '../../data/family/accounts';
import { deleteFamilyItem, deleteFamilyItems, familyItemsPage, markDeletionNotified } from '../../data/family/family-deletion';
import { endAllSessionsOfFamily } from '../../data/family/sessions';
import { familyDeletedEmail } from '../../email/templates';
import { logger } from '../../lib/logger';
import { isPermanentRejection, mailFailure, sendEmail } from '../../lib/mailer';
import { FAMILY_DELETION_SETTINGS } from './settings';

export type DeletionStepResult =
  /** Everything is gone. */
  | { outcome: 'deleted'; deleted: number; logins: number }
  /** Time is up: the rest is for the next step (queued by the caller). */
  | { outcome: 'continue'; deleted: number; logins: number }
  /** Only the family item is left, and a generator that took its claim before the mark may still write: later. */
  | { outcome: 'wait'; deleted: number; logins: number; waitSeconds: number }
  /** The family is gone already (a duplicate message), or was never marked (nothing to do). */
  | { outcome: 'gone' | 'not-marked' };

export interface DeletionStepOptions {
  /** Epoch ms after which no new page is started. */
  deadline: number;
  pageSize?: number;
}

export async function runDeletionStep(familyId: string, opts: DeletionStepOptions): Promise<DeletionStepResult> {
  const family = await getFamily(familyId, true);
  if (!family) return { outcome: 'gone' };
  if (!family.deletion) return { outcome: 'not-marked' };
  await endAllSessionsOfFamily(familyId);

  let deleted = 0;
  let logins = 0;
  // Pages until a full pass from the start finds nothing but the family item: items written while
  // the deletion ran (a request that passed its session check just before the mark) go too.
  for (;;) {
    let start: Record<string, unknown> | undefined;
    let found = 0;
    do {
      if (Date.now() >= opts.deadline) return { outcome: 'continue', deleted, logins };
      const page = await familyItemsPage(familyId, start, opts.pageSize ?? FAMILY_DELETION_SETTINGS.pageSize);
      if (page.items.length) {
        const done = await deleteFamilyItems(familyId, page.items);
        deleted += done.deleted;
        logins += done.logins;
        found += page.items.length;
      }
      start = page.next;
    } while (start);
    if (found === 0) break;
  }

  const claimUntil = family.genClaim?.until ?? 0;
  if (claimUntil >= Date.now()) return { outcome: 'wait', deleted, logins, waitSeconds: Math.ceil((claimUntil - Date.now()) / 1000) + 1 };

  const notify = family.deletion.notify;
  if (notify && !family.deletion.notified) {
    // At most once per family (the mark is written right after); a passing failure makes the step
    // run again, a refusal for good is logged and the deletion goes on.
    try {
      await sendEmail({ to: notify.email, ...familyDeletedEmail({ firstName: notify.firstName }) });
    } catch (err) {
      if (!isPermanentRejection(err)) throw err;
      logger.warn('family deleted e-mail refused by SES; not sent', { familyId, ...mailFailure(err) });
    }
    await markDeletionNotified(familyId);
  }
  if (!(await deleteFamilyItem(familyId))) {
    const again = await getFamily(familyId, true);
    if (!again) return { outcome: 'deleted', deleted, logins };
    return { outcome: 'wait', deleted, logins, waitSeconds: Math.ceil(Math.max(0, (again.genClaim?.until ?? 0) - Date.now()) / 1000) + 1 };
  }
  return { outcome: 'deleted', deleted, logins };
}
