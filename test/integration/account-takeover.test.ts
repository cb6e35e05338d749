/**
 * The account-takeover paths of issue 17, each written as the attack, over the local stack
 * (DynamoDB Local and the local SES): every test here failed on main before the fix.
 *
 * 1. a pending address change outliving the owner taking the account back (reset, password change,
 *    confirming the address), and the current address hearing of a change only once it was made;
 * 2. invitations outliving the parent who sent them;
 * 3. an unconfirmed account inviting co-parents (pre-hijacking);
 * 4. invitation and address-change e-mails flooding one inbox from many families;
 * 5. the invitation route telling whether an address has an account, without limit;
 * 6. raw SES errors (which name recipients) in the logs.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { ACCOUNT_PAGES, NEXT_RESET_PASSWORD } from '../../shared/account-pages';
import { API_ERRORS } from '../../shared/messages';
import { CHOSEN_RECIPIENT_LIMITS } from '../../functions/data/family/throttles';
import { confirmWelcome, linkToken, mailbox, signUpVerified } from './support/account';
import { newVisitorAddress, signUpParent, TestClient, testDb, uniqueEmail, useStackInThisProcess } from './support/client';
import { makeFamily } from './support/family';
import { clearOfLimitWindowEdge } from './support/limit-windows';

// Tests here count requests against the rate limits: each runs inside one limit window.
beforeEach(() => clearOfLimitWindowEdge());

const isInvitation = (m: { subject: string }) => m.subject.endsWith('invited you to ChoreQuest');
const isChangeNotice = (m: { subject: string }) => m.subject.startsWith('Someone asked to change');
const isReset = (m: { subject: string }) => m.subject.startsWith('Reset your');

/** "Forgot password?" → the reset link in the inbox → a new password: what an owner does on noticing an intruder. */
async function ownerResets(email: string, password = 'owner-takes-back-1') {
  const { mail } = await mailbox.next(email, () => new TestClient().post('/api/auth/forgot-password', { email }), { match: isReset });
  const reset = await new TestClient().post('/api/auth/reset-password', { token: linkToken(mail, ACCOUNT_PAGES.resetPassword).token, password });
  expect(reset.status).toBe(200);
  return password;
}

/** The intruder, signed in with the phished password, asks to move the account to their own inbox. */
async function intruderMovesAccount(email: string, password: string) {
  const intruder = new TestClient();
  expect((await intruder.post('/api/auth/parent-login', { email, password })).status).toBe(200);
  const theirs = uniqueEmail('intruder');
  const { result, mail } = await mailbox.next(theirs, () => intruder.post('/api/account/email-change', { email: theirs, password }));
  expect(result.status).toBe(202);
  return { intruder, theirs, confirmToken: linkToken(mail, ACCOUNT_PAGES.confirmEmail).token };
}

async function parentItem(familyId: string, parentId: string) {
  const { doc, tableName } = testDb();
  return (await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `FAMILY#${familyId}`, SK: `PARENT#${parentId}` }, ConsistentRead: true }))).Item;
}

