/**
 * The family's own currency over the local stack (issue 22, decision 054): sign-up takes it from the
 * browser's locale, Account Settings changes it (GET/PUT /api/family/money), amounts are validated in
 * its decimals and answered as its decimal strings, and every amount a person reads (the weekly
 * e-mail, the CSV export) is written in its locale. A US-dollar family's answers are today's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWeeklyRunMessage } from '../../functions/jobs/weekly/message';
import type { LocalWeeklyJob } from '../../infra/local/weekly-job';
import { FORM_MESSAGES } from '../../shared/messages';
import { SAVINGS_MESSAGES } from '../../shared/savings-schemas';
import { addDays, shortDateIn } from '../../shared/time';
import type { SentEmail } from '../support/mailbox';
import { mailbox } from './support/account';
import { signUpParent, TestClient, uniqueName } from './support/client';
import { assignmentFor, makeFamily, type Family } from './support/family';
import { familyIdOf, startJob } from './support/weekly-job';

const EURO = { currency: 'EUR', locale: 'de-DE' };

/** A family (its parent confirmed) switched to `money` before anything has an amount but makeFamily's chores. */
async function familyIn(money: Record<string, unknown>, opts: { kids?: number; confirmed?: boolean } = {}): Promise<Family> {
  const f = await makeFamily({ kids: opts.kids ?? 1, confirmed: opts.confirmed ?? false });
  const res = await f.parent.put('/api/family/money', money);
  if (res.status !== 200) throw new Error(`money: ${res.status} ${res.text}`);
  return f;
}

/** A child with a login in a family whose chores makeFamily did not make (a yen family cannot take "0.50"). */
async function kidOf(parent: TestClient) {
  const child = (await parent.post('/api/children', { displayName: 'Yui', age: 9, maxDifficultyLevel: 5 })).body;
  const username = uniqueName('kid');
  await parent.post(`/api/children/${child.id}/credentials`, { username, password: 'pass123' });
  const client = new TestClient();
  const login = await client.post('/api/auth/child-login', { username, password: 'pass123' });
  return { id: child.id as string, client, login };
}

describe('the family currency: sign-up and settings', () => {
  it('takes the currency from the browser’s locale at sign-up and answers it in every session and the account', async () => {
    // Act
    const { client, user } = await signUpParent({ locale: 'de-DE' });
    // Assess
    expect(user.money).toEqual({ currency: 'EUR', locale: 'de-DE', jars: null });
    expect((await client.get('/api/auth/parent-user')).body.money).toEqual({ currency: 'EUR', locale: 'de-DE', jars: null });
    expect((await client.get('/api/family/money')).body).toEqual({ currency: 'EUR', locale: 'de-DE', jars: null });
    expect((await client.get('/api/account')).body.family.money).toEqual({ currency: 'EUR', locale: 'de-DE', jars: null });
    const kid = await kidOf(client);
    expect(kid.login.body).toMatchObject({ id: kid.id, role: 'child', money: { currency: 'EUR', locale: 'de-DE', jars: null } });
    expect((await kid.client.get('/api/auth/child-user')).body.money).toEqual({ currency: 'EUR', locale: 'de-DE', jars: null });
  });

  it('takes a currency sign-up names, and falls back silently on what is not one (like the time zone)', async () => {
    expect((await signUpParent({ locale: 'de-CH', currency: 'chf' })).user.money).toMatchObject({ currency: 'CHF', locale: 'de-CH' });
    expect((await signUpParent({ locale: 'ja-JP', currency: 'XAU' })).user.money).toMatchObject({ currency: 'JPY', locale: 'ja-JP' });
    expect((await signUpParent({ locale: 'not a locale', currency: 42 })).user.money).toMatchObject({ currency: 'USD', locale: 'en-US' });
    // A sign-up that sends neither (today's client) is a US-dollar family, as every family made before.
    expect((await signUpParent()).user.money).toEqual({ currency: 'USD', locale: 'en-US', jars: null });
  });

  it('changes currency, locale and jars with PUT /api/family/money; a child’s next session reads them', async () => {
    // Prepare
    const f = await makeFamily({ kids: 1 });
    // Act
    const changed = await f.parent.put('/api/family/money', { currency: ' eur ', locale: 'de-de', jars: { spend: 50, save: 40, give: 10 } });
    const onlyLocale = await f.parent.put('/api/family/money', { locale: 'fr-FR' });
    const unchanged = await f.parent.put('/api/family/money', {});
    // Assess
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ currency: 'EUR', locale: 'de-DE', jars: { spend: 50, save: 40, give: 10 } });
    expect(onlyLocale.body).toEqual({ currency: 'EUR', locale: 'fr-FR', jars: { spend: 50, save: 40, give: 10 } });
    expect(unchanged.body).toEqual(onlyLocale.body);
    expect((await f.parent.get('/api/family/money')).body).toEqual(onlyLocale.body);
    expect((await f.kids[0]!.client.get('/api/auth/child-user')).body.money).toEqual(onlyLocale.body);
    // Jars off again
    const off = await f.parent.put('/api/family/money', { jars: null });
    expect(off.body).toEqual({ currency: 'EUR', locale: 'fr-FR', jars: null });
    expect((await f.parent.get('/api/auth/parent-user')).body.money).toEqual(off.body);
  });

  it('refuses what is not a currency, a locale or a split of 100 with a clear 400, changing nothing', async () => {
    const f = await makeFamily({ kids: 0 });
    const refused = async (body: unknown) => {
      const res = await f.parent.put('/api/family/money', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.message;
    };
    expect(await refused({ currency: 'XYZ' })).toBe(SAVINGS_MESSAGES.currencyInvalid);
    expect(await refused({ currency: 'XAU' })).toBe(SAVINGS_MESSAGES.currencyInvalid);
    expect(await refused({ currency: 12 })).toBe(SAVINGS_MESSAGES.currencyInvalid);
    expect(await refused({ locale: 'not a locale' })).toBe(SAVINGS_MESSAGES.localeInvalid);
    expect(await refused({ jars: { spend: 50, save: 40, give: 20 } })).toBe(SAVINGS_MESSAGES.jarsSum);
    expect(await refused({ jars: { spend: 50.5, save: 39.5, give: 10 } })).toBe(SAVINGS_MESSAGES.jarPercent);
    expect(await refused({ jars: { spend: -10, save: 100, give: 10 } })).toBe(SAVINGS_MESSAGES.jarPercent);
    expect(await refused({ currency: 'EUR', jars: { spend: 100, save: 1, give: 0 } })).toBe(SAVINGS_MESSAGES.jarsSum);
    expect((await f.parent.get('/api/family/money')).body).toEqual({ currency: 'USD', locale: 'en-US', jars: null });
  });

  it('is the parents’: a child or a visitor neither reads nor changes it', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!.client;
    expect((await kid.get('/api/family/money')).status).toBe(401);
    expect((await kid.put('/api/family/money', { currency: 'JPY' })).status).toBe(401);
    expect((await new TestClient().put('/api/family/money', { currency: 'JPY' })).status).toBe(401);
    expect((await f.parent.get('/api/family/money')).body.currency).toBe('USD');
  });
});

