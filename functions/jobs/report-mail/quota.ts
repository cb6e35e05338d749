/**
 * The account's SES sending rate (SES v2 GetAccount → SendQuota.MaxSendRate), kept per container
 * for QUOTA_CACHE_MS. When GetAccount fails: a conservative 1/s in AWS; locally (SES_ENDPOINT set),
 * aws-ses-v2-local answers GetAccount only when started with an AWS_SES_ACCOUNT document (a 400
 * BadRequestException otherwise), so the local default is SES's starting quota, 14/s.
 */
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { appEnv } from '../../lib/env';
import { errorForLog, logger } from '../../lib/logger';
import { ses } from '../../lib/mailer';
import { FALLBACK_MAX_SEND_RATE, LOCAL_MAX_SEND_RATE, QUOTA_CACHE_MS } from './settings';

export interface SendQuota {
  maxSendRate: number;
  /** Where the figure comes from. */
  source: 'ses' | 'fallback' | 'local-default';
}

let cached: { quota: SendQuota; until: number } | undefined;

export async function sendQuota(now = Date.now()): Promise<SendQuota> {
  if (cached && cached.until > now) return cached.quota;
  let quota: SendQuota;
  try {
    const out = await ses().send(new GetAccountCommand({}));
    const rate = out.SendQuota?.MaxSendRate;
    if (!(typeof rate === 'number' && rate > 0)) throw new Error(`GetAccount returned no MaxSendRate (${String(rate)})`);
    quota = { maxSendRate: rate, source: 'ses' };
  } catch (err) {
    const local = Boolean(appEnv().sesEndpoint);
    quota = local ? { maxSendRate: LOCAL_MAX_SEND_RATE, source: 'local-default' } : { maxSendRate: FALLBACK_MAX_SEND_RATE, source: 'fallback' };
    if (!local) logger.warn('SES GetAccount failed; sending reports at the fallback rate', { error: errorForLog(err), maxSendRate: quota.maxSendRate });
  }
  cached = { quota, until: now + QUOTA_CACHE_MS };
  return quota;
}

/** Tests and the bench change the SES client (and its quota) between runs. */
export function resetSendQuota(): void {
  cached = undefined;
}