describe('1. a pending address change cannot outlive the owner taking the account back', () => {
  it('a password reset retires the change the intruder asked for: their link fails and their address never owns the account', async () => {
    // Prepare: the owner's password was phished.
    const { email, password, user } = await signUpVerified();
    const { intruder, theirs, confirmToken } = await intruderMovesAccount(email, password);
    // Act: the owner notices and resets; the intruder then follows their link.
    const newPassword = await ownerResets(email);
    const confirmed = await new TestClient().post('/api/auth/confirm-email-change', { token: confirmToken });
    const forgotOnTheirs = await mailbox.cursor(theirs);
    await new TestClient().post('/api/auth/forgot-password', { email: theirs });
    // Assess
    expect(confirmed).toMatchObject({ status: 400, body: { message: API_ERRORS.emailChangeLinkInvalid } });
    expect(await parentItem(user.familyId, user.id)).not.toHaveProperty('pendingEmail');
    expect(await parentItem(user.familyId, user.id)).not.toHaveProperty('pendingEmailUntil');
    expect((await intruder.get('/api/account')).status).toBe(401);
    expect(await mailbox.newSince(theirs, forgotOnTheirs)).toEqual([]);
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: newPassword })).status).toBe(200);
  });

  it('a password change in the settings retires it too', async () => {
    const { email, password, client } = await signUpVerified();
    const { confirmToken } = await intruderMovesAccount(email, password);
    const changed = await client.put('/api/account/password', { currentPassword: password, newPassword: 'fresh-pass-2' });
    const confirmed = await new TestClient().post('/api/auth/confirm-email-change', { token: confirmToken });
    expect(changed.status).toBe(200);
    expect(confirmed).toMatchObject({ status: 400, body: { message: API_ERRORS.emailChangeLinkInvalid } });
    expect((await client.get('/api/account')).body).toMatchObject({ email, pendingEmail: null });
  });

  it('the owner confirming the address retires it: someone who signed up with it first cannot move it away', async () => {
    // Prepare: someone signs up with the victim's address (unconfirmed) and asks to move it to theirs.
    const { client: squatter, email: victim, password } = await signUpParent();
    const theirs = uniqueEmail('squatter');
    const { mail } = await mailbox.next(theirs, () => squatter.post('/api/account/email-change', { email: theirs, password }));
    // Act: the victim uses "Forgot password?": the link confirms the address first.
    const { mail: confirmFirst } = await mailbox.next(victim, () => new TestClient().post('/api/auth/forgot-password', { email: victim }), {
      match: (m) => m.subject.startsWith('Confirm your email to reset'),
    });
    const verified = await new TestClient().post('/api/auth/verify-email', { token: linkToken(confirmFirst, ACCOUNT_PAGES.verifyEmail).token });
    const confirmed = await new TestClient().post('/api/auth/confirm-email-change', { token: linkToken(mail, ACCOUNT_PAGES.confirmEmail).token });
    // Assess
    expect(verified.status).toBe(200);
    expect(confirmed).toMatchObject({ status: 400, body: { message: API_ERRORS.emailChangeLinkInvalid } });
    expect((await squatter.get('/api/account')).body).toMatchObject({ email: victim, emailVerified: true, pendingEmail: null });
  });

  it('tells the current address at once, with the new address masked and a one-click cancel that retires the change', async () => {
    // Prepare
    const { email, password, client } = await signUpVerified();
    const before = await mailbox.cursor(email);
    // Act
    const { theirs, confirmToken } = await intruderMovesAccount(email, password);
    const notice = await mailbox.waitFor(email, { after: before, match: isChangeNotice });
    const { token, url } = linkToken(notice, ACCOUNT_PAGES.cancelEmailChange);
    const cancelled = await new TestClient().post('/api/auth/cancel-email-change', { token });
    const again = await new TestClient().post('/api/auth/cancel-email-change', { token });
    const confirmed = await new TestClient().post('/api/auth/confirm-email-change', { token: confirmToken });
    // Assess: the notice names the new address masked ("i…@e….com"), and how to take the account back.
    const masked = `${theirs[0]}…@e….com`;
    expect(notice.text).toContain(masked);
    expect(notice.text).not.toContain(theirs);
    expect(notice.html).not.toContain(theirs);
    expect(notice.text).toContain(ACCOUNT_PAGES.forgotPassword);
    expect(url.search).toBe('');
    expect(cancelled).toMatchObject({ status: 200, body: { email } });
    expect(cancelled.body.message).toContain(masked);
    expect(again).toMatchObject({ status: 400, body: { message: API_ERRORS.emailChangeCancelLinkInvalid } });
    expect(confirmed).toMatchObject({ status: 400, body: { message: API_ERRORS.emailChangeLinkInvalid } });
    expect((await client.get('/api/account')).body).toMatchObject({ email, pendingEmail: null });
  });

  it('a cancel link from an older request does not cancel a newer change, and a confirmed change cannot be cancelled', async () => {
    const { email, password, client } = await signUpVerified();
    const first = uniqueEmail('first');
    const before = await mailbox.cursor(email);
    await mailbox.next(first, () => client.post('/api/account/email-change', { email: first, password }));
    const oldCancel = linkToken(await mailbox.waitFor(email, { after: before, match: isChangeNotice }), ACCOUNT_PAGES.cancelEmailChange).token;
    const second = uniqueEmail('second');
    const { mail } = await mailbox.next(second, () => client.post('/api/account/email-change', { email: second, password }));
    const stale = await new TestClient().post('/api/auth/cancel-email-change', { token: oldCancel });
    expect(stale.status).toBe(400);
    expect((await client.get('/api/account')).body.pendingEmail).toBe(second);
    expect((await new TestClient().post('/api/auth/confirm-email-change', { token: linkToken(mail, ACCOUNT_PAGES.confirmEmail).token })).status).toBe(200);
    expect((await client.get('/api/account')).body).toMatchObject({ email: second, pendingEmail: null });
  });
});

