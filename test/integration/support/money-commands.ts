/**
 * The rest of money-ledger-model.test.ts's steps (issue 22's savings: jars switched, goals set and
 * bought, jar withdrawals; several steps at the same moment; races on one chore-day) and the
 * arbitraries its commands are drawn from (`steps`).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { SAVINGS_MESSAGES } from '../../../shared/savings-schemas';
import { formatCents } from '../../../shared/money';
import type { Reply } from './client';
import { cents, JAR_SPLITS, snapshot, type By, type Real, type Snapshot } from './money-family';
import { Adjust, Approve, ApproveAll, expectedOf, Regenerate, Reset, resync, Reverse, SendBack, settle, Toggle, type Model, type Op, type Step } from './money-model';

/** Issue 22: a parent switches the family's jars (on with a split, or off). Not a money event: not logged. */
class SetJars implements Op, Step {
  constructor(readonly split: number) {}
  check = () => true;
  send = async (r: Real) => {
    const jars = JAR_SPLITS[this.split]!;
    const res = await r.f.parent.put('/api/family/money', { jars });
    if (res.status === 200) r.jarsOn = jars !== null;
    return res;
  };
  touches = () => [];
  logged = () => 0;
  async run(m: Model, r: Real): Promise<void> {
    // Turning jars on or off while a child saves toward a goal is refused (it would move where the
    // goal saves from): 409, nothing changes.
    const flips = r.jarsOn !== (JAR_SPLITS[this.split] !== null);
    const saving = m.snap.goals.some((goals) => goals.some((g) => !g.bought));
    const res = await this.send(r);
    expect(res.status, res.text).toBe(flips && saving ? 409 : 200);
    if (res.status === 409) expect(res.body.message).toMatch(/saving toward a goal/);
    const after = await snapshot(r);
    settle(m, r, after, { items: expectedOf(m), owed: [...m.snap.owed], logged: 0 });
  }
  toString = () => `jars(${JSON.stringify(JAR_SPLITS[this.split])})`;
}

/** Issue 22: the child sets a goal (not a money event: not logged). */
class NewGoal implements Op, Step {
  constructor(
    readonly kid: number,
    readonly cents: number,
  ) {}
  check = () => true;
  send = (r: Real) => r.f.kids[this.kid]!.client.post('/api/child/goals', { name: `Goal ${formatCents(this.cents)}`, target: formatCents(this.cents), icon: 'gift' });
  touches = () => [];
  logged = () => 0;
  async run(m: Model, r: Real): Promise<void> {
    const res = await this.send(r);
    expect(res, res.text).toMatchObject({ status: 201, body: { target: formatCents(this.cents), status: expect.stringMatching(/saving|reached/) } });
    const after = await snapshot(r);
    settle(m, r, after, { items: expectedOf(m), owed: [...m.snap.owed], logged: 0 });
  }
  toString = () => `goal(kid ${this.kid}, ${formatCents(this.cents)})`;
}

/** Issue 22: a parent marks one of the child's active goals bought (the `slot`th): savings go down; jars off, what of them was owed is settled. */
class Buy implements Op, Step {
  constructor(
    readonly kid: number,
    readonly slot: number,
  ) {}
  check = () => true;
  goal = (s: Snapshot) => {
    const active = (s.money[this.kid].goals as any[]).filter((g) => g.status !== 'bought');
    return active.length ? active[this.slot % active.length] : undefined;
  };
  send = async (r: Real, s: Snapshot) => {
    const g = this.goal(s);
    return g ? r.f.parent.post(`/api/children/${r.f.kids[this.kid]!.id}/goals/${g.id}/bought`, {}) : null;
  };
  touches = () => [];
  logged = (_: Snapshot, res: Reply) => (res.status === 200 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const g = this.goal(m.snap);
    if (!g) return;
    const res = (await this.send(r, m.snap))!;
    const after = await snapshot(r);
    const savings = cents(m.snap.money[this.kid].savings);
    const took = Math.min(savings, cents(g.childShare));
    // Jars off, the part of the savings still owed is settled by the purchase (never paid twice).
    const fromOwed = r.jarsOn ? 0 : Math.min(took, m.snap.owed[this.kid]!);
    expect(res, res.text).toMatchObject({ status: 200, body: { id: g.id, status: 'bought', bought: { fromSavings: formatCents(took), topUp: formatCents(cents(g.target) - took) } } });
    expect(res.body.bought.fromOwed, 'the part that was owed').toBe(fromOwed ? formatCents(fromOwed) : undefined);
    expect(cents(after.money[this.kid].savings), 'buying takes what it draws from the savings').toBe(savings - took);
    const owed = [...m.snap.owed];
    owed[this.kid] = owed[this.kid]! - fromOwed;
    settle(m, r, after, { items: expectedOf(m), owed, logged: 1 });
  }
  toString = () => `buy(kid ${this.kid}, goal #${this.slot})`;
}