describe('amounts in the family currency', () => {
  it('takes a euro family’s "12,50" or "12.50" and answers the API’s "12.50" everywhere', async () => {
    // Prepare
    const f = await familyIn(EURO);
    const kid = f.kids[0]!;
    // Act
    const comma = await f.parent.post('/api/chores', { name: 'Abwasch', category: 'daily', amount: '12,50', difficultyLevel: 1 });
    const point = await f.parent.post('/api/chores', { name: 'Staubsaugen', category: 'daily', amount: '12.50', difficultyLevel: 1 });
    const edited = await f.parent.put(`/api/chores/${point.body.id}`, { name: 'Staubsaugen', category: 'daily', amount: '3,5', difficultyLevel: 1 });
    const grouped = await f.parent.post('/api/chores', { name: 'Zu viel', category: 'daily', amount: '1.234,50', difficultyLevel: 1 });
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, comma.body.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    const bonus = await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'bonus', amount: '2,25', reason: 'Oma geholfen' });
    // Assess
    expect(comma.status).toBe(201);
    expect(comma.body.amount).toBe('12.50');
    expect(point.body.amount).toBe('12.50');
    expect(edited.body.amount).toBe('3.50');
    expect(grouped.status).toBe(400);
    // Issue 29: the dollar sentence with the family's currency, never "a dollar amount".
    expect(grouped.body.message).toBe('Amount must be a euro amount with at most 2 decimals');
    expect(bonus.status).toBe(201);
    expect(bonus.body.amount).toBe('2.25');
    const child = (await f.parent.get('/api/children')).body.find((c: any) => c.id === kid.id);
    expect(child).toMatchObject({ weeklyEarnings: '14.75', earnedToday: '12.50' });
    // The activity log reads as the family reads money.
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log.find((e: any) => e.kind === 'bonus').summary).toContain('2,25 €');
    expect(log.find((e: any) => e.kind === 'tick')).toMatchObject({ amount: '12.50', summary: expect.stringContaining('+12,50 €') });
    // Issue 29: the chore-day inside the sentence in the family's locale ("Fr., 27. Nov."), not ISO.
    const tick = log.find((e: any) => e.kind === 'tick');
    expect(tick.summary).toContain(`(${shortDateIn(tick.date, 'de-DE')})`);
    expect(tick.summary).not.toContain(tick.date);
    expect((await kid.client.get('/api/child/activity')).body.events.find((e: any) => e.kind === 'bonus').summary).toContain('2,25 €');
    // A deduction that would take too much says so in euros.
    const tooMuch = await f.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'deduction', amount: '100', reason: 'Zu viel' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toContain('(14,75 €)');
    // A part payout in the family's format
    const paid = await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '4,75', method: 'cash' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ payout: { amount: '4.75', part: true }, owed: '10.00' });
  });

  it('tells a euro or pound family its own currency and limit, never "a dollar amount" (issue 29)', async () => {
    const euro = await familyIn(EURO);
    const pound = await familyIn({ currency: 'GBP', locale: 'en-GB' });
    const kid = euro.kids[0]!;
    const chore = (f: Family, amount: string) => f.parent.post('/api/chores', { name: 'Zu viel', category: 'daily', amount, difficultyLevel: 1 });
    expect(await chore(euro, '10000,01')).toMatchObject({ status: 400, body: { message: 'Amount must be at most 10.000,00 €' } });
    expect(await chore(euro, '1,234')).toMatchObject({ status: 400, body: { message: 'Amount must be a euro amount with at most 2 decimals' } });
    expect(await euro.parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'bonus', amount: '0,005', reason: 'x' })).toMatchObject({ status: 400, body: { message: 'Amount must be a euro amount with at most 2 decimals' } });
    expect(await euro.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '1,234' })).toMatchObject({ status: 400, body: { message: 'Amount must be a euro amount with at most 2 decimals' } });
    expect(await chore(pound, '1.234')).toMatchObject({ status: 400, body: { message: 'Amount must be a British pound amount with at most 2 decimals' } });
    expect(await chore(pound, '10000.01')).toMatchObject({ status: 400, body: { message: 'Amount must be at most £10,000.00' } });
  });

  it('takes whole yen only: "500" is a chore, "5.5" is refused with the yen message', async () => {
    // Prepare: a yen family (sign-up from a Japanese browser) with a child
    const { client: parent } = await signUpParent({ locale: 'ja-JP' });
    const kid = await kidOf(parent);
    // Act
    const chore = await parent.post('/api/chores', { name: 'Dishes', category: 'daily', amount: '500', difficultyLevel: 1 });
    const fraction = await parent.post('/api/chores', { name: 'Half', category: 'daily', amount: '5.5', difficultyLevel: 1 });
    const asNumber = await parent.post('/api/chores', { name: 'Number', category: 'daily', amount: 5.5, difficultyLevel: 1 });
    const tooMuch = await parent.post('/api/chores', { name: 'Huge', category: 'daily', amount: '1000001', difficultyLevel: 1 });
    const bonus = await parent.post(`/api/children/${kid.id}/adjustments`, { kind: 'bonus', amount: '0.5', reason: 'Half a yen' });
    // Assess
    expect(chore.status).toBe(201);
    expect(chore.body.amount).toBe('500');
    for (const refused of [fraction, asNumber, bonus]) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Amount must be a Japanese yen amount with no decimals');
    }
    expect(tooMuch.body.message).toBe('Amount must be at most ￥1,000,000');
    expect((await parent.get('/api/chores')).body.map((c: any) => c.amount)).toEqual(['500']);
    // Earned and shown in yen
    const today = (await parent.get('/api/dashboard')).body;
    const a = await parent.post('/api/assignments', { childId: kid.id, choreId: chore.body.id, weekStart: today.weekStart, assignedDate: today.today, dayOfWeek: today.weekday });
    expect(a.body.chore.amount).toBe('500');
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    expect((await kid.client.get('/api/child/assignments')).body.earnings).toMatchObject({ today: '500', weekToDate: '500' });
    expect((await parent.get('/api/dashboard')).body.stats.totalEarnings).toBe('500');
    const history = (await parent.get(`/api/children/${kid.id}/earnings-history?weeks=1`)).body;
    expect(history).toMatchObject({ total: '500', weeks: [{ amount: '500' }] });
  });

  it('takes up to three decimals for a dinar family: "1.250" is one and a quarter', async () => {
    const f = await familyIn({ currency: 'KWD', locale: 'en-KW' });
    const chore = await f.parent.post('/api/chores', { name: 'Car wash', category: 'daily', amount: '1.250', difficultyLevel: 1 });
    const four = await f.parent.post('/api/chores', { name: 'Too fine', category: 'daily', amount: '1.2505', difficultyLevel: 1 });
    expect(chore.status).toBe(201);
    expect(chore.body.amount).toBe('1.250');
    expect(four.status).toBe(400);
    expect(four.body.message).toBe('Amount must be a Kuwaiti dinar amount with at most 3 decimals');
    // makeFamily's "0.50" chore, made in dollars, is relabelled (not converted): 50 minor units = 0.050 KWD.
    expect((await f.parent.get('/api/chores')).body.find((c: any) => c.name === 'Make bed').amount).toBe('0.050');
  });

  it('answers a US-dollar family exactly as before currencies', async () => {
    const f = await makeFamily({ kids: 1 });
    const kid = f.kids[0]!;
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, f.chores.weekly.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    const comma = await f.parent.post('/api/chores', { name: 'Comma', category: 'daily', amount: '1,50', difficultyLevel: 1 });
    const three = await f.parent.post('/api/chores', { name: 'Three', category: 'daily', amount: '1.005', difficultyLevel: 1 });
    expect(comma.body.message).toBe(FORM_MESSAGES.amountFormat);
    expect(three.body.message).toBe(FORM_MESSAGES.amountFormat);
    const dashboard = (await f.parent.get('/api/dashboard')).body;
    expect(dashboard.stats.totalEarnings).toBe('3.25');
    expect(dashboard.children[0]).toMatchObject({ weeklyEarnings: '3.25', weekToDateEarned: '3.25' });
    expect(dashboard.children[0].assignments.find((x: any) => x.id === a.body.id)).toMatchObject({ earned: '3.25', chore: { amount: '3.25' } });
    const log = (await f.parent.get('/api/family/activity')).body.events;
    expect(log[0]).toMatchObject({ kind: 'tick', amount: '3.25', summary: expect.stringMatching(/: \+\$3\.25$/) });
  });
});

