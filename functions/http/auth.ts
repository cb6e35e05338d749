/** Sign-up, sign-in, current user and sign-out for parents and children (spec sections 4, 5, 7). */
import { API_ERRORS } from '../../shared/messages';
import { childLoginSchema, parentLoginSchema, parentSignupSchema } from '../../shared/schemas';
import { createParentAccount, EmailTaken, getChildLogin, getFamily, getParent, getParentLogin } from '../data/accounts';
import { getChild } from '../data/children';
import { endSession, startSession } from '../data/sessions';
import { beginLoginAttempt, limitByAddress, SIGNUP_LIMIT } from '../data/throttles';
import { clientAddress } from '../lib/edge-headers';
import { appEnv } from '../lib/env';
import { Conflict, HttpError, Unauthorized } from '../lib/errors';
import { childSession, createDomainHandler, parentSession, validate, type HttpResult, type RequestContext } from '../lib/http';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { clearedSessionCookie, newSessionId, sessionCookie, sessionKey, signSession, type Session } from '../lib/session';

/**
 * Records the sign-in on the server and sets its cookie. `stamp` is the credential stamp of the
 * login whose password was checked; false when the credentials changed in the meantime.
 */
async function startSignedIn(who: Pick<Session, 'role' | 'userId' | 'familyId'>, stamp: string | undefined, body: unknown): Promise<HttpResult | null> {
  const { sessionTtlSeconds } = appEnv();
  const session = { ...who, sessionId: newSessionId(), expiresAt: Math.floor(Date.now() / 1000) + sessionTtlSeconds } as Session;
  if (!(await startSession(session, stamp ?? ''))) return null;
  const token = await signSession(session, await sessionKey());
  return { body, cookies: [sessionCookie(token, sessionTtlSeconds)] };
}

/**
 * Logout is a browser navigation (spec section 7), so it stays a GET; a navigation started by
 * another site (a link, an image, a form) must not sign anyone out: it lands on the app, signed in.
 */
async function signOut(ctx: RequestContext): Promise<HttpResult> {
  const site = ctx.event.headers?.['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return { redirect: '/' };
  if (ctx.session) await endSession(ctx.session);
  return { redirect: '/', cookies: [clearedSessionCookie()] };
}

export const handler = createDomainHandler('auth', {
  'POST /api/auth/parent-signup': async (ctx) => {
    const input = validate(parentSignupSchema, ctx.body);
    // Each sign-up tells whether an address has an account: limited per client address.
    await limitByAddress(SIGNUP_LIMIT, clientAddress(ctx.event).key);
    try {
      const { parent, family, login } = await createParentAccount({
        ...input,
        passwordHash: await hashPassword(input.password),
        now: ctx.now,
      });
      const started = await startSignedIn(
        { role: 'parent', userId: parent.parentId, familyId: family.familyId },
        login.stamp,
        { id: parent.parentId, email: parent.email, firstName: parent.firstName, lastName: parent.lastName, familyId: family.familyId, timeZone: family.timeZone, role: 'parent' },
      );
      if (!started) throw new Unauthorized(API_ERRORS.invalidCredentials);
      return { ...started, status: 201 };
    } catch (err) {
      if (err instanceof EmailTaken) throw new Conflict(API_ERRORS.emailTaken);
      throw err;
    }
  },

  'POST /api/auth/parent-login': async (ctx) => {
    const { email, password } = validate(parentLoginSchema, ctx.body);
    const attempt = await beginLoginAttempt('parent', email, clientAddress(ctx.event).key);
    const login = await getParentLogin(email);
    if (!(await verifyPassword(password, login?.passwordHash)) || !login) throw new Unauthorized(API_ERRORS.invalidCredentials);
    const [parent, family] = await Promise.all([getParent(login.familyId, login.parentId), getFamily(login.familyId)]);
    const started = await startSignedIn(
      { role: 'parent', userId: login.parentId, familyId: login.familyId },
      login.stamp,
      { id: login.parentId, email: login.email, firstName: parent?.firstName ?? '', lastName: parent?.lastName ?? '', familyId: login.familyId, timeZone: family?.timeZone ?? 'UTC', role: 'parent' },
    );
    if (!started) throw new Unauthorized(API_ERRORS.invalidCredentials);
    await attempt.succeeded();
    return started;
  },

  'POST /api/auth/child-login': async (ctx) => {
    const { username, password } = validate(childLoginSchema, ctx.body);
    const attempt = await beginLoginAttempt('child', username, clientAddress(ctx.event).key);
    const login = await getChildLogin(username);
    if (!(await verifyPassword(password, login?.passwordHash)) || !login) throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    const child = await getChild(login.familyId, login.childId);
    if (!child) throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    const started = await startSignedIn(
      { role: 'child', userId: child.childId, familyId: child.familyId },
      login.stamp,
      { id: child.childId, displayName: child.displayName, familyId: child.familyId, role: 'child' },
    );
    if (!started) throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    await attempt.succeeded();
    return started;
  },

  'GET /api/auth/parent-user': async (ctx) => {
    const session = parentSession(ctx);
    const [parent, family] = await Promise.all([getParent(session.familyId, session.userId), getFamily(session.familyId)]);
    if (!parent || !family) throw new Unauthorized(API_ERRORS.notSignedIn);
    return {
      body: {
        id: parent.parentId,
        email: parent.email,
        firstName: parent.firstName,
        lastName: parent.lastName,
        familyId: parent.familyId,
        timeZone: family.timeZone,
        role: 'parent',
      },
    };
  },

  'GET /api/auth/child-user': async (ctx) => {
    const session = childSession(ctx);
    const child = await getChild(session.familyId, session.userId);
    // A deleted child's old cookie must stop working.
    if (!child) throw new Unauthorized(API_ERRORS.notSignedIn);
    return { body: { id: child.childId, displayName: child.displayName, familyId: child.familyId, role: 'child' } };
  },

  'GET /api/logout': signOut,
  'GET /api/auth/parent-logout': signOut,
  'POST /api/auth/forgot-password': notYet,
  'POST /api/auth/reset-password': notYet,
  'POST /api/auth/verify-email': notYet,
  'POST /api/auth/confirm-email-change': notYet,
  'POST /api/auth/invitation': notYet,
  'POST /api/auth/accept-invitation': notYet,
});

// Contract placeholder (docs/account-api.md): implemented in the following commits.
function notYet(): Promise<HttpResult> {
  return Promise.reject(new HttpError(501, 'Not implemented yet'));
}
