/**
 * The signed-in parent's own account (issue 11, docs/account-api.md): names, password, address
 * change, a new verification link, the weekly e-mail report, and the report's one-click unsubscribe.
 * A password is checked against the sign-in limits (a stolen session cannot guess at it freely).
 */
import type { AccountDto, MessageDto } from '../../shared/api-types';
import { API_ERRORS } from '../../shared/messages';
import { changePasswordSchema, emailChangeSchema, profileSchema, weeklyReportSchema } from '../../shared/schemas';
import { cancelEmailChange, changePassword, saveLinkToken, startEmailChange } from '../data/family/account-links';
import { familyMoney, getFamily, getParent, getParentLogin, isOwner, setWeeklyReport, updateParentNames, type FamilyItem, type ParentItem } from '../data/family/accounts';
import { normaliseEmail } from '../data/keys';
import { ACCOUNT_LIMITS } from '../data/family/throttles';
import { limitBySubject, limitChosenRecipientEmail } from './limits';
import { checkPassword } from './password-check';
import { unsubscribeConfirmPage, unsubscribedPage, unsubscribeInvalidPage } from '../views/unsubscribe-page';
import { nextWeeklyRun, runForWeek } from '../domain/weekly-run';
import { sendConfirmNewEmail, sendEmailChangeRequested, sendPasswordChanged, sendVerifyAddress } from '../email/account-mail';
import { LINK_LIFETIME_SECONDS } from '../email/links';
import { clientAddress } from '../lib/edge-headers';
import { BadRequest, Conflict, HttpError, Unauthorized } from '../lib/errors';
import { createDomainHandler, parentSession, validate, type RequestContext } from '../lib/http';
import { logger } from '../lib/logger';
import { mailFailure } from '../lib/mailer';
import { hashPassword } from '../lib/passwords';
import { unsuppressAddress } from '../lib/ses-suppression';
import { verifyUnsubscribe } from '../lib/signed-links';

export function accountDto(parent: ParentItem, family: FamilyItem, now: Date): AccountDto {
  const pendingLive = parent.pendingEmail && (parent.pendingEmailUntil ?? 0) > Math.floor(now.getTime() / 1000);
  // The Sunday run the family is due for, as PUT /api/family/time-zone answers it (the settings page shows it).
  const next = family.nextRunWeekStart ? runForWeek(family.nextRunWeekStart, family.timeZone) : nextWeeklyRun(now, family.timeZone);
  return {
    id: parent.parentId,
    firstName: parent.firstName,
    lastName: parent.lastName,
    email: parent.email,
    emailVerified: parent.emailVerified === true,
    emailUndeliverable: parent.emailUndeliverable !== undefined,
    pendingEmail: pendingLive ? parent.pendingEmail! : null,
    weeklyReport: parent.weeklyReport === true,
    isOwner: isOwner(family, parent.parentId),
    family: { id: family.familyId, timeZone: family.timeZone, createdAt: family.createdAt, nextRunWeekStart: next.weekStart, nextRunAt: `${next.dueHour}:00:00.000Z`, approvalByDefault: family.approvalByDefault === true, money: familyMoney(family) },
  };
}

/** The caller's parent and family items (consistent: the settings page shows what was just saved). */
async function me(ctx: RequestContext): Promise<{ parent: ParentItem; family: FamilyItem }> {
  const { familyId, userId } = parentSession(ctx);
  const [parent, family] = await Promise.all([getParent(familyId, userId, true), getFamily(familyId, true)]);
  if (!parent || !family) throw new Unauthorized(API_ERRORS.notSignedIn);
  return { parent, family };
}

const answer = async (ctx: RequestContext, status = 200) => {
  const { parent, family } = await me(ctx);
  return { status, body: accountDto(parent, family, ctx.now) };
};

/** A notice whose failure must not fail the change it reports; logged. */
async function notice(kind: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    logger.error('account e-mail not sent', { emailKind: kind, ...mailFailure(err) });
  }
}

