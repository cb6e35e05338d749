/**
 * Co-parents over the local stack and the local SES: invite → e-mail → accept (signed in, the same
 * children), the members list, revoking, re-inviting, expiry, an address that already has a login,
 * removing a parent (their sessions end at once), leaving (never the last parent; the owner's role
 * passes on), and the payout ledger naming the parent who reset earnings.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { API_ERRORS } from '../../shared/messages';
import { signUpParent, TestClient, uniqueEmail } from './support/client';
import { expireLinks, linkToken, mailbox } from './support/account';
import { makeFamily, assignmentFor } from './support/family';

/** Invites `email` from `inviter` and returns the invitation's answer and token. */
async function invite(inviter: TestClient, email = uniqueEmail('coparent')) {
  const { result, mail } = await mailbox.next(email, async () => {
    const res = await inviter.post('/api/family/invitations', { email });
    if (res.status !== 201) throw new Error(`invite: ${res.status} ${res.text}`);
    return res;
  });
  return { email, invitation: result.body, mail, token: linkToken(mail, ACCOUNT_PAGES.invitation).token };
}

async function joined(inviter: TestClient, names = { firstName: 'Sam', lastName: 'Second' }) {
  const { email, token } = await invite(inviter);
  const client = new TestClient();
  const res = await client.post('/api/auth/accept-invitation', { token, ...names, password: 'second-pass' });
  if (res.status !== 201) throw new Error(`accept: ${res.status} ${res.text}`);
  return { client, email, user: res.body, password: 'second-pass' };
}

