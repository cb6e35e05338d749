/** The suite's local mailbox (started by global-setup with the local stack). */
import { inject } from 'vitest';
import { Mailbox } from '../../support/mailbox';

export const testMailbox = (): Mailbox => new Mailbox(inject('mailboxUrl'));
