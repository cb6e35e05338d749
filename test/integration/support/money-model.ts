/**
 * The model of money-ledger-model.test.ts (fast-check's model-based testing): what the rules predict
 * of each chore-day and of what is owed, and the steps on chore-days and the ledger (tick, untick,
 * approve, approve all, send back, bonus, deduction, reversal, Reset Earnings, the Sunday run and
 * "Reassign"). The savings steps, steps at the same moment and the arbitraries: money-commands.ts.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import { API_ERRORS, APPROVAL_MESSAGES, LEDGER_MESSAGES } from '../../../shared/messages';
import { formatCents, formatDollars } from '../../../shared/money';
import type { Reply } from './client';
import { counted, PART, reset, runSunday, snapshot, sum, toggle, type By, type Entry, type Item, type Real, type Snapshot } from './money-family';
import { assertInvariants } from './money-invariants';

// ---- The model -----------------------------------------------------------------------------------

export interface Model {
  snap: Snapshot;
  /** Items a parent ticked or approved (a child can no longer take them back), by id. */
  approved: Set<string>;
  /** Log entries so far. */
  events: number;
}

/** What the rules say each item is: done, waiting, paid, and whether the child may take it back. */
interface Expected {
  done: boolean;
  waiting: boolean;
  paid: boolean;
  approved: boolean;
}

export const expectedOf = (m: Model): Map<string, Expected> =>
  new Map(m.snap.items.flat().map((i) => [i.id, { done: i.done, waiting: i.waiting, paid: i.paid, approved: i.done && !i.waiting && m.approved.has(i.id) }]));

/**
 * After a step run alone: the items and the amounts owed are what the rules predicted, the log grew
 * by the changes the replies made, and the invariants hold. Then the model moves on.
 */
export function settle(m: Model, r: Real, after: Snapshot, predicted: { items: Map<string, Expected>; owed: number[]; logged: number; why?: string }): void {
  const byId = new Map(after.items.flat().map((i) => [i.id, i]));
  expect([...byId.keys()].sort(), "today's items stay").toEqual([...predicted.items.keys()].sort());
  for (const [id, e] of predicted.items) {
    const i = byId.get(id)!;
    const canTakeBack = e.done && !e.paid && (e.waiting || !e.approved);
    expect({ done: i.done, waiting: i.waiting, paid: i.paid, canTakeBack: i.canTakeBack }, `${i.choreName} of kid ${i.kid}`).toEqual({ done: e.done, waiting: e.waiting, paid: e.paid, canTakeBack });
  }
  expect(after.owed, 'owed').toEqual(predicted.owed);
  expect(after.events.length - m.snap.events.length, `one log entry per change${predicted.why ? ` (${predicted.why})` : ''}`).toBe(predicted.logged);
  assertInvariants(r, after, m.snap);
  m.snap = after;
  m.events = after.events.length;
  m.approved = new Set([...predicted.items].filter(([, e]) => e.approved).map(([id]) => id));
}

/** After steps run at once: who won is not predicted; the model learns it from what the server shows. */
export function resync(m: Model, r: Real, after: Snapshot): void {
  assertInvariants(r, after, m.snap);
  m.snap = after;
  m.events = after.events.length;
  // A counted, unpaid tick the child cannot take back (the same day) was ticked or OK'd by a parent.
  m.approved = new Set(after.items.flat().filter((i) => counted(i) && !i.paid && !i.canTakeBack).map((i) => i.id));
}

// ---- Operations ----------------------------------------------------------------------------------

export type Step = fc.AsyncCommand<Model, Real>;

export interface Op {
  /** Sends its request(s); null when there was nothing to act on. */
  send(r: Real, s: Snapshot): Promise<Reply | null>;
  /** The chore-days (item ids) it may change. */
  touches(s: Snapshot): string[];
  /**
   * How many log entries its reply shows it wrote, when no other op of the same moment touched its
   * items (a range when the reply alone cannot tell).
   */
  logged(s: Snapshot, res: Reply): number | [number, number];
  toString(): string;
}

const pick = (s: Snapshot, kid: number, slot: number, gated = false): Item | undefined => {
  const items = s.items[kid]!.filter((i) => !gated || i.gated);
  return items.length ? items[slot % items.length] : undefined;
};

export const replyOf = (status: number, body: unknown = {}): Reply => ({ status, body, text: JSON.stringify(body), headers: new Headers(), setCookies: [] });

/** Takes `cents` from the child's figures: refused when it would make one negative. */
export const takeRefused = (s: Snapshot, kid: number, c: number) => c > s.owed[kid]! || c > s.shown[kid]!.week || c > s.shown[kid]!.month;