describe('inviting a co-parent', () => {
  it('sends an invitation whose link shows who invited, and accepting signs the new parent in to the same family', async () => {
    // Prepare
    const family = await makeFamily({ confirmed: true, kids: 2 });
    await family.parent.put('/api/account/profile', { firstName: 'Alex', lastName: 'Rivera' });
    // Act
    const { email, invitation, mail, token } = await invite(family.parent);
    const preview = await new TestClient().post('/api/auth/invitation', { token });
    const second = new TestClient();
    const accepted = await second.post('/api/auth/accept-invitation', { token, firstName: ' Sam ', lastName: 'Second', password: 'second-pass' });
    const theirChildren = await second.get('/api/children');
    const members = await family.parent.get('/api/family/members');
    const reused = await new TestClient().post('/api/auth/accept-invitation', { token, firstName: 'X', password: 'whatever1' });
    // Assess
    expect(invitation).toMatchObject({ email, invitedBy: 'Alex Rivera' });
    expect(mail.subject).toBe('Alex Rivera invited you to ChoreQuest');
    expect(mail.text).toContain('Kid 1 and Kid 2');
    expect(preview).toMatchObject({ status: 200, body: { email, inviterName: 'Alex Rivera', childNames: ['Kid 1', 'Kid 2'] } });
    expect(accepted).toMatchObject({ status: 201, body: { email, firstName: 'Sam', role: 'parent', emailVerified: true } });
    // Signed in: the session and the role hint (decision 021).
    expect(accepted.setCookies).toEqual([expect.stringMatching(/^cq_session=[^;]+; /), expect.stringMatching(/^cq_role=parent; /)]);
    expect(theirChildren.body.map((c: any) => c.id).sort()).toEqual(family.kids.map((k) => k.id).sort());
    expect(members.body.parents.map((p: any) => [p.firstName, p.isOwner, p.isYou])).toEqual([
      ['Alex', true, true],
      ['Sam', false, false],
    ]);
    expect(members.body.invitations).toEqual([]);
    expect(reused).toMatchObject({ status: 400, body: { message: API_ERRORS.invitationInvalid } });
    expect((await new TestClient().post('/api/auth/parent-login', { email, password: 'second-pass' })).status).toBe(200);
  });

  it('lets every parent manage everything: the co-parent adds a chore, the first parent sees it', async () => {
    const family = await makeFamily({ confirmed: true, kids: 1 });
    const { client } = await joined(family.parent);
    const chore = await client.post('/api/chores', { name: 'Feed the fish', category: 'daily', amount: '0.25', difficultyLevel: 1 });
    const assign = await client.post('/api/assignments', assignmentFor(family, family.kids[0]!.id, chore.body.id));
    expect(chore.status).toBe(201);
    expect(assign.status).toBe(201);
    expect((await family.parent.get('/api/chores')).body.map((c: any) => c.name)).toContain('Feed the fish');
  });

  it('says clearly that an address with an account cannot be invited, in this family or another', async () => {
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const other = await signUpParent();
    const { email: coParent } = await joined(family.parent);
    const theirs = await family.parent.post('/api/family/invitations', { email: other.email.toUpperCase() });
    const ours = await family.parent.post('/api/family/invitations', { email: coParent });
    const self = await family.parent.post('/api/family/invitations', { email: family.email });
    const bad = await family.parent.post('/api/family/invitations', { email: 'not-an-address' });
    expect(theirs).toMatchObject({ status: 409, body: { message: API_ERRORS.invitedHasAccount } });
    expect(ours).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyParent } });
    expect(self).toMatchObject({ status: 409, body: { message: API_ERRORS.alreadyParent } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } });
  });

  it('refuses to accept for an address that got an account after the invitation was sent', async () => {
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const { email, token } = await invite(family.parent);
    await new TestClient().post('/api/auth/parent-signup', { email, password: 'mine-123', firstName: 'Own' });
    const res = await new TestClient().post('/api/auth/accept-invitation', { token, firstName: 'Sam', password: 'second-pass' });
    expect(res).toMatchObject({ status: 409, body: { message: API_ERRORS.acceptHasAccount } });
    expect((await family.parent.get('/api/family/members')).body.parents).toHaveLength(1);
  });

  it('revokes an invitation, replaces one when the address is invited again, and lets one expire', async () => {
    // Prepare
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const first = await invite(family.parent);
    const again = await invite(family.parent, first.email);
    const other = await invite(family.parent);
    // Act
    const listed = await family.parent.get('/api/family/members');
    const revoked = await family.parent.delete(`/api/family/invitations/${other.invitation.id}`);
    const revokedTwice = await family.parent.delete(`/api/family/invitations/${other.invitation.id}`);
    const viaRevoked = await new TestClient().post('/api/auth/invitation', { token: other.token });
    const viaReplaced = await new TestClient().post('/api/auth/invitation', { token: first.token });
    const viaNewest = await new TestClient().post('/api/auth/invitation', { token: again.token });
    await expireLinks((await family.parent.get('/api/auth/parent-user')).body.familyId, 'INVITE#');
    const expired = await new TestClient().post('/api/auth/accept-invitation', { token: again.token, firstName: 'Late', password: 'late-pass' });
    // Assess
    expect(listed.body.invitations.map((i: any) => i.email).sort()).toEqual([first.email, other.email].sort());
    expect(revoked).toMatchObject({ status: 200, body: { id: other.invitation.id, revoked: true } });
    expect(revokedTwice).toMatchObject({ status: 404, body: { message: API_ERRORS.invitationNotFound } });
    expect(viaRevoked.status).toBe(400);
    expect(viaReplaced.status).toBe(400);
    expect(viaNewest.status).toBe(200);
    expect(expired).toMatchObject({ status: 400, body: { message: API_ERRORS.invitationInvalid } });
    expect((await family.parent.get('/api/family/members')).body.invitations).toEqual([]);
  });

  it('refuses forged and malformed invitation tokens', async () => {
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const familyId = (await family.parent.get('/api/auth/parent-user')).body.familyId;
    for (const token of [`${familyId}.${'B'.repeat(43)}`, 'x', `${familyId}.short`, 'A'.repeat(121)]) {
      expect((await new TestClient().post('/api/auth/invitation', { token })).status).toBe(400);
      expect((await new TestClient().post('/api/auth/accept-invitation', { token, firstName: 'F', password: 'forged-1' })).status).toBe(400);
    }
  });
});

