/**
 * The mailbox of this worker's e2e server (the local SES that infra/local/start.ts starts on
 * MAIL_PORT: the server's port + 1, support/servers.ts). Tests read the mail the app sent and
 * follow its links; each test uses addresses of its own, so a cursor is not needed unless one
 * address gets several messages.
 */
import { Mailbox } from '../../support/mailbox';
import { thisWorkersServer } from './servers';

export { linkTo, linksIn, type SentEmail } from '../../support/mailbox';

export const mailbox = new Mailbox(thisWorkersServer().mailboxUrl);

/** A fresh address for one test (unique across runs of a shared server and `--repeat-each`). */
export const uniqueEmail = (who: string): string => `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A link from an e-mail as a path the browser opens on the test's own origin (the e-mail's host may differ). */
export const pathOf = (url: URL): string => `${url.pathname}${url.search}${url.hash}`;
