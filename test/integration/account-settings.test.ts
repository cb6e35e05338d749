/**
 * The account settings over the local stack and the local SES: confirming the address (welcome
 * e-mail, a new link, the banner's flag), names, password change, address change through a link to
 * the new address (the old one told), the weekly report setting, and the family's time zone with
 * the Sunday run that follows it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { API_ERRORS } from '../../shared/messages';
import { addDays, weekStartOf } from '../../shared/time';
import { weeklyRunIndexKeys } from '../../functions/data/planning/weekly-run-index';
import { runForWeek } from '../../functions/domain/weekly-run';
import { signUpParent, TestClient, uniqueEmail } from './support/client';
import { expireLinks, linkToken, mailbox, signUpVerified, signUpWithWelcome } from './support/account';
import { familyItem } from './support/weekly-job';
import { clearOfLimitWindowEdge } from './support/limit-windows';

// Tests here count requests against the rate limits: each runs inside one limit window.
beforeEach(() => clearOfLimitWindowEdge());

describe('confirming the e-mail address', () => {
  it('sends a welcome e-mail at sign-up whose link confirms the address once; the account works unconfirmed', async () => {
    // Prepare
    const { client, welcome, email, user } = await signUpWithWelcome();
    const { url, token } = linkToken(welcome, ACCOUNT_PAGES.verifyEmail);
    const before = await client.get('/api/auth/parent-user');
    const dashboard = await client.get('/api/dashboard');
    // Act: the link opened in the same browser
    const confirmed = await client.post('/api/auth/verify-email', { token });
    const again = await client.post('/api/auth/verify-email', { token });
    const after = await client.get('/api/auth/parent-user');
    // Assess
    expect(url.search).toBe('');
    expect(user.emailVerified).toBe(false);
    expect(before.body.emailVerified).toBe(false);
    expect(dashboard.status).toBe(200);
    expect(confirmed).toMatchObject({ status: 200, body: { email, signedIn: true } });
    expect(again).toMatchObject({ status: 400, body: { message: API_ERRORS.verifyLinkInvalid } });
    expect(after.body.emailVerified).toBe(true);
  });

  it('sends a new link on request (limited), and refuses once confirmed', async () => {
    // Prepare
    const { client, email, user } = await signUpWithWelcome();
    await expireLinks(user.familyId, 'TOKEN#');
    const { welcome } = { welcome: (await mailbox.to(email))[0]! };
    const old = linkToken(welcome, ACCOUNT_PAGES.verifyEmail).token;
    // Act
    const { result: resent, mail } = await mailbox.next(email, () => client.post('/api/account/verification-email'));
    const expired = await new TestClient().post('/api/auth/verify-email', { token: old });
    const confirmed = await new TestClient().post('/api/auth/verify-email', { token: linkToken(mail, ACCOUNT_PAGES.verifyEmail).token });
    const once = await client.post('/api/account/verification-email');
    // Assess
    expect(resent).toMatchObject({ status: 202, body: { message: expect.stringContaining(email) } });
    expect(mail.subject).toMatch(/Confirm your email/);
    expect(expired.status).toBe(400);
    expect(confirmed).toMatchObject({ status: 200, body: { signedIn: false } });
    expect(once).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyVerified } });
  });

  it('limits new links to five an hour', async () => {
    const { client } = await signUpParent();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/account/verification-email')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('account settings', () => {
  it('shows and changes the names', async () => {
    const { client, email } = await signUpParent({ firstName: 'Pat', lastName: 'Parent' });
    const before = await client.get('/api/account');
    const changed = await client.put('/api/account/profile', { firstName: '  Alex ', lastName: 'Rivera' });
    const missing = await client.put('/api/account/profile', { firstName: ' ', lastName: 'X' });
    expect(before.body).toMatchObject({ firstName: 'Pat', lastName: 'Parent', email, emailVerified: false, pendingEmail: null, weeklyReport: false, isOwner: true, family: { timeZone: 'America/New_York' } });
    expect(changed.body).toMatchObject({ firstName: 'Alex', lastName: 'Rivera' });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please fill in all required fields.' } });
    expect((await client.get('/api/auth/parent-user')).body.firstName).toBe('Alex');
  });

  it('changes the password with the current one, keeps this session and ends the others', async () => {
    // Prepare
    const { client, email, password } = await signUpVerified();
    const other = new TestClient();
    await other.post('/api/auth/parent-login', { email, password });
    // Act
    const wrong = await client.put('/api/account/password', { currentPassword: 'not-it', newPassword: 'next-pass-1' });
    const short = await client.put('/api/account/password', { currentPassword: password, newPassword: 'abc' });
    const { result: changed, mail } = await mailbox.next(email, () => client.put('/api/account/password', { currentPassword: password, newPassword: 'next-pass-1' }));
    // Assess
    expect(wrong).toMatchObject({ status: 403, body: { message: API_ERRORS.wrongCurrentPassword } });
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 6 characters long' } });
    expect(changed.status).toBe(200);
    expect(mail.subject).toMatch(/password was changed/);
    expect((await client.get('/api/account')).status).toBe(200);
    expect((await other.get('/api/account')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: 'next-pass-1' })).status).toBe(200);
  });

  it('counts wrong current passwords against the sign-in limits', async () => {
    const { client } = await signUpParent();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.put('/api/account/password', { currentPassword: `wrong-${i}`, newPassword: 'whatever1' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
  });

  it('changes the address through a link sent to the new one, and tells the old one', async () => {
    // Prepare
    const { client, email, password } = await signUpVerified();
    const next = uniqueEmail('moved');
    // Act
    const { result: asked, mail } = await mailbox.next(next, async () => {
      const res = await client.post('/api/account/email-change', { email: ` ${next.toUpperCase()} `, password });
      if (res.status !== 202) throw new Error(`${res.status} ${res.text}`);
      return res;
    });
    const pending = await client.get('/api/account');
    const { token, url } = linkToken(mail, ACCOUNT_PAGES.confirmEmail);
    const { result: confirmed, mail: told } = await mailbox.next(email, async () => {
      const res = await new TestClient().post('/api/auth/confirm-email-change', { token });
      if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
      return res;
    });
    const reused = await new TestClient().post('/api/auth/confirm-email-change', { token });
    // Assess
    expect(asked).toMatchObject({ status: 202, body: { pendingEmail: next, email } });
    expect(pending.body.pendingEmail).toBe(next);
    expect(url.search).toBe('');
    expect(confirmed).toMatchObject({ status: 200, body: { email: next, signedIn: false } });
    expect(reused.status).toBe(400);
    expect(told.subject).toMatch(/email address was changed/);
    expect(told.text).toContain(next);
    expect((await client.get('/api/account')).body).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    expect((await new TestClient().post('/api/auth/parent-login', { email, password })).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email: next, password })).status).toBe(200);
    // The old address is free again.
    expect((await new TestClient().post('/api/auth/parent-signup', { email, password: 'another1', firstName: 'New' })).status).toBe(201);
  });

  it('refuses a wrong password, the same address, a taken one; a cancelled, superseded or expired link does nothing', async () => {
    // Prepare
    const { client, email, password, user } = await signUpVerified();
    const taken = (await signUpParent()).email;
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    // Act
    const wrong = await client.post('/api/account/email-change', { email: first, password: 'nope-nope' });
    const same = await client.post('/api/account/email-change', { email: email.toUpperCase(), password });
    const takenRes = await client.post('/api/account/email-change', { email: taken, password });
    const firstLink = linkToken((await mailbox.next(first, () => client.post('/api/account/email-change', { email: first, password }))).mail, ACCOUNT_PAGES.confirmEmail).token;
    const secondLink = linkToken((await mailbox.next(second, () => client.post('/api/account/email-change', { email: second, password }))).mail, ACCOUNT_PAGES.confirmEmail).token;
    const superseded = await new TestClient().post('/api/auth/confirm-email-change', { token: firstLink });
    const cancelled = await client.delete('/api/account/email-change');
    const afterCancel = await new TestClient().post('/api/auth/confirm-email-change', { token: secondLink });
    const thirdLink = linkToken((await mailbox.next(second, () => client.post('/api/account/email-change', { email: second, password }))).mail, ACCOUNT_PAGES.confirmEmail).token;
    await expireLinks(user.familyId, 'TOKEN#');
    const expired = await new TestClient().post('/api/auth/confirm-email-change', { token: thirdLink });
    // Assess
    expect(wrong).toMatchObject({ status: 403, body: { message: API_ERRORS.wrongPassword } });
    expect(same).toMatchObject({ status: 400, body: { message: API_ERRORS.sameEmail } });
    expect(takenRes).toMatchObject({ status: 409, body: { message: API_ERRORS.emailTaken } });
    expect(superseded).toMatchObject({ status: 400, body: { message: API_ERRORS.emailChangeLinkInvalid } });
    expect(cancelled.body.pendingEmail).toBeNull();
    expect(afterCancel.status).toBe(400);
    expect(expired.status).toBe(400);
    expect((await client.get('/api/account')).body.email).toBe(email);
  });

  it('refuses the change when the new address got an account before the link was followed', async () => {
    const { client, password } = await signUpVerified();
    const next = uniqueEmail('raced');
    const { token } = linkToken((await mailbox.next(next, () => client.post('/api/account/email-change', { email: next, password }))).mail, ACCOUNT_PAGES.confirmEmail);
    await new TestClient().post('/api/auth/parent-signup', { email: next, password: 'theirs-1', firstName: 'Other' });
    const res = await new TestClient().post('/api/auth/confirm-email-change', { token });
    expect(res).toMatchObject({ status: 409, body: { message: API_ERRORS.emailTaken } });
  });

  it('turns the weekly report on and off', async () => {
    const { client, user } = await signUpParent();
    const on = await client.put('/api/account/weekly-report', { enabled: true });
    const onFamily = await familyItem(user.familyId);
    const bad = await client.put('/api/account/weekly-report', { enabled: 'yes' });
    const off = await client.put('/api/account/weekly-report', { enabled: false });
    expect(on.body.weeklyReport).toBe(true);
    expect([...onFamily.reportParents]).toEqual([user.id]);
    expect(bad).toMatchObject({ status: 400, body: { message: API_ERRORS.weeklyReportInvalid } });
    expect(off.body.weeklyReport).toBe(false);
    expect((await familyItem(user.familyId)).reportParents).toBeUndefined();
  });
});

describe("the family's time zone", () => {
  it('changes the zone, the clock, and the due hour of the next Sunday run', async () => {
    // Prepare
    const { client, user } = await signUpParent({ timeZone: 'America/New_York' });
    const before = await familyItem(user.familyId);
    // Act
    const res = await client.put('/api/family/time-zone', { timeZone: 'Asia/Kolkata' });
    const after = await familyItem(user.familyId);
    const dashboard = await client.get('/api/dashboard');
    // Assess
    const expected = weeklyRunIndexKeys(user.familyId, runForWeek(before.nextRunWeekStart, 'Asia/Kolkata'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'Asia/Kolkata', nextRunWeekStart: before.nextRunWeekStart, weekStart: weekStartOf(new Date(), 'Asia/Kolkata') });
    // Kolkata's Sunday 00:00 is 18:30 UTC on Saturday: the run is due at the next whole hour, 19:00.
    expect(res.body.nextRunAt).toBe(`${addDays(before.nextRunWeekStart, -1)}T19:00:00.000Z`);
    expect(after).toMatchObject({ timeZone: 'Asia/Kolkata', GSI2PK: expected.GSI2PK, GSI2SK: expected.GSI2SK });
    expect(after.GSI2SK).not.toBe(before.GSI2SK);
    expect(dashboard.body.timeZone).toBe('Asia/Kolkata');
    expect((await client.get('/api/auth/parent-user')).body.timeZone).toBe('Asia/Kolkata');
  });

  it('refuses a zone that is not an IANA zone', async () => {
    const { client } = await signUpParent();
    for (const timeZone of ['Mars/Olympus', '', 'UTC+2', 42, null]) {
      expect(await client.put('/api/family/time-zone', { timeZone })).toMatchObject({ status: 400, body: { message: API_ERRORS.timeZoneInvalid } });
    }
  });
});