/** A tick (or an untick: a take-back when the child asks) of one of today's chore-days. */
export class Toggle implements Op, Step {
  constructor(
    readonly kid: number,
    readonly slot: number,
    readonly completed: boolean,
    readonly by: By,
    readonly gated = false,
  ) {}
  check = () => true;
  send = async (r: Real, s: Snapshot) => {
    const item = pick(s, this.kid, this.slot, this.gated);
    return item ? toggle(r, item, this.completed, this.by) : null;
  };
  touches = (s: Snapshot) => [pick(s, this.kid, this.slot, this.gated)?.id ?? ''];
  logged = (s: Snapshot, res: Reply) => (res.status === 200 && pick(s, this.kid, this.slot, this.gated)!.done !== this.completed ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const item = pick(m.snap, this.kid, this.slot, this.gated);
    if (!item) return;
    const res = await toggle(r, item, this.completed, this.by);
    const after = await snapshot(r);
    const items = expectedOf(m);
    const owed = [...m.snap.owed];
    const k = item.kid;
    let logged = 0;
    if (this.completed) {
      expect(res.status, res.text).toBe(200);
      if (!item.done) {
        // A child's tick on a chore that needs an OK waits (counted nowhere); a parent's counts at once.
        const waits = this.by === 'child' && item.gated;
        expect(res.body).toMatchObject({ isCompleted: true, waiting: waits, earned: formatCents(waits ? 0 : item.value) });
        items.set(item.id, { done: true, waiting: waits, paid: false, approved: this.by === 'parent' });
        if (!waits) owed[k]! += item.value;
        logged = 1;
      }
    } else if (!item.done) {
      expect(res.status, res.text).toBe(200);
    } else {
      const e = items.get(item.id)!;
      const refusal =
        counted(item) && item.paid
          ? API_ERRORS.alreadyPaid
          : this.by === 'child' && counted(item) && e.approved
            ? APPROVAL_MESSAGES.approvedAlready
            : counted(item) && m.snap.owed[k]! < item.value
              ? API_ERRORS.alreadyPaid // a part payout or a deduction took what it would give back
              : null;
      if (refusal) expect(res, res.text).toMatchObject({ status: 409, body: { message: refusal } });
      else {
        expect(res.status, res.text).toBe(200);
        expect(res.body).toMatchObject({ isCompleted: false, waiting: false, earned: '0.00' });
        items.set(item.id, { done: false, waiting: false, paid: false, approved: false });
        if (counted(item)) owed[k]! -= item.value;
        logged = 1;
      }
    }
    settle(m, r, after, { items, owed, logged });
  }
  toString = () => `${this.completed ? 'tick' : 'untick'}(kid ${this.kid}, ${this.gated ? 'gated ' : ''}#${this.slot}, by ${this.by})`;
}

/** A parent's OK for a chore-day (or, with `all`, for every tick of the child that waits). */
export class Approve implements Op, Step {
  constructor(
    readonly kid: number,
    readonly slot: number,
    readonly gated = false,
  ) {}
  check = () => true;
  send = async (r: Real, s: Snapshot) => {
    const item = pick(s, this.kid, this.slot, this.gated);
    return item ? r.f.parent.post(`/api/assignments/${item.id}/approve`, {}) : null;
  };
  touches = (s: Snapshot) => [pick(s, this.kid, this.slot, this.gated)?.id ?? ''];
  logged = (s: Snapshot, res: Reply) => (res.status === 200 && pick(s, this.kid, this.slot, this.gated)!.waiting ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const item = pick(m.snap, this.kid, this.slot, this.gated);
    if (!item) return;
    const res = await r.f.parent.post(`/api/assignments/${item.id}/approve`, {});
    const after = await snapshot(r);
    const items = expectedOf(m);
    const owed = [...m.snap.owed];
    if (!item.done) expect(res, res.text).toMatchObject({ status: 409, body: { message: APPROVAL_MESSAGES.notWaiting } });
    else {
      // Approving moves the money by the chore's value, once: an approved tick is answered as it is.
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ isCompleted: true, waiting: false, earned: formatCents(item.value) });
      if (item.waiting) {
        items.set(item.id, { done: true, waiting: false, paid: false, approved: true });
        owed[item.kid]! += item.value;
      }
    }
    settle(m, r, after, { items, owed, logged: item.waiting ? 1 : 0 });
  }
  toString = () => `approve(kid ${this.kid}, ${this.gated ? 'gated ' : ''}#${this.slot})`;
}

