/**
 * The rules that hold after every step of the money tests, whatever ran: the ledger adds up
 * (payouts + owed = approved chore-days + adjustments), the jars and goals add up to it, nothing is
 * negative, and the activity log replays to the state.
 */
import { expect } from 'vitest';
import { cents, counted, movesOwed, sum, type Real, type Snapshot } from './money-family';

/** The rules that hold after every step, whatever ran. */
export function assertInvariants(r: Real, s: Snapshot, before?: Snapshot): void {
  const all = s.items.flat();
  const done = all.filter((i) => i.done);
  expect(new Set(done.map((i) => i.choreDay)).size, 'no chore-day is done twice').toBe(done.length);
  expect(s.doneMarkers, 'one chore-day marker per chore-day done').toEqual(done.map((i) => i.choreDay).sort());
  expect(s.waitMarkers, 'the approvals card lists exactly the waiting ticks').toEqual(all.filter((i) => i.waiting).map((i) => i.choreDay).sort());
  for (const i of all) {
    expect(i.earned, `${i.choreName} of kid ${i.kid} counts its value only when done and not waiting`).toBe(counted(i) ? i.value : 0);
    if (i.waiting) expect(i, 'a waiting tick is done, not paid').toMatchObject({ done: true, paid: false });
  }
  expect(sum(s.payouts.map((p) => p.cents)), 'payouts in the table = payouts answered').toBe(r.paidOut);
  for (const p of s.payouts) expect(p.cents, 'a payout pays something').toBeGreaterThan(0);
  r.f.kids.forEach((kid, k) => {
    const mine = all.filter((i) => i.kid === k);
    const paidOut = sum(s.payouts.filter((p) => p.kid === k).map((p) => p.cents));
    const adjustments = sum(s.ledger.filter((e) => e.kid === k).map((e) => e.cents));
    const approvedValue = sum(mine.filter(counted).map((i) => i.value));
    expect(paidOut + s.owed[k]!, `kid ${k}: payouts + owed = approved chore-days + bonuses − deductions ± reversals`).toBe(approvedValue + adjustments);
    expect(s.shown[k]!.today, `kid ${k}: earned today = approved chore-days not yet paid (waiting ones count nowhere)`).toBe(
      sum(mine.filter((i) => counted(i) && !i.paid).map((i) => i.value)),
    );
    // Since the last Reset Earnings of everything owed: the week's (month's, year's) total less the part payouts since = owed.
    const resetAt = s.resetAt[k];
    const parts = sum(s.payouts.filter((p) => p.kid === k && p.part && (!resetAt || p.paidAt > resetAt)).map((p) => p.cents));
    for (const period of ['week', 'month', 'year'] as const) {
      expect(s.stored[k]![period], `kid ${k}: ${period}'s total = owed + part payouts since the last reset`).toBe(s.owed[k]! + parts);
      expect(s.shown[k]![period], `kid ${k}: ${period}'s total shown`).toBe(s.owed[k]! + parts);
    }
    for (const x of [s.owed[k]!, ...Object.values(s.stored[k]!), ...Object.values(s.shown[k]!)]) expect(x, `kid ${k}: no figure is negative`).toBeGreaterThanOrEqual(0);
  });
  assertSavings(r, s);
  for (const paid of before?.items.flat().filter((i) => i.paid) ?? []) {
    const now = all.find((i) => i.choreDay === paid.choreDay);
    expect(now, `paid ${paid.choreDay} stays done and paid`).toMatchObject({ done: true, paid: true });
  }
  assertLogReplays(r, s);
}

/**
 * Issue 22: the jars and goals add up to the ledger, and nothing is negative. Per child: the net
 * lifetime earned = payouts + owed; each payout's jars add up to it; each jar = what payouts put in
 * less what came out (withdrawals; goals bought from the save jar); goals hold no more than the savings.
 */
