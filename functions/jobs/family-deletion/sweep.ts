/**
 * The family deletion job's sweeper (EventBridge, hourly): queues again every family whose deletion
 * was asked for more than FAMILY_DELETION_SETTINGS.sweepAfterMinutes ago and has not finished (its
 * family item is still in the deletion index). It covers what a queue alone cannot: a request whose
 * message was never sent (SQS unreachable right after the family was marked), and a message that
 * went to the dead-letter queue (once the cause is fixed, the next sweep finishes the job). Queuing a
 * deletion twice is harmless: each step deletes what is left.
 */
import type { ScheduledEvent } from 'aws-lambda';
import * as keys from '../../data/keys';
import { queryAll } from '../../data/query';
import { logger } from '../../lib/logger';
import { queueFamilyDeletions } from '../../lib/family-deletion-queue';
import { FAMILY_DELETION_SETTINGS } from './settings';

export async function sweepUnfinishedDeletions(now: Date): Promise<{ queued: number; refused: string[] }> {
  const cutoff = new Date(now.getTime() - FAMILY_DELETION_SETTINGS.sweepAfterMinutes * 60_000).toISOString();
  // Sort keys are `<requestedAt ISO>#FAMILY#<id>`: every deletion requested before the cutoff.
  const rows = await queryAll<{ familyId?: string }>(keys.familyDeletionIndex, { between: ['0', `${cutoff}#~`] }, { index: 'GSI2', attributes: ['familyId'] });
  const familyIds = rows.map((r) => r.familyId).filter((id): id is string => Boolean(id));
  const refused = familyIds.length ? await queueFamilyDeletions(familyIds) : [];
  return { queued: familyIds.length - refused.length, refused };
}

export async function handler(event: Partial<ScheduledEvent> = {}): Promise<{ queued: number }> {
  const at = event.time ? new Date(event.time) : new Date();
  const result = await sweepUnfinishedDeletions(Number.isNaN(at.getTime()) ? new Date() : at);
  if (result.queued) logger.warn('unfinished family deletions queued again', { queued: result.queued });
  if (result.refused.length) throw new Error(`${result.refused.length} unfinished deletions could not be queued; the next sweep tries again`);
  return { queued: result.queued };
}