export const handler = createDomainHandler('account', {
  'GET /api/account': (ctx) => answer(ctx),

  'PUT /api/account/profile': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const names = validate(profileSchema, ctx.body);
    if (!(await updateParentNames(familyId, userId, names))) throw new Unauthorized(API_ERRORS.notSignedIn);
    return answer(ctx);
  },

  'PUT /api/account/password': async (ctx) => {
    const session = parentSession(ctx);
    const input = validate(changePasswordSchema, ctx.body);
    const { parent } = await me(ctx);
    const login = await checkPassword(ctx, parent, input.currentPassword, API_ERRORS.wrongCurrentPassword);
    // This session stays; every other one of the parent ends, and older reset links stop working.
    if (!(await changePassword(login, await hashPassword(input.newPassword), session))) throw new Conflict(API_ERRORS.credentialsChanged);
    if (parent.emailVerified) await notice('password-changed', () => sendPasswordChanged(parent));
    const body: MessageDto = { message: 'Your password was changed. Your other devices were signed out.' };
    return { body };
  },

  'POST /api/account/email-change': async (ctx) => {
    const input = validate(emailChangeSchema, ctx.body);
    const { parent } = await me(ctx);
    const email = normaliseEmail(input.email);
    if (email === parent.email) throw new BadRequest(API_ERRORS.sameEmail);
    await checkPassword(ctx, parent, input.password, API_ERRORS.wrongPassword);
    // The link goes to an address the caller chose: counted per client address, per parent and per
    // recipient (across families) before the address is looked up (issue 17).
    await limitChosenRecipientEmail([ACCOUNT_LIMITS.accountEmails, `${parent.familyId}#${parent.parentId}`], email, clientAddress(ctx.event).key);
    if (await getParentLogin(email)) throw new Conflict(API_ERRORS.emailTaken);
    const tokens = await startEmailChange(parent, email, LINK_LIFETIME_SECONDS.emailChange, ctx.now);
    if (!tokens) throw new Unauthorized(API_ERRORS.notSignedIn);
    try {
      await sendConfirmNewEmail(parent, email, tokens.confirmToken);
    } catch {
      // No link arrived: the change is not pending (the mailer has logged why).
      await cancelEmailChange(parent.familyId, parent.parentId, email);
      throw new HttpError(503, API_ERRORS.emailNotSent);
    }
    // The current address hears of it at once, with a one-click cancel (issue 17): someone who
    // learned the password cannot move the account away unseen. A notice that cannot be sent does
    // not stop the change (the old mailbox may be the reason for it); the mailer logs why.
    await notice('email-change-requested', () => sendEmailChangeRequested(parent, email, tokens.cancelToken));
    return answer(ctx, 202);
  },

  'DELETE /api/account/email-change': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    await cancelEmailChange(familyId, userId);
    return answer(ctx);
  },

  'POST /api/account/verification-email': async (ctx) => {
    const { parent } = await me(ctx);
    // A confirmed address that bounced (issue 20) may be confirmed again: following the link clears the mark.
    if (parent.emailVerified && !parent.emailUndeliverable) throw new Conflict(API_ERRORS.alreadyVerified);
    await limitBySubject(ACCOUNT_LIMITS.accountEmails, `${parent.familyId}#${parent.parentId}`, API_ERRORS.tooManyEmails);
    const token = await saveLinkToken({ kind: 'verify-email', familyId: parent.familyId, parentId: parent.parentId, email: parent.email }, LINK_LIFETIME_SECONDS.verifyEmail, ctx.now);
    // SES suppresses an address that bounced: the parent's own address comes off that list so the link can be tried (decision 051).
    if (parent.emailUndeliverable) await unsuppressAddress(parent.email);
    try {
      await sendVerifyAddress(parent, token);
    } catch {
      throw new HttpError(503, API_ERRORS.emailNotSent);
    }
    const body: MessageDto = { message: `We sent a new link to ${parent.email}. It can take a minute to arrive.` };
    return { status: 202, body };
  },

  'PUT /api/account/weekly-report': async (ctx) => {
    const { familyId, userId } = parentSession(ctx);
    const { enabled } = validate(weeklyReportSchema, ctx.body);
    if (!(await setWeeklyReport(familyId, userId, enabled))) throw new Unauthorized(API_ERRORS.notSignedIn);
    return answer(ctx);
  },

  'GET /api/email/unsubscribe': async (ctx) => {
    const target = await verifyUnsubscribe(ctx.query.token, ctx.now);
    if (!target) return { status: 400, html: unsubscribeInvalidPage(API_ERRORS.unsubscribeLinkInvalid) };
    return { html: unsubscribeConfirmPage() };
  },

  'POST /api/email/unsubscribe': async (ctx) => {
    const target = await verifyUnsubscribe(ctx.query.token, ctx.now);
    if (!target) return { status: 400, html: unsubscribeInvalidPage(API_ERRORS.unsubscribeLinkInvalid) };
    // Unsubscribed whatever the state: already off, or the parent or family gone, is the same answer.
    await setWeeklyReport(target.familyId, target.parentId, false);
    return { html: unsubscribedPage() };
  },
});