describe('2. an invitation never outlives the parent who sent it', () => {
  async function coParentWithInvitation() {
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const coEmail = uniqueEmail('co');
    const { mail } = await mailbox.next(coEmail, () => family.parent.post('/api/family/invitations', { email: coEmail }), { match: isInvitation });
    const co = new TestClient();
    const joined = await co.post('/api/auth/accept-invitation', { token: linkToken(mail, ACCOUNT_PAGES.invitation).token, firstName: 'Co', password: 'co-pass-1' });
    expect(joined.status).toBe(201);
    // The co-parent invites an address they control.
    const backdoor = uniqueEmail('backdoor');
    const { mail: invitation } = await mailbox.next(backdoor, () => co.post('/api/family/invitations', { email: backdoor }), { match: isInvitation });
    return { family, co, coId: joined.body.id as string, backdoor, token: linkToken(invitation, ACCOUNT_PAGES.invitation).token };
  }

  it('removing the co-parent deletes their invitations in the same step: the back door does not open', async () => {
    const { family, coId, token } = await coParentWithInvitation();
    expect((await family.parent.get('/api/family/members')).body.invitations).toHaveLength(1);
    const removed = await family.parent.delete(`/api/family/parents/${coId}`);
    const accepted = await new TestClient().post('/api/auth/accept-invitation', { token, firstName: 'Back', password: 'back-door-1' });
    expect(removed.status).toBe(200);
    expect(accepted).toMatchObject({ status: 400, body: { message: API_ERRORS.invitationInvalid } });
    expect((await family.parent.get('/api/family/members')).body).toMatchObject({ invitations: [], parents: [expect.objectContaining({ isYou: true })] });
  });

  it('leaving deletes the leaver’s invitations too', async () => {
    const { family, co, token } = await coParentWithInvitation();
    expect((await co.post('/api/family/leave', {})).status).toBe(200);
    const accepted = await new TestClient().post('/api/auth/accept-invitation', { token, firstName: 'Back', password: 'back-door-1' });
    expect(accepted.status).toBe(400);
    expect((await family.parent.get('/api/family/members')).body.invitations).toEqual([]);
  });

  it('accepting is conditional on the sender still being a parent (an invitation written as they were removed)', async () => {
    // Prepare: the co-parent is removed; an invitation of theirs written at that same instant
    // (after the removal read their invitations) is simulated by storing one in their name.
    useStackInThisProcess();
    const { createInvitation } = await import('../../functions/data/family/co-parents');
    const { family, coId } = await coParentWithInvitation();
    const { parents } = (await family.parent.get('/api/family/members')).body;
    const familyId = (await family.parent.get('/api/account')).body.family.id;
    const co = await parentItem(familyId, coId);
    expect(parents).toHaveLength(2);
    expect((await family.parent.delete(`/api/family/parents/${coId}`)).status).toBe(200);
    const late = await createInvitation({ ...(co as any), name: 'Co' }, uniqueEmail('late'), [], 3600, new Date());
    // Act
    const accepted = await new TestClient().post('/api/auth/accept-invitation', { token: late!.token, firstName: 'Late', password: 'late-pass-1' });
    // Assess
    expect(accepted).toMatchObject({ status: 400, body: { message: API_ERRORS.invitationInvalid } });
    expect((await family.parent.get('/api/family/members')).body.parents).toHaveLength(1);
  });
});

