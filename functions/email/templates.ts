/**
 * Every e-mail ChoreQuest sends, with its words: the features call these and pass the result to
 * `sendEmail({ to, ...message })` (functions/lib/mailer.ts). Inputs are plain values (names as the
 * user typed them, amounts in minor units with the family's money format, ISO dates); the layout escapes them. Links come from
 * `appLink` (./links.ts); how long a link works comes from LINK_LIFETIME_SECONDS, so the text and
 * the token's TTL cannot disagree.
 */
import { PRODUCT_NAME } from '../../shared/brand';
import type { EmailMessage } from '../lib/mailer';
import { hi, renderEmail, type Block, type Inline } from './layout';
import { LINK_LIFETIME_SECONDS, lifetimeText } from './links';


/** "Emma", "Emma and Liam", "Emma, Liam and Mia", "Emma, Liam, Mia and 2 more children". */
export function childList(names: readonly string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more ${more === 1 ? 'child' : 'children'}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * "b…@e….com": enough for the owner of an address to recognise it, not enough for anyone else
 * reading the e-mail to learn it (the address-change notice names the address asked for).
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${Array.from(local)[0]}…@${Array.from(domain)[0] ?? ''}…${tld}`;
}

/** Another parent of the family as a recovery e-mail lists them: "Sam Second (s…@e….com)". */
export interface OtherParent {
  name: string;
  email: string;
}

/**
 * The family's other parents, for the e-mails that hand an account back to the owner of its
 * address (issue 17): someone who signed up with this address first could have invited themselves.
 */
function otherParentsBlocks(others: readonly OtherParent[] | undefined): Block[] {
  if (!others?.length) return [];
  const list = others.map((p) => `${p.name} (${maskedAddress(p.email)})`).join(', ');
  return [
    {
      paragraph: [
        `Other parents in this ${PRODUCT_NAME} family: `,
        { strong: list },
        '. If you do not know one of them, remove them on the Family page once you are signed in.',
      ],
    },
  ];
}

// ---- Sign-up and the address --------------------------------------------------------------------

export interface VerifyInput {
  firstName: string;
  /** The verification page with its token (valid LINK_LIFETIME_SECONDS.verifyEmail). */
  verifyUrl: string;
}

const verifyNote = `This link works for ${lifetimeText(LINK_LIFETIME_SECONDS.verifyEmail)}. If it has expired, sign in to ${PRODUCT_NAME} and ask for a new one.`;

/** After sign-up: welcome, and confirm the address. */
export function welcomeEmail(input: VerifyInput): EmailMessage {
  const name = input.firstName.trim();
  return renderEmail({
    kind: 'welcome',
    subject: `Welcome to ${PRODUCT_NAME}! Please confirm your email`,
    preheader: 'Your family account is ready. One click confirms your email address.',
    heading: name ? `Welcome to ${PRODUCT_NAME}, ${name}!` : `Welcome to ${PRODUCT_NAME}!`,
    blocks: [
      { paragraph: `Your family's ${PRODUCT_NAME} account is ready. Add your children, create chores with a reward, and every Sunday ${PRODUCT_NAME} hands out the new week's chores for you.` },
      { paragraph: 'Please confirm that this is your email address. Then we can help you back in if you ever forget your password, and send you the weekly report if you want it.' },
    ],
    action: { label: 'Confirm my email', url: input.verifyUrl },
    after: [{ note: verifyNote }],
    footer: `You are getting this email because this address was used to create a ${PRODUCT_NAME} account. If that was not you, ignore it: the address stays unconfirmed.`,
  });
}

/** A new verification link, asked for from the app. */
export function verifyEmailAddressEmail(input: VerifyInput): EmailMessage {
  return renderEmail({
    kind: 'verify-email',
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    preheader: 'One click confirms your email address.',
    heading: 'Confirm your email address',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: `Please confirm that this is the email address of your ${PRODUCT_NAME} account. Then we can help you back in if you ever forget your password, and send you the weekly report if you want it.` },
    ],
    action: { label: 'Confirm my email', url: input.verifyUrl },
    after: [{ note: verifyNote }],
    footer: `You are getting this email because someone asked ${PRODUCT_NAME} to confirm this address. If that was not you, ignore it.`,
  });
}

/**
 * "Forgot password?" for an address that is not confirmed yet: reset links go only to confirmed
 * addresses, so this one confirms the address first (decision 040); the page then leads on to a
 * reset link.
 */

/** Both reset e-mails (confirm-first and plain) say how long the link works and what it does. */
const RESET_LINK_NOTE: Block = { note: `This link works for ${lifetimeText(LINK_LIFETIME_SECONDS.passwordReset)} and only once. Setting a new password signs you out on every device.` };
const RESET_FOOTER = `You are getting this email because someone asked to reset the password for this address on ${PRODUCT_NAME}.`;

export function confirmBeforeResetEmail(input: VerifyInput & { otherParents?: readonly OtherParent[] }): EmailMessage {
  return renderEmail({
    kind: 'verify-before-reset',
    subject: `Confirm your email to reset your ${PRODUCT_NAME} password`,
    preheader: 'First confirm this address, then choose a new password.',
    heading: 'Confirm your email, then reset your password',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: `We got a request to reset the password of your ${PRODUCT_NAME} account. This email address has not been confirmed yet.` },
      { paragraph: 'If this is your account, the button below confirms the address and takes you straight on to choosing a new password.' },
      ...otherParentsBlocks(input.otherParents),
    ],
    action: { label: 'Confirm and reset my password', url: input.verifyUrl },
    after: [
      RESET_LINK_NOTE,
      { note: 'Did not ask for this? Ignore this email: nothing changes.' },
    ],
    footer: RESET_FOOTER,
  });
}

// ---- Password -----------------------------------------------------------------------------------

export interface PasswordResetInput {
  firstName: string;
  /** The reset page with its single-use token (valid LINK_LIFETIME_SECONDS.passwordReset). */
  resetUrl: string;
}

export function passwordResetEmail(input: PasswordResetInput): EmailMessage {
  return renderEmail({
    kind: 'password-reset',
    subject: `Reset your ${PRODUCT_NAME} password`,
    preheader: `This link works for ${lifetimeText(LINK_LIFETIME_SECONDS.passwordReset)}.`,
    heading: 'Reset your password',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: `We got a request to reset the password of your ${PRODUCT_NAME} account. Choose a new one with the button below.` },
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
    after: [
      RESET_LINK_NOTE,
      { note: 'Did not ask for this? Ignore this email: your password stays the same.' },
    ],
    footer: RESET_FOOTER,
  });
}

export interface PasswordChangedInput {
  firstName: string;
  /** The "Forgot password?" page, for a parent who did not make the change. */
  forgotPasswordUrl: string;
  /** After a reset: the family's other parents, so a parent nobody invited is noticed. */
  otherParents?: readonly OtherParent[];
}

/** After a reset or a change in the settings. */
export function passwordChangedEmail(input: PasswordChangedInput): EmailMessage {
  return renderEmail({
    kind: 'password-changed',
    subject: `Your ${PRODUCT_NAME} password was changed`,
    preheader: 'If this was you, there is nothing else to do.',
    heading: 'Your password was changed',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: `The password of your ${PRODUCT_NAME} account was just changed, and your other devices were signed out. If this was you, there is nothing else to do.` },
      { paragraph: 'If it was not you, someone else may be using your account. Choose a new password right away:' },
    ],
    action: { label: 'Reset my password', url: input.forgotPasswordUrl },
    ...(input.otherParents?.length ? { after: otherParentsBlocks(input.otherParents) } : {}),
    footer: `You are getting this email because the password of the ${PRODUCT_NAME} account with this address was changed.`,
  });
}

// ---- Changing the address -----------------------------------------------------------------------

export interface EmailChangeInput {
  firstName: string;
  newEmail: string;
  /** The confirmation link (valid LINK_LIFETIME_SECONDS.emailChange); sent to the new address. */
  confirmUrl: string;
}

/** To the new address: confirm it. */
export function confirmNewEmailEmail(input: EmailChangeInput): EmailMessage {
  return renderEmail({
    kind: 'email-change-confirm',
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    preheader: 'One click and you sign in with this address from now on.',
    heading: 'Confirm your new email address',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: [`Please confirm that you want to sign in to ${PRODUCT_NAME} with `, { strong: input.newEmail }, ' from now on.'] },
    ],
    action: { label: 'Confirm new email', url: input.confirmUrl },
    after: [
      { note: `This link works for ${lifetimeText(LINK_LIFETIME_SECONDS.emailChange)}. Until you confirm, you keep signing in with your current address.` },
      { note: 'Did not ask for this? Ignore this email and nothing changes.' },
    ],
    footer: `You are getting this email because someone asked to use this address for a ${PRODUCT_NAME} account.`,
  });
}

export interface EmailChangeRequestedInput {
  firstName: string;
  /** The address asked for (shown masked). */
  newEmail: string;
  /** Cancels the change in one click (valid LINK_LIFETIME_SECONDS.emailChange, like the change). */
  cancelUrl: string;
  /** The "Forgot password?" page. */
  forgotPasswordUrl: string;
}

/** To the current address, the moment a change is asked for (issue 17), not only once it is made. */
export function emailChangeRequestedEmail(input: EmailChangeRequestedInput): EmailMessage {
  const masked = maskedAddress(input.newEmail);
  return renderEmail({
    kind: 'email-change-requested',
    subject: `Someone asked to change your ${PRODUCT_NAME} email address`,
    preheader: `If this was not you, cancel it and reset your password.`,
    heading: 'Was this you?',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: [`Someone signed in to your ${PRODUCT_NAME} account asked to move it to `, { strong: masked }, '. It moves only once the link we sent to that address is followed.'] },
      { paragraph: 'If this was you, there is nothing else to do.' },
      { paragraph: 'If it was not you, cancel the change with the button below, then reset your password: someone else knows it.' },
    ],
    action: { label: 'Cancel the change', url: input.cancelUrl },
    after: [
      { paragraph: ['Reset your password: ', input.forgotPasswordUrl] },
      { note: `The cancel link works for ${lifetimeText(LINK_LIFETIME_SECONDS.emailChange)}, as long as the change waits. Resetting your password cancels it too.` },
    ],
    footer: `You are getting this email because it is the sign-in address of a ${PRODUCT_NAME} account.`,
  });
}

export interface EmailChangedInput {
  firstName: string;
  oldEmail: string;
  newEmail: string;
}

/** To the old address, once the change is confirmed. */
export function emailChangedEmail(input: EmailChangedInput): EmailMessage {
  return renderEmail({
    kind: 'email-changed',
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    preheader: 'From now on, sign in with your new address.',
    heading: 'Your email address was changed',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: [`The email address you sign in to ${PRODUCT_NAME} with was changed from `, { strong: input.oldEmail }, ' to ', { strong: input.newEmail }, '. Emails from us go to the new address from now on.'] },
      { paragraph: 'If you made this change, there is nothing else to do.' },
      { paragraph: 'If you did not, someone else may know your password. Reply to this email right away and we will help you get your account back.' },
    ],
    footer: `You are getting this email because this address was the sign-in address of a ${PRODUCT_NAME} account until now.`,
  });
}

// ---- Co-parents ---------------------------------------------------------------------------------

export interface InvitationInput {
  /** The parent who invited, as shown in the family ("Alex Rivera"). */
  inviterName: string;
  /** The family's children, by display name (shown: up to three, then a count). */
  childNames: readonly string[];
  /** The accept page with its token (valid LINK_LIFETIME_SECONDS.invitation). */
  acceptUrl: string;
}

export function invitationEmail(input: InvitationInput): EmailMessage {
  const inviter = input.inviterName.trim() || 'A parent';
  const family: Inline[] = input.childNames.length ? ['help run chores for ', { strong: childList(input.childNames) }] : ['join their family'];
  const days = lifetimeText(LINK_LIFETIME_SECONDS.invitation);
  return renderEmail({
    kind: 'invitation',
    subject: `${inviter} invited you to ${PRODUCT_NAME}`,
    preheader: `Join your family on ${PRODUCT_NAME}. The invitation works for ${days}.`,
    heading: `Join your family on ${PRODUCT_NAME}`,
    blocks: [
      { paragraph: [{ strong: inviter }, ' invited you to ', ...family, ` on ${PRODUCT_NAME}.`] },
      { paragraph: 'As a parent in the family you see everything they see: chores and rewards, the weekly schedule, what each child has done and earned, and the payouts.' },
    ],
    action: { label: 'Accept the invitation', url: input.acceptUrl },
    after: [
      { note: `This invitation works for ${days}. Accepting it asks for your name and a password.` },
      { note: 'Not expecting this? Ignore this email: nobody gets access to anything unless you accept.' },
    ],
    footer: `You are getting this email because ${inviter} entered this address in ${PRODUCT_NAME}.`,
  });
}

// ---- Deleting the family ------------------------------------------------------------------------

export interface FamilyDeletedInput {
  firstName: string;
}

/** To the parent who deleted the family, once everything is gone. */
export function familyDeletedEmail(input: FamilyDeletedInput): EmailMessage {
  return renderEmail({
    kind: 'family-deleted',
    subject: `Your ${PRODUCT_NAME} family was deleted`,
    preheader: `Everything your family kept in ${PRODUCT_NAME} is gone, as you asked.`,
    heading: 'Your family was deleted',
    blocks: [
      { paragraph: hi(input.firstName) },
      { paragraph: `As you asked, your family's ${PRODUCT_NAME} account was deleted: every child and their login, every chore, schedule, completion and payout, every parent's login and every open invitation. Nobody can sign in to it any more.` },
      { paragraph: `Thank you for using ${PRODUCT_NAME}. If you ever want to come back, you can sign up again with this address at any time.` },
    ],
    footer: `You are getting this email because the ${PRODUCT_NAME} family of this address was deleted.`,
  });
}

export { weeklyReportEmail, type NewWeekChild, type WeeklyReportChild, type WeeklyReportInput } from './weekly-report-email';
