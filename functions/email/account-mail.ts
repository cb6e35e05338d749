/**
 * The account e-mails with their links: each builds the link (tokens in the fragment, decision 030),
 * renders its template and sends it. Callers decide what a failure means (functions/http/*).
 */
import { ACCOUNT_PAGES, NEXT_RESET_PASSWORD } from '../../shared/account-pages';
import { sendEmail } from '../lib/mailer';
import { appLink } from './links';
import {
  confirmBeforeResetEmail,
  confirmNewEmailEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
  invitationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verifyEmailAddressEmail,
  welcomeEmail,
  type OtherParent,
} from './templates';

interface Addressee {
  email: string;
  firstName: string;
}

const withToken = (path: string, token: string, extra: Record<string, string> = {}) => appLink(path, { fragment: { token, ...extra } });

export const sendWelcome = (to: Addressee, token: string) =>
  sendEmail({ to: to.email, ...welcomeEmail({ firstName: to.firstName, verifyUrl: withToken(ACCOUNT_PAGES.verifyEmail, token) }) });

export const sendVerifyAddress = (to: Addressee, token: string) =>
  sendEmail({ to: to.email, ...verifyEmailAddressEmail({ firstName: to.firstName, verifyUrl: withToken(ACCOUNT_PAGES.verifyEmail, token) }) });

export const sendConfirmBeforeReset = (to: Addressee, token: string, otherParents: readonly OtherParent[]) =>
  sendEmail({ to: to.email, ...confirmBeforeResetEmail({ firstName: to.firstName, verifyUrl: withToken(ACCOUNT_PAGES.verifyEmail, token, { next: NEXT_RESET_PASSWORD }), otherParents }) });

export const sendPasswordReset = (to: Addressee, token: string) =>
  sendEmail({ to: to.email, ...passwordResetEmail({ firstName: to.firstName, resetUrl: withToken(ACCOUNT_PAGES.resetPassword, token) }) });

export const sendPasswordChanged = (to: Addressee, otherParents: readonly OtherParent[] = []) =>
  sendEmail({ to: to.email, ...passwordChangedEmail({ firstName: to.firstName, forgotPasswordUrl: appLink(ACCOUNT_PAGES.forgotPassword), otherParents }) });

export const sendConfirmNewEmail = (to: Addressee, newEmail: string, token: string) =>
  sendEmail({ to: newEmail, ...confirmNewEmailEmail({ firstName: to.firstName, newEmail, confirmUrl: withToken(ACCOUNT_PAGES.confirmEmail, token) }) });

export const sendEmailChangeRequested = (to: Addressee, newEmail: string, cancelToken: string) =>
  sendEmail({
    to: to.email,
    ...emailChangeRequestedEmail({
      firstName: to.firstName,
      newEmail,
      cancelUrl: withToken(ACCOUNT_PAGES.cancelEmailChange, cancelToken),
      forgotPasswordUrl: appLink(ACCOUNT_PAGES.forgotPassword),
    }),
  });

export const sendEmailChanged = (to: Addressee, newEmail: string) =>
  sendEmail({ to: to.email, ...emailChangedEmail({ firstName: to.firstName, oldEmail: to.email, newEmail }) });

export const sendInvitation = (email: string, inviterName: string, childNames: readonly string[], token: string) =>
  sendEmail({ to: email, ...invitationEmail({ inviterName, childNames, acceptUrl: withToken(ACCOUNT_PAGES.invitation, token) }) });