describe('3. an unconfirmed account cannot invite (pre-hijacking)', () => {
  it('refuses an invitation from a parent whose address is not confirmed, and sends nothing', async () => {
    const { client: squatter } = await signUpParent();
    const accomplice = uniqueEmail('planted');
    const before = await mailbox.cursor(accomplice);
    const invited = await squatter.post('/api/family/invitations', { email: accomplice });
    expect(invited).toMatchObject({ status: 403, body: { message: API_ERRORS.confirmBeforeInviting } });
    expect(await mailbox.newSince(accomplice, before)).toEqual([]);
    expect((await squatter.get('/api/family/members')).body.invitations).toEqual([]);
  });

  it('lets the same parent invite once the address is confirmed', async () => {
    const { client, email } = await signUpParent();
    await confirmWelcome(email);
    expect((await client.post('/api/family/invitations', { email: uniqueEmail('welcome') })).status).toBe(201);
  });

  it('lists the family’s other parents in the e-mails of a reset that confirms the address', async () => {
    // Prepare: a co-parent planted before this fix (the owner's address then made unconfirmed again).
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const planted = uniqueEmail('planted');
    const { mail } = await mailbox.next(planted, () => family.parent.post('/api/family/invitations', { email: planted }), { match: isInvitation });
    await new TestClient().post('/api/auth/accept-invitation', { token: linkToken(mail, ACCOUNT_PAGES.invitation).token, firstName: 'Mallory', lastName: 'Planted', password: 'planted-1' });
    const { body: me } = await family.parent.get('/api/account');
    const { doc, tableName } = testDb();
    await doc.send(new UpdateCommand({ TableName: tableName, Key: { PK: `FAMILY#${me.family.id}`, SK: `PARENT#${me.id}` }, UpdateExpression: 'REMOVE emailVerified, emailVerifiedAt' }));
    // Act: the real owner asks for a reset; the link confirms the address, then the reset.
    const { mail: confirmFirst } = await mailbox.next(family.email, () => new TestClient().post('/api/auth/forgot-password', { email: family.email }), {
      match: (m) => m.subject.startsWith('Confirm your email to reset'),
    });
    const { token, fragment } = linkToken(confirmFirst, ACCOUNT_PAGES.verifyEmail);
    expect((await new TestClient().post('/api/auth/verify-email', { token })).status).toBe(200);
    const { mail: reset } = await mailbox.next(family.email, () => new TestClient().post('/api/auth/forgot-password', { email: family.email }), { match: isReset });
    const { mail: changed } = await mailbox.next(
      family.email,
      () => new TestClient().post('/api/auth/reset-password', { token: linkToken(reset, ACCOUNT_PAGES.resetPassword).token, password: 'mine-again-1' }),
      { match: (m) => m.subject.includes('password was changed') },
    );
    // Assess
    expect(fragment.get('next')).toBe(NEXT_RESET_PASSWORD);
    for (const m of [confirmFirst, changed]) {
      expect(m.text).toContain('Mallory Planted (p…@e….com)');
      expect(m.text).toContain('remove them on the Family page');
      expect(m.text).not.toContain(planted);
    }
  });
});

describe('4. invitation and address-change e-mails cannot flood one inbox', () => {
  it('sends one inbox at most 3 a day, across families, invitations and address changes alike', async () => {
    // Prepare: three confirmed families from three visitors, one victim inbox.
    const victim = uniqueEmail('victim');
    const families = await Promise.all([0, 1, 2].map(() => makeFamily({ confirmed: true, kids: 0 })));
    const mover = await signUpVerified();
    const before = await mailbox.cursor(victim);
    // Act: 3 families × 3 invitations, then an address change to the same inbox.
    const statuses: number[] = [];
    for (const f of families) for (let i = 0; i < 3; i++) statuses.push((await f.parent.post('/api/family/invitations', { email: victim })).status);
    const change = await mover.client.post('/api/account/email-change', { email: victim, password: mover.password });
    // Assess
    expect(statuses.filter((s) => s === 201)).toHaveLength(CHOSEN_RECIPIENT_LIMITS.perRecipient.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9 - CHOSEN_RECIPIENT_LIMITS.perRecipient.max);
    expect(change).toMatchObject({ status: 429, body: { message: API_ERRORS.tooManyEmails } });
    expect(change.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await mailbox.newSince(victim, before)).toHaveLength(CHOSEN_RECIPIENT_LIMITS.perRecipient.max);
  });

  it('caps what one client address sends, however many families and recipients it uses', async () => {
    // Prepare: two confirmed families signed up from one network address.
    const from = newVisitorAddress();
    const parents = await Promise.all(
      [0, 1].map(async () => {
        const client = new TestClient(undefined, undefined, from);
        const email = uniqueEmail('one-network');
        expect((await client.post('/api/auth/parent-signup', { email, password: 'secret123', firstName: 'Net' })).status).toBe(201);
        await confirmWelcome(email);
        return client;
      }),
    );
    // Act: each sends invitations to fresh recipients, then one asks for an address change.
    const statuses: number[] = [];
    for (let i = 0; i < CHOSEN_RECIPIENT_LIMITS.perAddress.max + 2; i++) statuses.push((await parents[i % 2]!.post('/api/family/invitations', { email: uniqueEmail('spread') })).status);
    // Assess
    expect(statuses.slice(0, CHOSEN_RECIPIENT_LIMITS.perAddress.max)).toEqual(Array(CHOSEN_RECIPIENT_LIMITS.perAddress.max).fill(201));
    expect(statuses.slice(CHOSEN_RECIPIENT_LIMITS.perAddress.max)).toEqual([429, 429]);
  });
});

