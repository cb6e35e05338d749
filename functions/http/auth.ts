/** Sign-up, sign-in, current user and sign-out for parents and children (spec sections 4, 5, 7). */
import { API_ERRORS } from '../../shared/messages';
import { childLoginSchema, parentLoginSchema, parentSignupSchema } from '../../shared/schemas';
import { createParentAccount, EmailTaken, getChildLogin, getFamily, getParent, getParentLogin } from '../data/accounts';
import { getChild } from '../data/children';
import { clearLoginFailures, guardLoginAttempt, recordLoginFailure } from '../data/login-throttle';
import { appEnv } from '../lib/env';
import { Conflict, Unauthorized } from '../lib/errors';
import { childSession, createDomainHandler, parentSession, validate, type HttpResult } from '../lib/http';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { clearedRoleHintCookie, clearedSessionCookie, roleHintCookie, sessionCookie, sessionKey, signSession, type Session } from '../lib/session';

async function startSession(session: Session, body: unknown): Promise<HttpResult> {
  const { sessionTtlSeconds } = appEnv();
  const token = await signSession(session, await sessionKey(), sessionTtlSeconds);
  return { body, cookies: [sessionCookie(token, sessionTtlSeconds), roleHintCookie(session.role, sessionTtlSeconds)] };
}

const signOut = async (): Promise<HttpResult> => ({ redirect: '/', cookies: [clearedSessionCookie(), clearedRoleHintCookie()] });

export const handler = createDomainHandler('auth', {
  'POST /api/auth/parent-signup': async (ctx) => {
    const input = validate(parentSignupSchema, ctx.body);
    try {
      const { parent, family } = await createParentAccount({
        ...input,
        passwordHash: await hashPassword(input.password),
        now: ctx.now,
      });
      return await startSession(
        { role: 'parent', userId: parent.parentId, familyId: family.familyId },
        { id: parent.parentId, email: parent.email, firstName: parent.firstName, lastName: parent.lastName, familyId: family.familyId, timeZone: family.timeZone, role: 'parent' },
      ).then((r) => ({ ...r, status: 201 }));
    } catch (err) {
      if (err instanceof EmailTaken) throw new Conflict(API_ERRORS.emailTaken);
      throw err;
    }
  },

  'POST /api/auth/parent-login': async (ctx) => {
    const { email, password } = validate(parentLoginSchema, ctx.body);
    await guardLoginAttempt('parent', email);
    const login = await getParentLogin(email);
    if (!(await verifyPassword(password, login?.passwordHash)) || !login) {
      await recordLoginFailure('parent', email);
      throw new Unauthorized(API_ERRORS.invalidCredentials);
    }
    await clearLoginFailures('parent', email);
    const [parent, family] = await Promise.all([getParent(login.familyId, login.parentId), getFamily(login.familyId)]);
    return startSession(
      { role: 'parent', userId: login.parentId, familyId: login.familyId },
      { id: login.parentId, email: login.email, firstName: parent?.firstName ?? '', lastName: parent?.lastName ?? '', familyId: login.familyId, timeZone: family?.timeZone ?? 'UTC', role: 'parent' },
    );
  },

  'POST /api/auth/child-login': async (ctx) => {
    const { username, password } = validate(childLoginSchema, ctx.body);
    await guardLoginAttempt('child', username);
    const login = await getChildLogin(username);
    if (!(await verifyPassword(password, login?.passwordHash)) || !login) {
      await recordLoginFailure('child', username);
      throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    }
    const child = await getChild(login.familyId, login.childId);
    if (!child) {
      await recordLoginFailure('child', username);
      throw new Unauthorized(API_ERRORS.invalidChildCredentials);
    }
    await clearLoginFailures('child', username);
    return startSession(
      { role: 'child', userId: child.childId, familyId: child.familyId },
      { id: child.childId, displayName: child.displayName, familyId: child.familyId, role: 'child' },
    );
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
});
