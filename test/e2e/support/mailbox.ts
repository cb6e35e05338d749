/**
 * The e2e server's mailbox (the local SES started by infra/local/start.ts on MAIL_PORT, which
 * playwright.config.ts sets to E2E_MAIL_PORT, by default the app's port + 1). Tests read the mail
 * the app sent and follow its links; each test uses addresses of its own, so a cursor is not
 * needed unless one address gets several messages.
 */
import { Mailbox } from '../../support/mailbox';

export { linkTo, linksIn, type SentEmail } from '../../support/mailbox';

const port = Number(process.env.E2E_PORT ?? 3199);
export const mailbox = new Mailbox(`http://127.0.0.1:${Number(process.env.E2E_MAIL_PORT ?? port + 1)}/`);

/** A fresh address for one test (unique across runs of a shared server and `--repeat-each`). */
export const uniqueEmail = (who: string): string => `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** A link from an e-mail as a path the browser opens on the test's own origin (the e-mail's host may differ). */
export const pathOf = (url: URL): string => `${url.pathname}${url.search}${url.hash}`;