export class ApproveAll implements Op, Step {
  constructor(readonly kid: number) {}
  check = () => true;
  send = (r: Real) => r.f.parent.post(`/api/children/${r.f.kids[this.kid]!.id}/approve-all`, {});
  touches = (s: Snapshot) => s.items[this.kid]!.map((i) => i.id);
  logged = (_: Snapshot, res: Reply) => (res.status === 200 ? (res.body.approved as number) : 0);
  async run(m: Model, r: Real): Promise<void> {
    const res = await this.send(r);
    const after = await snapshot(r);
    const items = expectedOf(m);
    const owed = [...m.snap.owed];
    const waiting = m.snap.items[this.kid]!.filter((i) => i.waiting);
    expect(res, res.text).toMatchObject({ status: 200, body: { approved: waiting.length, amount: formatCents(sum(waiting.map((i) => i.value))) } });
    for (const i of waiting) items.set(i.id, { done: true, waiting: false, paid: false, approved: true });
    owed[this.kid]! += sum(waiting.map((i) => i.value));
    settle(m, r, after, { items, owed, logged: waiting.length });
  }
  toString = () => `approveAll(kid ${this.kid})`;
}

export class SendBack implements Op, Step {
  constructor(
    readonly kid: number,
    readonly slot: number,
    readonly gated = false,
  ) {}
  check = () => true;
  send = async (r: Real, s: Snapshot) => {
    const item = pick(s, this.kid, this.slot, this.gated);
    return item ? r.f.parent.post(`/api/assignments/${item.id}/send-back`, { note: 'Again, please' }) : null;
  };
  touches = (s: Snapshot) => [pick(s, this.kid, this.slot, this.gated)?.id ?? ''];
  logged = (_: Snapshot, res: Reply) => (res.status === 200 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const item = pick(m.snap, this.kid, this.slot, this.gated);
    if (!item) return;
    const res = await r.f.parent.post(`/api/assignments/${item.id}/send-back`, { note: 'Again, please' });
    const after = await snapshot(r);
    const items = expectedOf(m);
    // Only a waiting tick goes back to do (with the note); anything else is refused.
    if (item.waiting) {
      expect(res, res.text).toMatchObject({ status: 200, body: { isCompleted: false, waiting: false, sentBackNote: 'Again, please' } });
      items.set(item.id, { done: false, waiting: false, paid: false, approved: false });
    } else expect(res, res.text).toMatchObject({ status: 409, body: { message: APPROVAL_MESSAGES.notWaiting } });
    settle(m, r, after, { items, owed: [...m.snap.owed], logged: item.waiting ? 1 : 0 });
  }
  toString = () => `sendBack(kid ${this.kid}, ${this.gated ? 'gated ' : ''}#${this.slot})`;
}

/** A bonus (+) or a deduction (−) of `cents`. */
export class Adjust implements Op, Step {
  constructor(
    readonly kid: number,
    readonly kind: 'bonus' | 'deduction',
    readonly cents: number,
  ) {}
  check = () => true;
  send = (r: Real) => r.f.parent.post(`/api/children/${r.f.kids[this.kid]!.id}/adjustments`, { kind: this.kind, amount: formatCents(this.cents), reason: 'Model' });
  touches = () => [];
  logged = (_: Snapshot, res: Reply) => (res.status === 201 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const res = await this.send(r);
    const after = await snapshot(r);
    const owed = [...m.snap.owed];
    const k = this.kid;
    const refused = this.kind === 'deduction' && takeRefused(m.snap, k, this.cents);
    if (refused) {
      expect(res.status, res.text).toBe(409);
      if (this.cents > m.snap.owed[k]!) expect(res.body.message).toBe(LEDGER_MESSAGES.takeOwed(`Kid ${k + 1}`, formatDollars(m.snap.owed[k]!)));
    } else {
      const signed = this.kind === 'bonus' ? this.cents : -this.cents;
      expect(res, res.text).toMatchObject({ status: 201, body: { kind: this.kind, amount: formatCents(signed), childId: r.f.kids[k]!.id } });
      owed[k]! += signed;
    }
    settle(m, r, after, { items: expectedOf(m), owed, logged: refused ? 0 : 1 });
  }
  toString = () => `${this.kind}(kid ${this.kid}, ${formatCents(this.cents)})`;
}

