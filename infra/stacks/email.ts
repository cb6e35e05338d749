/**
 * E-mail in AWS: the sender and what a function that sends may do (docs/deploy.md "E-mail",
 * decision 030). The sender identity is verified in Amazon SES outside the stack; the stack reads
 * it from context values and grants `ses:SendEmail` on exactly that identity's ARNs.
 *
 * | Context value           | Meaning                                                                        |
 * |-------------------------|--------------------------------------------------------------------------------|
 * | `mailFrom`              | The sender address (required once any function sends)                          |
 * | `mailFromPlaceholder`   | `true`: synthesize without `mailFrom` for looking at the template (`npm run synth`): PLACEHOLDER_MAIL_FROM, a warning, and a template that refuses to deploy |
 * | `mailIdentity`          | The verified SES identity when it is neither the address nor its domain (e.g. a parent domain) |
 * | `mailReplyTo`           | Where replies go, when not to `mailFrom`                                       |
 * | `mailSandboxRecipients` | While the account is in the SES sandbox: verified recipient addresses, comma-separated |
 * | `appUrl`                | The app's origin for links, with a custom domain (default: the CloudFront domain) |
 */
import { Annotations, CfnRule, Fn, Stack } from 'aws-cdk-lib';
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
  /**
   * The SES configuration set every send names (SES_CONFIGURATION_SET; its event destination reports
   * bounces and complaints, infra/stacks/ses-events.ts), and its ARN, which `ses:SendEmail` needs too.
   */
  readonly configurationSet?: { readonly name: string; readonly arn: string };
}

const ADDRESS = /^[^\s@<>,;:"()\\[\]]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i;
const DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;

export const MISSING_SENDER_MESSAGE =
  'E-mail is not configured: set the sender with -c mailFrom=hello@your-domain, an address or domain verified in Amazon SES in the region you deploy to (docs/deploy.md, "E-mail"). ChoreQuest sends password resets, address confirmations and invitations, so it does not deploy without it. (Only to look at the template: npm run synth, which uses a placeholder sender.)';

/**
 * The sender of a stack synthesized without one (`npm run synth`, `-c mailFromPlaceholder=true`):
 * `.invalid` is reserved (RFC 2606), so no SES identity can ever be verified for it.
 */
export const PLACEHOLDER_MAIL_FROM = 'mail-from-not-set@example.invalid';
/** The context value that allows PLACEHOLDER_MAIL_FROM; `npm run synth` passes it, deploy never does. */
export const MAIL_FROM_PLACEHOLDER_CONTEXT = 'mailFromPlaceholder';
/** The id of the warning and of the CloudFormation rule that keeps a placeholder template from deploying. */
export const MAIL_FROM_NOT_SET_ID = 'MailFromNotSet';
export const PLACEHOLDER_SENDER_WARNING = `No sender (-c mailFrom=…): the functions that send e-mail are configured with the placeholder ${PLACEHOLDER_MAIL_FROM}. Fine for looking at the template; this template does not deploy (its CloudFormation rule ${MAIL_FROM_NOT_SET_ID} fails before any resource changes). Deploy with npm run deploy -- -c mailFrom=hello@your-domain (docs/deploy.md, "E-mail").`;

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

/** `-c mailFromPlaceholder=true` (a string from the command line, a boolean from cdk.json). */
function placeholderAllowed(scope: Construct): boolean {
  const value: unknown = scope.node.tryGetContext(MAIL_FROM_PLACEHOLDER_CONTEXT);
  return value === true || value === 'true';
}

/**
 * A stack synthesized with the placeholder sender: a warning at synth, and a CloudFormation rule
 * that always fails, so deploying this template (`cdk deploy --app cdk.out`, or the flag passed to
 * a deploy by hand) stops before any resource is created or changed.
 */
function markPlaceholderSender(stack: Stack): void {
  if (stack.node.tryFindChild(MAIL_FROM_NOT_SET_ID)) return;
  Annotations.of(stack).addWarningV2(`chorequest:${MAIL_FROM_NOT_SET_ID}`, PLACEHOLDER_SENDER_WARNING);
  new CfnRule(stack, MAIL_FROM_NOT_SET_ID, {
    assertions: [{ assert: Fn.conditionEquals(PLACEHOLDER_MAIL_FROM, 'a verified sender'), assertDescription: MISSING_SENDER_MESSAGE }],
  });
}

/**
 * Reads the e-mail settings from context. Throws MISSING_SENDER_MESSAGE without `mailFrom`
 * (unless `mailFromPlaceholder` allows the placeholder sender, for looking at the template):
 * called only when a function sends, so a stack without senders needs no e-mail settings.
 */
export function emailSendingFromContext(scope: Construct, defaultAppUrl: string): EmailSending {
  let from = address(scope, 'mailFrom');
  if (!from) {
    if (!placeholderAllowed(scope)) throw new Error(MISSING_SENDER_MESSAGE);
    from = PLACEHOLDER_MAIL_FROM;
    markPlaceholderSender(Stack.of(scope));
  }
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
