/**
 * Sign-up, sign-in, current user and sign-out for parents and children (spec sections 4, 5, 7), and
 * the signed-out half of the account area (issue 11, docs/account-api.md): forgot and reset password,
 * confirming an address or an address change, and invitations. Every link's token arrives in a JSON
 * body, never in a URL.
 */
import { randomUUID } from 'node:crypto';
import type { EmailChangeCancelledDto, EmailConfirmedDto, InvitationPreviewDto, PasswordResetDto } from '../../shared/api-types';
import { signupMoney } from '../../shared/currency-regions';
import { API_ERRORS } from '../../shared/messages';
import {
  acceptInvitationSchema,
  cancelEmailChangeSchema,
  childLoginSchema,
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  invitationTokenSchema,
  parentLoginSchema,
  parentSignupSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../shared/schemas';
import { cancelEmailChangeWithLink, confirmAddress, confirmEmailChange, findLink, resetPasswordWithLink, saveLinkToken } from '../data/family/account-links';
import { createParentAccount, getChildLogin, getFamily, getParent, getParentLogin, parentName, type ParentItem } from '../data/family/accounts';
import { getChild, listChildren, recordFirstSignIn } from '../data/family/children';
import { acceptInvitation, findInvitation, listMembers } from '../data/family/co-parents';
import { normaliseEmail } from '../data/keys';
import { endSession, isSessionLive, startSession } from '../data/family/sessions';
import { ACCOUNT_LIMITS, SIGNUP_LIMIT } from '../data/family/throttles';
import { beginLoginAttempt, limitByAddress, limitBySubject } from './limits';
import { sendConfirmBeforeReset, sendEmailChanged, sendPasswordChanged, sendPasswordReset, sendWelcome } from '../email/account-mail';
import { LINK_LIFETIME_SECONDS } from '../email/links';
import { maskedAddress, type OtherParent } from '../email/templates';
import { clientAddress } from '../lib/edge-headers';
import { appEnv } from '../lib/env';
import { BadRequest, Conflict, Unauthorized } from '../lib/errors';
import { childSession, createDomainHandler, parentSession, validate, type HttpResult, type RequestContext } from '../lib/http';
import { logger } from '../lib/logger';
import { mailFailure } from '../lib/mailer';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { childUserDto, parentUserDto } from '../views/user-dtos';
import { newSessionId, roleHintCookie, sessionCookie, sessionKey, signedOutCookies, signSession, type Session } from '../lib/session';

/**
 * "Forgot password?" answers only after this long, whatever happened: an address with an account
 * (a token written, an e-mail sent) and one without take the same time.
 */
const FORGOT_PASSWORD_ANSWER_MS = 600;

/** Runs an e-mail side effect whose failure must not change the answer; the failure is logged. */
async function quietly(kind: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    logger.error('account e-mail not sent', { emailKind: kind, ...mailFailure(err) });
  }
}

/**
 * What "Forgot password?" sends: a reset link to a confirmed address, a link to confirm the address
 * first to an unconfirmed one (reset links go only to confirmed addresses, decision 040), nothing
 * to an address without an account.
 */
async function sendRecoveryMail(email: string, now: Date): Promise<void> {
  const login = await getParentLogin(email);
  const parent = login ? await getParent(login.familyId, login.parentId, true) : undefined;
  if (!login || !parent) return;
  if (parent.emailVerified) {
    const token = await saveLinkToken({ kind: 'password-reset', familyId: parent.familyId, parentId: parent.parentId, email: login.email, stamp: login.stamp ?? '' }, LINK_LIFETIME_SECONDS.passwordReset, now);
    await sendPasswordReset(parent, token);
  } else {
    // One link: it confirms the address and goes straight on to the new password, so it lives as
    // long as a reset link (issue 18).
    const token = await saveLinkToken({ kind: 'verify-email', purpose: 'reset', familyId: parent.familyId, parentId: parent.parentId, email: parent.email }, LINK_LIFETIME_SECONDS.passwordReset, now);
    // Whoever signed up with this address may have invited others before its owner turned up.
    await sendConfirmBeforeReset(parent, token, await otherParents(parent, now));
  }
}

/** The family's other parents as the recovery e-mails list them (issue 17). */
async function otherParents(parent: ParentItem, now: Date): Promise<OtherParent[]> {
  const { parents } = await listMembers(parent.familyId, now);
  return parents.filter((p) => p.parentId !== parent.parentId).map((p) => ({ name: parentName(p), email: p.email }));
}