/** Issue 22: money taken out of the spend or give jar: refused (409) with jars off or more than the jar holds. */
class Withdraw implements Op, Step {
  constructor(
    readonly kid: number,
    readonly jar: 'spend' | 'give',
    readonly cents: number,
  ) {}
  check = () => true;
  send = (r: Real) => r.f.parent.post(`/api/children/${r.f.kids[this.kid]!.id}/jars/${this.jar}/withdrawal`, { amount: formatCents(this.cents) });
  touches = () => [];
  logged = (_: Snapshot, res: Reply) => (res.status === 201 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const jarsOn = r.jarsOn;
    const balance = (m.snap.childItems[this.kid]![this.jar === 'spend' ? 'jarSpendCents' : 'jarGiveCents'] as number | undefined) ?? 0;
    const res = await this.send(r);
    const after = await snapshot(r);
    const ok = jarsOn && this.cents <= balance;
    if (!jarsOn) expect(res, res.text).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarsOff } });
    else if (!ok) expect(res, res.text).toMatchObject({ status: 409, body: { message: SAVINGS_MESSAGES.jarTooLow(this.jar, `$${formatCents(balance)}`) } });
    else expect(res, res.text).toMatchObject({ status: 201, body: { jars: { [this.jar]: formatCents(balance - this.cents) } } });
    settle(m, r, after, { items: expectedOf(m), owed: [...m.snap.owed], logged: ok ? 1 : 0 });
  }
  toString = () => `withdraw(kid ${this.kid}, ${this.jar}, ${formatCents(this.cents)})`;
}

/** Several steps at the same moment: only the invariants are predicted, and how many log entries at least and at most. */
class Together implements Step {
  constructor(readonly ops: Op[]) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const s = m.snap;
    const replies = await Promise.all(this.ops.map((op) => op.send(r, s)));
    const touched = this.ops.flatMap((op) => [...new Set(op.touches(s))]).filter(Boolean);
    let least = 0;
    let most = 0;
    this.ops.forEach((op, n) => {
      const res = replies[n];
      if (!res) return;
      expect(res.status, `${op}: ${res.text}`).toBeLessThan(500);
      if (res.status >= 400) expect([404, 409], `${op}: ${res.text}`).toContain(res.status);
      const shared = op.touches(s).some((id) => touched.filter((t) => t === id).length > 1);
      const [lo, hi] = ((n) => (Array.isArray(n) ? n : [n, n]))(op.logged(s, res));
      // A reply racing another on the same chore-day may answer what the other did (a 200 that changed nothing).
      least += shared ? 0 : lo;
      most += shared && res.status < 300 ? Math.max(1, hi) : hi;
    });
    const after = await snapshot(r);
    const logged = after.events.length - s.events.length;
      expect(logged, `log entries: at least ${least}`).toBeGreaterThanOrEqual(least);
    expect(logged, `log entries: at most ${most}`).toBeLessThanOrEqual(most);
    resync(m, r, after);
  }
  toString = () => `together[${this.ops.map((o) => o.toString()).join(', ')}]`;
}

