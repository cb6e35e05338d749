/**
 * E-mail in AWS: the sender and what a function that sends may do (docs/deploy.md "E-mail",
 * decision 030). The sender identity is verified in Amazon SES outside the stack; the stack reads
 * it from context values and grants `ses:SendEmail` on exactly that identity's ARNs.
 *
 * | Context value           | Meaning                                                                        |
 * |-------------------------|--------------------------------------------------------------------------------|
 * | `mailFrom`              | The sender address (required once any function sends)                          |
 * | `mailIdentity`          | The verified SES identity when it is neither the address nor its domain (e.g. a parent domain) |
 * | `mailReplyTo`           | Where replies go, when not to `mailFrom`                                       |
 * | `mailSandboxRecipients` | While the account is in the SES sandbox: verified recipient addresses, comma-separated |
 * | `appUrl`                | The app's origin for links, with a custom domain (default: the CloudFront domain) |
 */
import { Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

export interface EmailSending {
  /** The sender address (MAIL_FROM); the mailer adds the product's name. */
  readonly from: string;
  /** MAIL_REPLY_TO, when set. */
  readonly replyTo?: string;
  /** The SES identity ARNs a sending function may use: the sender's, and sandbox recipients'. */
  readonly identityArns: readonly string[];
  /** The app's public origin (APP_URL), for links in e-mails. */
  readonly appUrl: string;
}

const ADDRESS = /^[^\s@<>,;:"()\\[\]]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i;
const DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;

export const MISSING_SENDER_MESSAGE =
  'E-mail is not configured: set the sender with -c mailFrom=hello@your-domain, an address or domain verified in Amazon SES in the region you deploy to (docs/deploy.md, "E-mail"). ChoreQuest sends password resets, address confirmations and invitations, so it does not deploy without it.';

function stringContext(scope: Construct, name: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(name);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context value ${name} must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
}

function address(scope: Construct, name: string): string | undefined {
  const value = stringContext(scope, name);
  if (value !== undefined && !ADDRESS.test(value)) throw new Error(`Context value ${name} must be one email address like hello@example.com, got ${value}`);
  return value;
}

/**
 * Reads the e-mail settings from context. Throws MISSING_SENDER_MESSAGE without `mailFrom`:
 * called only when a function sends, so a stack without senders needs no e-mail settings.
 */
export function emailSendingFromContext(scope: Construct, defaultAppUrl: string): EmailSending {
  const from = address(scope, 'mailFrom');
  if (!from) throw new Error(MISSING_SENDER_MESSAGE);
  const replyTo = address(scope, 'mailReplyTo');
  const identity = stringContext(scope, 'mailIdentity');
  if (identity !== undefined && !ADDRESS.test(identity) && !DOMAIN.test(identity)) {
    throw new Error(`Context value mailIdentity must be a domain (example.com) or an email address, got ${identity}`);
  }
  const sandbox = (stringContext(scope, 'mailSandboxRecipients') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of sandbox) {
    if (!ADDRESS.test(a)) throw new Error(`Context value mailSandboxRecipients must be email addresses separated by commas, got ${a}`);
  }
  const appUrl = stringContext(scope, 'appUrl');
  if (appUrl !== undefined && !/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(appUrl)) {
    throw new Error(`Context value appUrl must be an https origin without a path, like https://chores.example.com, got ${appUrl}`);
  }
  // SES checks the identity the From address belongs to: the address itself when it is verified,
  // otherwise its domain (or a parent domain, named by mailIdentity). In the sandbox it also
  // checks each recipient's identity.
  // Addresses as given (SES compares email identities as verified), domains in lower case.
  const domain = ADDRESS.exec(from)![1]!.toLowerCase();
  const identities = [...new Set([from, domain, ...(identity ? [DOMAIN.test(identity) ? identity.toLowerCase() : identity] : []), ...sandbox])];
  const stack = Stack.of(scope);
  return {
    from,
    ...(replyTo ? { replyTo } : {}),
    identityArns: identities.map((i) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: i })),
    appUrl: appUrl ?? defaultAppUrl,
  };
}