/** A reset link's token for the login of a just-confirmed address (the "Forgot password?" path of an unconfirmed one). */
async function resetTokenFor(email: string, familyId: string, parentId: string, now: Date): Promise<string | undefined> {
  const login = await getParentLogin(email);
  if (!login || login.parentId !== parentId || login.familyId !== familyId) return undefined;
  return saveLinkToken({ kind: 'password-reset', familyId, parentId, email: login.email, stamp: login.stamp ?? '' }, LINK_LIFETIME_SECONDS.passwordReset, now);
}

/** Whether this browser is signed in (live) as the given parent. */
async function signedInAs(ctx: RequestContext, familyId: string, parentId: string): Promise<boolean> {
  const s = ctx.session;
  return s?.role === 'parent' && s.familyId === familyId && s.userId === parentId && (await isSessionLive(s));
}

/** Following a link is limited per client address (each try is a read; accepting, a bcrypt hash). */
const limitLinks = (ctx: RequestContext) => limitByAddress(ACCOUNT_LIMITS.linksPerAddress, clientAddress(ctx.event).key);

/**
 * Records the sign-in on the server and sets its cookie. `stamp` is the credential stamp of the
 * login whose password was checked; false when the credentials changed in the meantime.
 */
async function startSignedIn(who: Pick<Session, 'role' | 'userId' | 'familyId'>, stamp: string | undefined, body: unknown): Promise<HttpResult | null> {
  const { sessionTtlSeconds } = appEnv();
  const session = { ...who, sessionId: newSessionId(), expiresAt: Math.floor(Date.now() / 1000) + sessionTtlSeconds } as Session;
  if (!(await startSession(session, stamp ?? ''))) return null;
  const token = await signSession(session, await sessionKey());
  return { body, cookies: [sessionCookie(token, sessionTtlSeconds), roleHintCookie(session.role, sessionTtlSeconds)] };
}

/**
 * Logout is a browser navigation (spec section 7), so it stays a GET; a navigation started by
 * another site (a link, an image, a form) must not sign anyone out: it lands on the app, signed in.
 */