describe('what a euro family reads: the weekly e-mail and the CSV export', () => {
  let job: LocalWeeklyJob;
  beforeAll(async () => {
    job = await startJob({ visibilityTimeoutMs: 150 });
  });
  afterAll(async () => job?.stop());

  it('writes "12,50 €" in the weekly e-mail report, the printable report and the CSV files', async () => {
    // Prepare: a euro family; the child earns 12,50 € and is paid 5,00 €
    const f = await familyIn(EURO, { confirmed: true });
    const kid = f.kids[0]!;
    const chore = (await f.parent.post('/api/chores', { name: 'Rasen mähen', category: 'daily', amount: '12,50', difficultyLevel: 1 })).body;
    const a = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, chore.id));
    await kid.client.post('/api/child/complete-assignment', { assignmentId: a.body.id, completed: true });
    await f.parent.post(`/api/children/${kid.id}/reset-earnings`, { amount: '5', method: 'cash' });
    await f.parent.put('/api/account/weekly-report', { enabled: true });
    const familyId = await familyIdOf(f);
    const next = addDays(f.clock.weekStart, 7);
    // Act
    const { mail } = await mailbox.next(
      f.email,
      async () => {
        job.queue.send(encodeWeeklyRunMessage({ familyId, dueWeek: next, tick: `${next}T00:00:00.000Z` }));
        await job.queue.drained();
        await job.reportMail.queue.drained();
      },
      { match: (m: SentEmail) => m.subject.startsWith('Your ChoreQuest week') },
    );
    const page = await f.parent.get('/api/reports/weekly');
    const completions = (await f.parent.get('/api/family/export/completions.csv')).text;
    const payouts = (await f.parent.get('/api/family/export/payouts.csv')).text;
    const json = (await f.parent.get('/api/family/export')).body;
    // Assess
    expect(mail.text).toContain('- Kid 1: done 1 of 1, earned 12,50 €, paid out 5,00 €, owed 7,50 €');
    expect(mail.text).toContain('paid out 5,00 € to Kid 1.');
    expect(mail.html).toContain('12,50 €');
    expect(mail.text).not.toMatch(/\$\d/);
    expect(page.text).toContain('<strong>12,50 €</strong> this week');
    expect(page.text).not.toMatch(/\$\d/);
    expect(completions).toContain(`,Kid 1,Rasen mähen,daily,"12,50 €",`);
    expect(completions.split('\r\n')[0]).toMatch(/,currency$/);
    expect(completions).toMatch(/,dated,EUR\r\n/);
    expect(payouts).toMatch(/,Kid 1,"5,00 €",Pat Parent,yes,cash,,EUR\r\n/);
    // The JSON stays machine-readable and names the currency.
    expect(json.family).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    expect(json.payouts[0].amount).toBe('5.00');
    expect(json.chores.find((c: any) => c.id === chore.id).amount).toBe('12.50');
  });
});
