/**
 * "Download our data" over the local stack: the whole family as one JSON file and completions and
 * payouts as CSV, as attachments with sensible names, built from the family's partition, and never
 * a password hash, a token, a session or a counter in them.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES } from '../../shared/account-pages';
import { COMPLETIONS_HEADER, PAYOUTS_HEADER } from '../../functions/views/family-export';
import { linkToken, mailbox, partition } from './support/account';
import { TestClient, testDb, uniqueEmail } from './support/client';
import { assignmentFor, makeFamily } from './support/family';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

describe('exporting the family', () => {
  it('gives the whole family as one JSON file and completions and payouts as CSV, with no secrets in them', async () => {
    // Prepare: a family with a co-parent invited, links outstanding, completions and a payout
    const f = await makeFamily({ confirmed: true, kids: 2 });
    await f.parent.put('/api/account/profile', { firstName: 'Alex', lastName: 'Rivera-Núñez' });
    const user = (await f.parent.get('/api/auth/parent-user')).body;
    const invited = uniqueEmail('invited');
    const { mail } = await mailbox.next(invited, () => f.parent.post('/api/family/invitations', { email: invited }));
    const invitationToken = linkToken(mail, ACCOUNT_PAGES.invitation).token;
    await f.parent.post('/api/account/verification-email');
    const kid = f.kids[0]!;
    const dated = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    await f.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: f.chores.continuous.id, daysOfWeek: [] });
    await kid.client.post('/api/child/complete-assignment', { assignmentId: dated.body.id, completed: true });
    await kid.client.post('/api/child/complete-assignment', { assignmentId: `c.${kid.id}.${f.chores.continuous.id}`, completed: true });
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`);
    const bonus = (await f.parent.post(`/api/children/${f.kids[1]!.id}/adjustments`, { kind: 'bonus', amount: '2.00', reason: 'Helped Grandma' })).body;
    const { doc, tableName } = testDb();
    const login = (await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `PARENTLOGIN#${f.email}`, SK: 'LOGIN' } }))).Item!;
    const secrets = (await partition(user.familyId)).flatMap((i) => [i.SK.startsWith('TOKEN#') || i.SK.startsWith('INVITE#') ? i.SK.split('#')[1] : undefined, i.stamp]).filter(Boolean);
    // Act
    const json = await f.parent.get('/api/family/export');
    const completions = await f.parent.get('/api/family/export/completions.csv');
    const payouts = await f.parent.get('/api/family/export/payouts.csv');
    // Assess: names and types
    const today = f.clock.today;
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="chorequest-rivera-nunez-family-${today}.json"`);
    expect(completions.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(completions.headers.get('content-disposition')).toBe(`attachment; filename="chorequest-rivera-nunez-completions-${today}.csv"`);
    expect(payouts.headers.get('content-disposition')).toBe(`attachment; filename="chorequest-rivera-nunez-payouts-${today}.csv"`);
    // The JSON file: everything of the family
    const data = json.body;
    expect(data).toMatchObject({ format: 'chorequest-family-export', version: 1, family: { id: user.familyId, timeZone: 'UTC', currency: 'USD', locale: 'en-US' } });
    expect(data.parents).toEqual([expect.objectContaining({ email: f.email, firstName: 'Alex', isOwner: true })]);
    expect(data.invitations).toEqual([expect.objectContaining({ email: invited, invitedBy: 'Alex Rivera-Núñez' })]);
    expect(data.children.map((c: any) => c.id).sort()).toEqual(f.kids.map((k) => k.id).sort());
    expect(data.children.find((c: any) => c.id === kid.id)).toMatchObject({ username: kid.username, owed: '0.00' });
    // The ledger and the activity log (issue 19).
    expect(data.adjustments).toEqual([expect.objectContaining({ id: bonus.id, kind: 'bonus', amount: '2.00', reason: 'Helped Grandma', childId: f.kids[1]!.id })]);
    expect(data.activity.map((e: any) => e.kind)).toEqual(['tick', 'tick', 'payout', 'bonus']);
    expect(data.payouts[0]).toMatchObject({ part: false, method: null, note: null });
    expect(data.chores).toHaveLength(4);
    expect(data.assignments).toEqual([expect.objectContaining({ id: dated.body.id, earned: '0.50', paid: true, completedAt: expect.any(String) })]);
    expect(data.continuousAssignments[0].completions).toEqual([expect.objectContaining({ date: today, earned: '1.00', paid: true })]);
    expect(data.payouts).toEqual([expect.objectContaining({ childId: kid.id, amount: '1.50', paidBy: 'Alex Rivera-Núñez' })]);
    expect(data.earnings.weeks.find((w: any) => w.childId === kid.id)).toMatchObject({ earned: '1.50', completions: 2 });
    // No secrets anywhere
    for (const file of [json.text, completions.text, payouts.text]) {
      for (const secret of [login.passwordHash, invitationToken, invitationToken.split('.')[1], ...secrets]) expect(file).not.toContain(secret);
      expect(file).not.toMatch(/passwordHash|SESSIONS#|TOKEN#|INVITE#|THROTTLE#|\$2[aby]\$/);
    }
    // The CSV files
    const lines = completions.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(COMPLETIONS_HEADER.join(','));
    expect(lines.slice(1).sort()).toEqual(
      [
        `${today},${f.clock.weekday},Kid 1,Make bed,daily,$0.50,${data.assignments[0].completedAt},yes,dated,USD`,
        `${today},${f.clock.weekday},Kid 1,Read,continuous,$1.00,${data.continuousAssignments[0].completions[0].completedAt},yes,continuous,USD`,
      ].sort(),
    );
    const payoutLines = payouts.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(payoutLines).toEqual([PAYOUTS_HEADER.join(","), `${data.payouts[0].paidAt},Kid 1,$1.50,Alex Rivera-Núñez,no,,,USD`]);
  });

  it('keeps a name that a spreadsheet would run as a formula as text', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    await f.parent.put(`/api/children/${kid.id}`, { displayName: '=HYPERLINK("http://evil","x")' });
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.daily.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    const csv = (await f.parent.get('/api/family/export/completions.csv')).text;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('gives a child and a signed-out visitor nothing', async () => {
    const f = await makeFamily({ kids: 1 });
    for (const path of ['/api/family/export', '/api/family/export/completions.csv', '/api/family/export/payouts.csv']) {
      expect((await f.kids[0]!.client.get(path)).status).toBe(401);
      expect((await new TestClient().get(path)).status).toBe(401);
    }
  });
});