async function signOut(ctx: RequestContext): Promise<HttpResult> {
  const site = ctx.event.headers?.['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return { redirect: '/' };
  if (ctx.session) await endSession(ctx.session);
  return { redirect: '/', cookies: signedOutCookies() };
}

export const handler = createDomainHandler('auth', {
  'POST /api/auth/parent-signup': async (ctx) => {
    const input = validate(parentSignupSchema, ctx.body);
    // Each sign-up tells whether an address has an account: limited per client address.
    await limitByAddress(SIGNUP_LIMIT, clientAddress(ctx.event).key);
    const { locale, currency, ...account } = input;
    const created = await createParentAccount({
      ...account,
      ...signupMoney(locale, currency),
      passwordHash: await hashPassword(input.password),
      now: ctx.now,
    });
    if (created === 'email-taken') throw new Conflict(API_ERRORS.emailTaken);
    const { parent, family, login } = created;
    const started = await startSignedIn({ role: 'parent', userId: parent.parentId, familyId: family.familyId }, login.stamp, parentUserDto(parent, family));
    if (!started) throw new Unauthorized(API_ERRORS.invalidCredentials);
    // The account works unconfirmed; a welcome that could not be sent is asked for again from the banner.
    await quietly('welcome', async () => sendWelcome(parent, await saveLinkToken({ kind: 'verify-email', familyId: family.familyId, parentId: parent.parentId, email: parent.email }, LINK_LIFETIME_SECONDS.verifyEmail, ctx.now)));
    return { ...started, status: 201 };
  },

  'POST /api/auth/parent-login': async (ctx) => {
    const { email, password } = validate(parentLoginSchema, ctx.body);
    const attempt = await beginLoginAttempt('parent', email, clientAddress(ctx.event).key);
    const login = await getParentLogin(email);
    if (!(await verifyPassword(password, login?.passwordHash)) || !login) throw new Unauthorized(API_ERRORS.invalidCredentials);
    const [parent, family] = await Promise.all([getParent(login.familyId, login.parentId), getFamily(login.familyId)]);
    // A family being deleted has no logins left; one that slipped past the mark is refused all the same.
    if (!parent || !family || family.deletion) throw new Unauthorized(API_ERRORS.invalidCredentials);
    const started = await startSignedIn({ role: 'parent', userId: login.parentId, familyId: login.familyId }, login.stamp, parentUserDto(parent, family));
    if (!started) throw new Unauthorized(API_ERRORS.invalidCredentials);
    await attempt.succeeded();
    return started;
  },

  'POST /api/auth/child-login': async (ctx) => {
    const { username, password } = validate(childLoginSchema, ctx.body);
    const attempt = await beginLoginAttempt('child', username, clientAddress(ctx.event).key);
    const login = await getChildLogin(username);
    if (!(await verifyPassword(password, login?.passwordHash)) || !login) throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    const [child, family] = await Promise.all([getChild(login.familyId, login.childId), getFamily(login.familyId)]);
    // A family being deleted signs nobody in, though its children's logins go only in the deletion job.
    if (!child || !family || family.deletion) throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    const started = await startSignedIn({ role: 'child', userId: child.childId, familyId: child.familyId }, login.stamp, childUserDto(child, family));
    if (!started) throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    await attempt.succeeded();
    // Once per child: the parent's getting-started guide ticks off "the child signs in".
    if (!child.firstSignInAt) await recordFirstSignIn(child, ctx.now);
    return started;
  },

  'GET /api/auth/parent-user': async (ctx) => {
    const session = parentSession(ctx);
    const [parent, family] = await Promise.all([getParent(session.familyId, session.userId), getFamily(session.familyId)]);
    if (!parent || !family) throw new Unauthorized(API_ERRORS.notSignedIn);
    return { body: parentUserDto(parent, family) };
  },

  'GET /api/auth/child-user': async (ctx) => {
    const session = childSession(ctx);
    // The family's money settings come with it (issue 22): the two GetItems run side by side.
    const [child, family] = await Promise.all([getChild(session.familyId, session.userId), getFamily(session.familyId)]);
    // A deleted child's old cookie must stop working.
    if (!child) throw new Unauthorized(API_ERRORS.notSignedIn);
    return { body: childUserDto(child, family) };
  },

  'GET /api/logout': signOut,
  'GET /api/auth/parent-logout': signOut,
  'POST /api/auth/forgot-password': async (ctx) => {
    const { email } = validate(forgotPasswordSchema, ctx.body);
    await limitByAddress(ACCOUNT_LIMITS.forgotPerAddress, clientAddress(ctx.event).key);
    // Counted for every address, with or without an account: a 429 tells nothing either.
    await limitBySubject(ACCOUNT_LIMITS.forgotPerEmail, normaliseEmail(email), API_ERRORS.tooManyEmails);
    await Promise.all([quietly('password-recovery', () => sendRecoveryMail(email, ctx.now)), new Promise((r) => setTimeout(r, FORGOT_PASSWORD_ANSWER_MS))]);
    return { status: 202, body: { message: API_ERRORS.forgotPasswordSent } };
  },

  'POST /api/auth/reset-password': async (ctx) => {
    const input = validate(resetPasswordSchema, ctx.body);
    await limitLinks(ctx);
    const link = await findLink(input.token, 'password-reset', ctx.now);
    const login = link ? await getParentLogin(link.record.email) : undefined;
    if (!link || !login || login.parentId !== link.record.parentId || login.familyId !== link.record.familyId) throw new BadRequest(API_ERRORS.resetLinkInvalid);
    if (!(await resetPasswordWithLink(link, login, await hashPassword(input.password), ctx.now))) throw new BadRequest(API_ERRORS.resetLinkInvalid);
    const parent = await getParent(login.familyId, login.parentId);
    if (parent?.emailVerified) await quietly('password-changed', async () => sendPasswordChanged(parent, await otherParents(parent, ctx.now)));
    const body: PasswordResetDto = { message: 'Your password was changed, and you were signed out everywhere. Sign in with your new password.', email: login.email };
    // This browser's own session (if it was theirs) has ended with the others.
    return { body, ...(ctx.session?.userId === login.parentId ? { cookies: signedOutCookies() } : {}) };
  },

  'POST /api/auth/verify-email': async (ctx) => {
    const { token } = validate(verifyEmailSchema, ctx.body);
    await limitLinks(ctx);
    const link = await findLink(token, 'verify-email', ctx.now);
    if (!link || !(await confirmAddress(link, ctx.now))) throw new BadRequest(API_ERRORS.verifyLinkInvalid);
    const { familyId, parentId, email } = link.record;
    const resetToken = link.record.purpose === 'reset' ? await resetTokenFor(email, familyId, parentId, ctx.now) : undefined;
    const body: EmailConfirmedDto = {
      message: 'Your email address is confirmed. Thank you!',
      email,
      signedIn: await signedInAs(ctx, familyId, parentId),
      ...(resetToken ? { resetToken } : {}),
    };
    return { body };
  },

  'POST /api/auth/confirm-email-change': async (ctx) => {
    const { token } = validate(confirmEmailChangeSchema, ctx.body);
    await limitLinks(ctx);
    const link = await findLink(token, 'email-change', ctx.now);
    const parent = link ? await getParent(link.record.familyId, link.record.parentId, true) : undefined;
    const login = parent && parent.pendingEmail === link?.record.email ? await getParentLogin(parent.email) : undefined;
    if (!link || !parent || !login || login.parentId !== parent.parentId) throw new BadRequest(API_ERRORS.emailChangeLinkInvalid);
    const outcome = await confirmEmailChange(link, parent, login, ctx.now);
    if (outcome === 'taken') throw new Conflict(API_ERRORS.emailTaken);
    if (outcome === 'invalid') throw new BadRequest(API_ERRORS.emailChangeLinkInvalid);
    // The old address is told (when it was ever confirmed: notices go to proven addresses only).
    if (parent.emailVerified) await quietly('email-changed', () => sendEmailChanged(parent, link.record.email));
    const body: EmailConfirmedDto = {
      message: `Your email address is now ${link.record.email}. Sign in with it from now on.`,
      email: link.record.email,
      signedIn: await signedInAs(ctx, parent.familyId, parent.parentId),
    };
    return { body };
  },

  'POST /api/auth/cancel-email-change': async (ctx) => {
    const { token } = validate(cancelEmailChangeSchema, ctx.body);
    await limitLinks(ctx);
    const link = await findLink(token, 'email-change-cancel', ctx.now);
    if (!link || !(await cancelEmailChangeWithLink(link, ctx.now))) throw new BadRequest(API_ERRORS.emailChangeCancelLinkInvalid);
    const parent = await getParent(link.record.familyId, link.record.parentId, true);
    const body: EmailChangeCancelledDto = {
      message: `The change to ${maskedAddress(link.record.email)} is cancelled. You keep signing in with ${parent?.email ?? 'your current address'}.`,
      email: parent?.email ?? null,
    };
    return { body };
  },

  'POST /api/auth/invitation': async (ctx) => {
    const { token } = validate(invitationTokenSchema, ctx.body);
    await limitLinks(ctx);
    const found = await findInvitation(token, ctx.now);
    const family = found ? await getFamily(found.record.familyId) : undefined;
    if (!found || !family || family.deletion) throw new BadRequest(API_ERRORS.invitationInvalid);
    const children = await listChildren(found.record.familyId);
    const body: InvitationPreviewDto = {
      email: found.record.email,
      inviterName: found.record.inviterName,
      childNames: children.map((c) => c.displayName).sort((a, b) => a.localeCompare(b)),
      expiresAt: new Date(found.record.expiresAt * 1000).toISOString(),
    };
    return { body };
  },

  'POST /api/auth/accept-invitation': async (ctx) => {
    const input = validate(acceptInvitationSchema, ctx.body);
    await limitLinks(ctx);
    const found = await findInvitation(input.token, ctx.now);
    if (!found) throw new BadRequest(API_ERRORS.invitationInvalid);
    const outcome = await acceptInvitation(found, { parentId: randomUUID(), firstName: input.firstName, lastName: input.lastName, passwordHash: await hashPassword(input.password) }, ctx.now);
    if (outcome.status !== 'accepted') {
      if (outcome.status === 'taken') throw new Conflict(API_ERRORS.acceptHasAccount);
      if (outcome.status === 'full') throw new Conflict(API_ERRORS.tooManyParents);
      throw new BadRequest(API_ERRORS.invitationInvalid);
    }
    const { parent } = outcome;
    const family = await getFamily(parent.familyId);
    const started = await startSignedIn({ role: 'parent', userId: parent.parentId, familyId: parent.familyId }, outcome.stamp, parentUserDto(parent, family));
    if (!started) throw new Unauthorized(API_ERRORS.invalidCredentials);
    return { ...started, status: 201 };
  },
});
