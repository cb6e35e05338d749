/**
 * Forgot password → e-mail → reset, over the local stack and the local SES, following the links the
 * way a browser would (the token from the URL fragment, sent in the JSON body): the same answer for
 * every address, reset links only to confirmed addresses (an unconfirmed one is sent a link to
 * confirm first), single use, one hour, retired by a newer password, every session ended, limits.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES, NEXT_RESET_PASSWORD } from '../../shared/account-pages';
import { API_ERRORS } from '../../shared/messages';
import { linksIn } from '../support/mailbox';
import { newVisitorAddress, TestClient, uniqueEmail } from './support/client';
import { expireLinks, linkToken, mailbox, signUpVerified, signUpWithWelcome } from './support/account';
import { clearOfLimitWindowEdge } from './support/limit-windows';

// Tests here count requests against the rate limits: each runs inside one limit window.
beforeEach(() => clearOfLimitWindowEdge());

const isReset = (m: { subject: string }) => m.subject.startsWith('Reset your');
const forgot = (email: string, from = newVisitorAddress()) => new TestClient(undefined, undefined, from).post('/api/auth/forgot-password', { email });

describe('forgot password', () => {
  it('answers the same for an address with an account and one without, and mails only the one with', async () => {
    // Prepare
    const { email } = await signUpVerified();
    const stranger = uniqueEmail('nobody');
    const [mine, theirs] = [await mailbox.cursor(email), await mailbox.cursor(stranger)];
    // Act
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot(stranger);
    // Assess
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: API_ERRORS.forgotPasswordSent });
    expect(unknown.body).toEqual(known.body);
    const mail = await mailbox.waitFor(email, { after: mine, match: isReset });
    expect(await mailbox.newSince(stranger, theirs)).toEqual([]);
    const { url } = linkToken(mail, ACCOUNT_PAGES.resetPassword);
    expect(url.search).toBe('');
    expect(linksIn(mail).every((l) => !new URL(l).search.includes('token'))).toBe(true);
    expect(mail.text).toContain('one hour');
  });

  it('resets the password through the link once, ends every session, and tells the parent', async () => {
    // Prepare
    const { email, password, client } = await signUpVerified();
    const other = new TestClient();
    expect((await other.post('/api/auth/parent-login', { email, password })).status).toBe(200);
    const { mail } = await mailbox.next(email, () => forgot(email), { match: isReset });
    const { token } = linkToken(mail, ACCOUNT_PAGES.resetPassword);
    // Act
    const { result: reset, mail: notice } = await mailbox.next(email, () => new TestClient().post('/api/auth/reset-password', { token, password: 'brand-new-1' }), {
      match: (m) => m.subject.includes('password was changed'),
    });
    const again = await new TestClient().post('/api/auth/reset-password', { token, password: 'another-2' });
    // Assess
    expect(reset.status).toBe(200);
    expect(reset.body.email).toBe(email);
    expect(again).toMatchObject({ status: 400, body: { message: API_ERRORS.resetLinkInvalid } });
    expect((await client.get('/api/auth/parent-user')).status).toBe(401);
    expect((await other.get('/api/dashboard')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email, password })).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: 'brand-new-1' })).status).toBe(200);
    expect(notice.text).toContain('signed out');
  });

  it('refuses an expired link, a forged one, a malformed one and the spec\'s short password', async () => {
    // Prepare
    const { email, user } = await signUpVerified();
    const { mail } = await mailbox.next(email, () => forgot(email), { match: isReset });
    const { token } = linkToken(mail, ACCOUNT_PAGES.resetPassword);
    const forged = `${user.familyId}.${'A'.repeat(43)}`;
    const reset = (body: unknown) => new TestClient().post('/api/auth/reset-password', body);
    // Act
    const short = await reset({ token, password: '12345' });
    const fake = await reset({ token: forged, password: 'long-enough' });
    const garbage = await reset({ token: 'not-a-token', password: 'long-enough' });
    const missing = await reset({ password: 'long-enough' });
    await expireLinks(user.familyId, 'TOKEN#');
    const expired = await reset({ token, password: 'long-enough' });
    // Assess
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 6 characters long' } });
    for (const res of [fake, garbage, missing, expired]) expect(res, res.text).toMatchObject({ status: 400, body: { message: API_ERRORS.resetLinkInvalid } });
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: 'secret123' })).status).toBe(200);
  });

  it('retires every reset link sent before a newer password', async () => {
    // Prepare
    const { email, client } = await signUpVerified();
    const first = linkToken((await mailbox.next(email, () => forgot(email), { match: isReset })).mail, ACCOUNT_PAGES.resetPassword).token;
    const second = linkToken((await mailbox.next(email, () => forgot(email), { match: isReset })).mail, ACCOUNT_PAGES.resetPassword).token;
    // Act
    const changed = await client.put('/api/account/password', { currentPassword: 'secret123', newPassword: 'changed-1' });
    const viaFirst = await new TestClient().post('/api/auth/reset-password', { token: first, password: 'hijack-1' });
    const viaSecond = await new TestClient().post('/api/auth/reset-password', { token: second, password: 'hijack-2' });
    // Assess
    expect(changed.status).toBe(200);
    expect(viaFirst.status).toBe(400);
    expect(viaSecond.status).toBe(400);
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: 'changed-1' })).status).toBe(200);
  });

  it('lets an unconfirmed address confirm and choose the new password with one link (issue 18)', async () => {
    // Prepare: the welcome e-mail was never followed; a session elsewhere
    const { email, client } = await signUpWithWelcome();
    const { mail } = await mailbox.next(email, () => forgot(email));
    const { token } = linkToken(mail, ACCOUNT_PAGES.verifyEmail);
    // Act: the one link confirms and answers with a reset token; the new password is set with it
    const confirmed = await new TestClient().post('/api/auth/verify-email', { token });
    const reset = await new TestClient().post('/api/auth/reset-password', { token: confirmed.body.resetToken, password: 'one-link-pass1' });
    const again = await new TestClient().post('/api/auth/reset-password', { token: confirmed.body.resetToken, password: 'twice-pass-2' });
    // Assess
    expect(mail.text).toContain('one hour');
    expect(confirmed).toMatchObject({ status: 200, body: { email, resetToken: expect.stringMatching(/^\S{40,}$/) } });
    expect(reset.status).toBe(200);
    expect(again).toMatchObject({ status: 400, body: { message: API_ERRORS.resetLinkInvalid } });
    expect((await client.get('/api/account')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: 'one-link-pass1' })).status).toBe(200);
  });

  it('gives no reset token for the welcome e-mail’s link (only "Forgot password?" asks for one)', async () => {
    const { welcome } = await signUpWithWelcome();
    const confirmed = await new TestClient().post('/api/auth/verify-email', { token: linkToken(welcome, ACCOUNT_PAGES.verifyEmail).token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).not.toHaveProperty('resetToken');
  });

  it('sends an unconfirmed address a link to confirm it first, then the reset link', async () => {
    // Prepare: the welcome e-mail was never followed
    const { email } = await signUpWithWelcome();
    // Act
    const { result, mail } = await mailbox.next(email, () => forgot(email));
    const { token, fragment } = linkToken(mail, ACCOUNT_PAGES.verifyEmail);
    const confirmed = await new TestClient().post('/api/auth/verify-email', { token });
    const { mail: reset } = await mailbox.next(email, () => forgot(email), { match: isReset });
    // Assess
    expect(result.status).toBe(202);
    expect(mail.subject).toMatch(/Confirm your email to reset/);
    expect(linksIn(mail).some((l) => new URL(l).pathname === ACCOUNT_PAGES.resetPassword)).toBe(false);
    expect(fragment.get('next')).toBe(NEXT_RESET_PASSWORD);
    expect(confirmed).toMatchObject({ status: 200, body: { email, signedIn: false } });
    expect(linkToken(reset, ACCOUNT_PAGES.resetPassword).token).toBeTruthy();
  });

  it('limits requests per e-mail address (known or not) and per client address', async () => {
    // Prepare
    const target = uniqueEmail('flooded');
    const visitor = newVisitorAddress();
    // Act
    const perEmail: number[] = [];
    for (let i = 0; i < 6; i++) perEmail.push((await forgot(target)).status);
    const perVisitor: number[] = [];
    for (let i = 0; i < 11; i++) perVisitor.push((await forgot(uniqueEmail('spray'), visitor)).status);
    // Assess
    expect(perEmail).toEqual([202, 202, 202, 202, 202, 429]);
    expect(perVisitor.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(perVisitor[10]).toBe(429);
  }, 60_000);
});
