/**
 * SES's account-level suppression list (decision 051). The configuration set suppresses addresses
 * that bounced for good or complained, so once a parent's address bounced, SES would not even try
 * the confirmation link the parent asks for to prove the address works again: it would report
 * another bounce (`OnAccountSuppressionList`). Before sending that link, the account function takes
 * the parent's own address off the list. Locally (aws-ses-v2-local has no suppression list) nothing
 * is done.
 */
import { DeleteSuppressedDestinationCommand } from '@aws-sdk/client-sesv2';
import { appEnv } from './env';
import { errorForLog, logger } from './logger';
import { ses } from './mailer';

/** Removes `address` from the suppression list; an address not on it, or a failure, is logged and the caller goes on. */
export async function unsuppressAddress(address: string): Promise<'removed' | 'not-listed' | 'failed' | 'local'> {
  if (appEnv().sesEndpoint) return 'local';
  try {
    await ses().send(new DeleteSuppressedDestinationCommand({ EmailAddress: address }));
    logger.info('address taken off the SES suppression list');
    return 'removed';
  } catch (err) {
    if ((err as Error).name === 'NotFoundException') return 'not-listed';
    // The link is sent anyway: if SES still suppresses it, its bounce event marks the address again.
    logger.warn('address not taken off the SES suppression list', { error: errorForLog(err) });
    return 'failed';
  }
}