function assertSavings(r: Real, s: Snapshot): void {
  r.f.kids.forEach((kid, k) => {
    const c = s.childItems[k]!;
    const payouts = s.payouts.filter((p) => p.kid === k);
    const entries = s.ledger.filter((e) => e.kid === k);
    const settledByGoals = sum(entries.filter((e) => e.kind === 'purchase').map((e) => e.goal!.fromOwedCents ?? 0));
    expect((c.earnedTotalCents as number | undefined) ?? 0, `kid ${k}: earned in all = payouts + owed + what goals settled of it`).toBe(sum(payouts.map((p) => p.cents)) + s.owed[k]! + settledByGoals);
    for (const p of payouts.filter((x) => x.jars)) expect(p.jars!.spend + p.jars!.save + p.jars!.give, `kid ${k}: a payout's jars add up to it`).toBe(p.cents);
    const into = (jar: 'spend' | 'save' | 'give') => sum(payouts.map((p) => p.jars?.[jar] ?? 0));
    const out = (jar: 'spend' | 'give') => sum(entries.filter((e) => e.withdrawal?.jar === jar).map((e) => e.withdrawal!.cents));
    const boughtFromJar = sum(entries.filter((e) => e.goal?.savings === 'save-jar').map((e) => e.goal!.fromSavingsCents));
    const jars = { spend: (c.jarSpendCents as number | undefined) ?? 0, save: (c.jarSaveCents as number | undefined) ?? 0, give: (c.jarGiveCents as number | undefined) ?? 0 };
    expect(jars, `kid ${k}: jars = payouts in − withdrawals − goals bought from the save jar`).toEqual({ spend: into('spend') - out('spend'), save: into('save') - boughtFromJar, give: into('give') - out('give') });
    for (const x of Object.values(jars)) expect(x, `kid ${k}: no jar is negative`).toBeGreaterThanOrEqual(0);
    const goals = s.goals[k]!;
    expect((c.activeGoals as number | undefined) ?? 0, `kid ${k}: active goals counted`).toBe(goals.filter((g) => !g.bought).length);
    expect(entries.filter((e) => e.kind === 'purchase').map((e) => e.goal!.goalId).sort(), `kid ${k}: one purchase entry per goal bought`).toEqual(goals.filter((g) => g.bought).map((g) => g.goalId).sort());
    const m = s.money[k];
    const savings = cents(m.savings);
    expect(savings, `kid ${k}: savings are never negative`).toBeGreaterThanOrEqual(0);
    if (r.jarsOn) expect(savings, `kid ${k}: with jars on, savings are the save jar`).toBe(jars.save);
    const active = (m.goals as any[]).filter((g) => g.status !== 'bought');
    expect(sum(active.map((g) => cents(g.saved))), `kid ${k}: goals hold no more than the savings`).toBeLessThanOrEqual(savings);
    for (const g of active) {
      expect(cents(g.saved)).toBeGreaterThanOrEqual(0);
      expect(cents(g.saved)).toBeLessThanOrEqual(cents(g.childShare));
      expect(cents(g.progress)).toBeLessThanOrEqual(cents(g.target));
    }
  });
}

/**
 * The activity log against the state, independent of the order of events (concurrent requests may
 * log in another order than they commit): one event per change, so the log replays to what is stored.
 */
function assertLogReplays(r: Real, s: Snapshot): void {
  const ev = s.events;
  const of = (kind: string) => ev.filter((e) => e.kind === kind);
  let choreEvents = 0;
  r.f.kids.forEach((kid, k) => {
    expect(sum(ev.filter((e) => e.childId === kid.id).map((e) => (e.amountCents as number | undefined) ?? 0)), `kid ${k}: Σ amounts in the log = owed`).toBe(s.owed[k]);
    // A Reset Earnings with nothing owed closes the round and is logged ($0.00), with no payout item.
    const payouts = of('payout').filter((e) => e.childId === kid.id && e.amountCents !== 0).map((e) => -e.amountCents as number);
    expect(payouts.sort(), `kid ${k}: one log entry per payout`).toEqual(s.payouts.filter((p) => p.kid === k).map((p) => p.cents).sort());
  });
  for (const i of s.items.flat()) {
    const [childId, , date] = i.choreDay.split('|');
    const mine = ev.filter((e) => e.childId === childId && e.choreName === i.choreName && e.date === date);
    const n = (kind: string, waiting?: boolean) => mine.filter((e) => e.kind === kind && (waiting === undefined || (e.waiting === true) === waiting)).length;
    choreEvents += mine.length;
    expect(n('tick') - n('untick') - n('send-back'), `${i.choreName} of kid ${i.kid}: ticks − unticks − send-backs in the log = done`).toBe(i.done ? 1 : 0);
    expect(n('tick', false) + n('approve') - n('untick', false), `${i.choreName} of kid ${i.kid}: counted ticks + approvals − counted unticks = counted`).toBe(counted(i) ? 1 : 0);
    expect(n('tick', true) - n('approve') - n('untick', true) - n('send-back'), `${i.choreName} of kid ${i.kid}: waiting ticks − decided = waiting`).toBe(i.waiting ? 1 : 0);
  }
  const ledgerEvents = ev.filter((e) => ['bonus', 'deduction', 'reversal'].includes(e.kind));
  expect(ledgerEvents.map((e) => e.entryId).sort(), 'one log entry per bonus, deduction and reversal').toEqual(s.ledger.filter(movesOwed).map((e) => e.id).sort());
  // Issue 22: one log entry per purchase and per withdrawal, naming its ledger entry (they move nothing owed).
  const savingsEvents = ev.filter((e) => ['goal-bought', 'jar-withdrawal'].includes(e.kind));
  expect(savingsEvents.map((e) => e.entryId).sort(), 'one log entry per purchase and withdrawal').toEqual(s.ledger.filter((e) => !movesOwed(e)).map((e) => e.id).sort());
  // A withdrawal changes nothing owed; a purchase only what it settled of the savings still owed (jars off).
  for (const e of savingsEvents) expect(e.amountCents, 'a purchase or a withdrawal changes nothing owed but what a purchase settled').toBe(e.goal?.fromOwedCents ? -e.goal.fromOwedCents : undefined);
  const jarPayouts = of('payout').filter((e) => e.jars);
  expect(jarPayouts.map((e) => -e.amountCents as number).sort(), 'a payout split into jars says so in its log entry').toEqual(s.payouts.filter((p) => p.jars).map((p) => p.cents).sort());
  expect(of('sunday-run').length, 'one log entry per Sunday run').toBe(r.sundayRuns);
  expect(ev.length, 'nothing else in the log').toBe(choreEvents + of('payout').length + ledgerEvents.length + savingsEvents.length + r.sundayRuns);
}