/** A child ticks one chore-day, then several hands at once on that same chore-day (and the child's money). */
class Race implements Step {
  constructor(
    readonly kid: number,
    readonly slot: number,
    readonly gated: boolean,
    readonly ops: Op[],
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    await new Toggle(this.kid, this.slot, true, 'child', this.gated).run(m, r);
    await new Together(this.ops).run(m, r);
  }
  toString = () => `race(child ticks kid ${this.kid} ${this.gated ? 'gated ' : ''}#${this.slot}, then ${new Together(this.ops).toString()})`;
}

const kid = fc.integer({ min: 0, max: 1 });
const slot = fc.nat(11);
const by = fc.constantFrom<By>('child', 'parent');
const gated = fc.boolean();
const toggleArb = fc.tuple(kid, slot, fc.boolean(), by, gated).map(([k, s, c, b, g]) => new Toggle(k, s, c, b, g));
const approveArb = fc.tuple(kid, slot, gated).map(([k, s, g]) => new Approve(k, s, g));
const sendBackArb = fc.tuple(kid, slot, gated).map(([k, s, g]) => new SendBack(k, s, g));
const approveAllArb = kid.map((k) => new ApproveAll(k));
const adjustArb = fc.tuple(kid, fc.constantFrom<'bonus' | 'deduction'>('bonus', 'deduction'), fc.constantFrom(25, 40, 50, 75, 100, 125, 300)).map(([k, kind, c]) => new Adjust(k, kind, c));
const reverseArb = fc.tuple(kid, fc.nat(5)).map(([k, s]) => new Reverse(k, s));
const resetArb = fc.tuple(kid, fc.boolean()).map(([k, part]) => new Reset(k, part));
const regenerateArb = fc.constantFrom<'sunday' | 'api'>('sunday', 'api').map((v) => new Regenerate(v));
// Issue 22: jars switched, goals set and bought, money taken out of the spend and give jars.
const jarsArb = fc.nat(JAR_SPLITS.length - 1).map((i) => new SetJars(i));
const goalArb = fc.tuple(kid, fc.constantFrom(50, 125, 300, 1000)).map(([k, c]) => new NewGoal(k, c));
const buyArb = fc.tuple(kid, fc.nat(3)).map(([k, s]) => new Buy(k, s));
const withdrawArb = fc.tuple(kid, fc.constantFrom<'spend' | 'give'>('spend', 'give'), fc.constantFrom(1, 10, 25, 60)).map(([k, j, c]) => new Withdraw(k, j, c));
const anyOp = fc.oneof(
  { weight: 4, arbitrary: toggleArb },
  { weight: 2, arbitrary: approveArb },
  { weight: 1, arbitrary: sendBackArb },
  { weight: 1, arbitrary: approveAllArb },
  { weight: 2, arbitrary: adjustArb },
  { weight: 1, arbitrary: reverseArb },
  { weight: 2, arbitrary: resetArb },
  { weight: 1, arbitrary: regenerateArb },
  { weight: 1, arbitrary: buyArb },
  { weight: 1, arbitrary: withdrawArb },
);
/** Hands on one chore-day: the child's and a parent's (un)ticks, OKs (mostly: two OKs at once), send-backs, and the child's money. */
const raceArb = fc.tuple(kid, slot, fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })).chain(([k, s, g]) =>
  fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<Op>(new Approve(k, s, g), new Approve(k, s, g), new ApproveAll(k)) },
        { weight: 1, arbitrary: fc.constant<Op>(new SendBack(k, s, g)) },
        { weight: 2, arbitrary: fc.tuple(fc.boolean(), by).map(([c, b]): Op => new Toggle(k, s, c, b, g)) },
        { weight: 1, arbitrary: fc.constantFrom<Op>(new Reset(k), new Reset(k, true), new Adjust(k, 'deduction', 75)) },
      ),
      { minLength: 2, maxLength: 3 },
    )
    .map((ops) => new Race(k, s, g, ops)),
);
export const steps = [
  toggleArb,
  toggleArb,
  approveArb,
  sendBackArb,
  approveAllArb,
  adjustArb,
  reverseArb,
  resetArb,
  regenerateArb,
  jarsArb,
  goalArb,
  buyArb,
  withdrawArb,
  fc.array(anyOp, { minLength: 2, maxLength: 4 }).map((ops) => new Together(ops)),
  raceArb,
  raceArb,
];