/** Reverses one of the child's bonuses or deductions (the `slot`th). */
export class Reverse implements Op, Step {
  constructor(
    readonly kid: number,
    readonly slot: number,
  ) {}
  check = () => true;
  entry = (s: Snapshot): Entry | undefined => {
    const entries = s.ledger.filter((e) => e.kid === this.kid && (e.kind === 'bonus' || e.kind === 'deduction')).sort((a, b) => a.id.localeCompare(b.id));
    return entries.length ? entries[this.slot % entries.length] : undefined;
  };
  send = async (r: Real, s: Snapshot) => {
    const e = this.entry(s);
    return e ? r.f.parent.post(`/api/children/${r.f.kids[this.kid]!.id}/adjustments/${e.id}/reversal`, {}) : null;
  };
  touches = () => [];
  logged = (_: Snapshot, res: Reply) => (res.status === 201 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const e = this.entry(m.snap);
    if (!e) return;
    const res = (await this.send(r, m.snap))!;
    const after = await snapshot(r);
    const owed = [...m.snap.owed];
    const k = this.kid;
    const reversed = m.snap.ledger.some((x) => x.reverses === e.id);
    // Reversing a bonus takes money: refused like a deduction when a figure would go negative.
    const refused = reversed || (e.cents > 0 && takeRefused(m.snap, k, e.cents));
    if (reversed) expect(res, res.text).toMatchObject({ status: 409, body: { message: LEDGER_MESSAGES.alreadyReversed } });
    else if (refused) expect(res.status, res.text).toBe(409);
    else {
      expect(res, res.text).toMatchObject({ status: 201, body: { kind: 'reversal', amount: formatCents(-e.cents), reverses: e.id } });
      owed[k]! -= e.cents;
    }
    settle(m, r, after, { items: expectedOf(m), owed, logged: refused ? 0 : 1 });
  }
  toString = () => `reverse(kid ${this.kid}, entry #${this.slot})`;
}

/** Reset Earnings: everything owed, or (`part`) $0.50 of it, in cash. */
export class Reset implements Op, Step {
  constructor(
    readonly kid: number,
    readonly part = false,
  ) {}
  check = () => true;
  send = (r: Real) => reset(r, this.kid, this.part ? { amount: formatCents(PART), method: 'cash' } : undefined);
  touches = () => [];
  // Every Reset Earnings answered 200 is logged, a $0.00 one too (it closes the round: ticks become paid).
  logged = (_: Snapshot, res: Reply): number => (res.status === 200 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const res = await this.send(r);
    const after = await snapshot(r);
    const items = expectedOf(m);
    const owed = [...m.snap.owed];
    const k = this.kid;
    const was = m.snap.owed[k]!;
    let logged = 0;
    if (this.part && was < PART) expect(res, res.text).toMatchObject({ status: 409, body: { message: LEDGER_MESSAGES.payoutTooMuch } });
    else {
      const amount = this.part ? PART : was;
      // A part payout leaves the rest owed and the round open; paying all that is owed closes it.
      const closes = amount === was;
      expect(res, res.text).toMatchObject({ status: 200, body: { payout: { amount: formatCents(amount), part: !closes }, owed: formatCents(was - amount) } });
      owed[k] = was - amount;
      if (closes) for (const i of m.snap.items[k]!.filter(counted)) items.set(i.id, { ...items.get(i.id)!, paid: true });
      logged = 1;
    }
    settle(m, r, after, { items, owed, logged });
    if (!(this.part && was < PART) && owed[k] === 0) {
      for (const period of ['today', 'week', 'month', 'year'] as const) expect(after.shown[k]![period], `after paying everything, ${period} starts again`).toBe(0);
    }
  }
  toString = () => (this.part ? `payPart(kid ${this.kid}, ${formatCents(PART)})` : `reset(kid ${this.kid})`);
}

/** The Sunday run (logged), or a parent's "Reassign Weekly Chores" (not a money event: not logged). */
export class Regenerate implements Op, Step {
  constructor(readonly via: 'sunday' | 'api') {}
  check = () => true;
  send = async (r: Real) => {
    if (this.via === 'api') return r.f.parent.post('/api/assignments/generate');
    const ran = await runSunday(r.familyId, r.f.clock.weekStart, new Date());
    if (ran) r.sundayRuns++;
    // Two generations at once: one may be turned away while the other holds the family's claim.
    return replyOf(ran ? 200 : 409, ran);
  };
  touches = () => [];
  logged = (_: Snapshot, res: Reply) => (this.via === 'sunday' && res.status === 200 ? 1 : 0);
  async run(m: Model, r: Real): Promise<void> {
    const res = await this.send(r);
    expect(res.status, res.text).toBe(200);
    const after = await snapshot(r);
    settle(m, r, after, { items: expectedOf(m), owed: [...m.snap.owed], logged: this.logged(m.snap, res) });
  }
  toString = () => `regenerate(${this.via})`;
}