describe('removing and leaving', () => {
  it('lets the owner remove a parent: their login is gone and their sessions end at once', async () => {
    // Prepare
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const second = await joined(family.parent);
    const otherDevice = new TestClient();
    await otherDevice.post('/api/auth/parent-login', { email: second.email, password: second.password });
    // Act
    const byThem = await second.client.delete(`/api/family/parents/${(await family.parent.get('/api/auth/parent-user')).body.id}`);
    const removed = await family.parent.delete(`/api/family/parents/${second.user.id}`);
    const again = await family.parent.delete(`/api/family/parents/${second.user.id}`);
    const self = await family.parent.delete(`/api/family/parents/${(await family.parent.get('/api/auth/parent-user')).body.id}`);
    // Assess
    expect(byThem).toMatchObject({ status: 403, body: { message: API_ERRORS.ownerOnlyRemove } });
    expect(removed).toMatchObject({ status: 200, body: { id: second.user.id, removed: true } });
    expect(again).toMatchObject({ status: 404, body: { message: API_ERRORS.parentNotFound } });
    expect(self).toMatchObject({ status: 400, body: { message: API_ERRORS.removeSelf } });
    expect((await second.client.get('/api/dashboard')).status).toBe(401);
    expect((await otherDevice.get('/api/dashboard')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email: second.email, password: second.password })).status).toBe(401);
    expect((await family.parent.get('/api/family/members')).body.parents).toHaveLength(1);
    // The address is free: it can be invited again.
    expect((await family.parent.post('/api/family/invitations', { email: second.email })).status).toBe(201);
  });

  it('lets a parent leave but never the last one; when the owner leaves, the parent who joined first becomes owner', async () => {
    // Prepare
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const sole = await family.parent.post('/api/family/leave');
    const second = await joined(family.parent, { firstName: 'Sam', lastName: 'Second' });
    const third = await joined(family.parent, { firstName: 'Tia', lastName: 'Third' });
    // Act
    const ownerLeaves = await family.parent.post('/api/family/leave');
    const asSecond = await second.client.get('/api/family/members');
    const thirdLeaves = await third.client.post('/api/family/leave');
    const lastTries = await second.client.post('/api/family/leave');
    // Assess
    expect(sole).toMatchObject({ status: 409, body: { message: API_ERRORS.lastParent } });
    expect(ownerLeaves.status).toBe(200);
    // Both the session and the role hint (decision 021) are cleared.
    expect(ownerLeaves.setCookies).toEqual([expect.stringMatching(/^cq_session=; .*Max-Age=0/), expect.stringMatching(/^cq_role=; .*Max-Age=0/)]);
    expect((await family.parent.get('/api/auth/parent-user')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/parent-login', { email: family.email, password: 'secret123' })).status).toBe(401);
    expect(asSecond.body.isOwner).toBe(true);
    expect(asSecond.body.parents.map((p: any) => [p.firstName, p.isOwner])).toEqual([
      ['Sam', true],
      ['Tia', false],
    ]);
    expect(thirdLeaves.status).toBe(200);
    expect(lastTries).toMatchObject({ status: 409, body: { message: API_ERRORS.lastParent } });
    expect((await second.client.get('/api/account')).body.isOwner).toBe(true);
  });

  it('never leaves a family without a parent when two parents leave at the same moment', async () => {
    const family = await makeFamily({ confirmed: true, kids: 0 });
    const second = await joined(family.parent);
    const [a, b] = await Promise.all([family.parent.post('/api/family/leave'), second.client.post('/api/family/leave')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});

describe('who reset earnings', () => {
  it('names the parent in the payout ledger and in the printable report', async () => {
    // Prepare
    const family = await makeFamily({ confirmed: true, kids: 1 });
    const kid = family.kids[0]!;
    const second = await joined(family.parent, { firstName: 'Sam', lastName: 'Second' });
    const a = await family.parent.post('/api/assignments', assignmentFor(family, kid.id, family.chores.daily.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    // Act
    const reset = await second.client.post(`/api/children/${kid.id}/reset-earnings`);
    const children = await family.parent.get('/api/children');
    const report = await family.parent.get('/api/reports/weekly');
    // Assess
    expect(reset.body.payout).toMatchObject({ amount: '0.50', paidBy: 'Sam Second' });
    expect(children.body[0].lastPayout).toMatchObject({ amount: '0.50', paidBy: 'Sam Second' });
    expect(report.text).toContain('Paid out $0.50 by Sam Second');
  });
});
