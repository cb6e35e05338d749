/**
 * Scheduled hourly by EventBridge. The weekly regeneration logic arrives with the family API
 * (issue 3); until then this job only logs that it ran and exits.
 */
import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';

export async function handler(event: Partial<ScheduledEvent> = {}): Promise<{ processed: number }> {
  logger.info('weekly job tick (no-op until the family API lands)', { time: event.time });
  return { processed: 0 };
}