describe('5. the invitation route tells whether an address has an account only within the limits', () => {
  it('counts before looking the address up: an address with an account and one without get the same 429 once the limit is used', async () => {
    const from = newVisitorAddress();
    const prober = new TestClient(undefined, undefined, from);
    const email = uniqueEmail('prober');
    await prober.post('/api/auth/parent-signup', { email, password: 'secret123', firstName: 'Probe' });
    await confirmWelcome(email);
    const known = await Promise.all(Array.from({ length: CHOSEN_RECIPIENT_LIMITS.perAddress.max + 1 }, () => signUpParent()));
    // Act: probe existing accounts one by one, then one more existing and one unknown.
    const answers = [];
    for (const k of known) answers.push(await prober.post('/api/family/invitations', { email: k.email }));
    const unknown = await prober.post('/api/family/invitations', { email: uniqueEmail('unknown') });
    // Assess
    const limit = CHOSEN_RECIPIENT_LIMITS.perAddress.max;
    expect(answers.slice(0, limit).map((a) => a.body.message)).toEqual(Array(limit).fill(API_ERRORS.invitedHasAccount));
    expect(answers[limit]).toMatchObject({ status: 429, body: { message: API_ERRORS.tooManyEmails } });
    expect(unknown).toMatchObject({ status: 429, body: { message: API_ERRORS.tooManyEmails } });
  });
});

describe('6. logs carry a masked reason, never the raw SES error', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs an address-change notice SES refused without the address SES named', async () => {
    // Prepare: the account function in this process, with an SES that refuses the notice as the sandbox does.
    useStackInThisProcess();
    const { readFileSync } = await import('node:fs');
    Object.assign(process.env, { MAIL_FROM: inject('mailFrom'), APP_URL: 'https://app.example', SES_ENDPOINT: inject('sesEndpoint') });
    const { resetAppEnv } = await import('../../functions/lib/env');
    resetAppEnv();
    const { setSesClient } = await import('../../functions/lib/mailer');
    const { logger } = await import('../../functions/lib/logger');
    const { domainHandlers } = await import('../../functions/http/index');
    const { CLIENT_ADDRESS_HEADER, ORIGIN_SECRET_HEADER } = await import('../../functions/lib/edge-header-names');
    const { email, password, client } = await signUpVerified();
    const next = uniqueEmail('next');
    const sent: string[] = [];
    setSesClient({
      send: async (command: { input: { Destination: { ToAddresses: string[] } } }) => {
        const to = command.input.Destination.ToAddresses[0]!;
        sent.push(to);
        if (to === email) throw Object.assign(new Error(`Email address is not verified. The following identities failed the check in region EU-WEST-1: ${to}`), { name: 'MessageRejected' });
        return { MessageId: 'stub' };
      },
      destroy: () => undefined,
    } as never);
    const logged: unknown[][] = [];
    vi.spyOn(logger, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    const body = JSON.stringify({ email: next, password });
    // Act
    const res = await domainHandlers.account({
      version: '2.0',
      routeKey: 'POST /api/account/email-change',
      rawPath: '/api/account/email-change',
      rawQueryString: '',
      cookies: [client.cookie!],
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        [ORIGIN_SECRET_HEADER]: readFileSync(inject('originSecretFile'), 'utf8').trim(),
        [CLIENT_ADDRESS_HEADER]: '203.0.113.77:443',
      },
      body,
      requestContext: { http: { method: 'POST', path: '/api/account/email-change', sourceIp: '203.0.113.77' }, requestId: 'direct' },
      isBase64Encoded: false,
    } as never);
    setSesClient(undefined);
    // Assess: the change went ahead (the notice is not worth failing it for), and no log line names an address.
    expect(res.statusCode).toBe(202);
    expect(sent).toEqual([next, email]);
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(email);
    expect(text).not.toContain('@');
    expect(text).toContain('<address>');
  });
});
