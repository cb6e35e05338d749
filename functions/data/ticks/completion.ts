/**
 * Ticking, taking back, approving and sending back a chore-day, by a parent (any child of the family)
 * or by a child (only its own), with the rules of domain/corrections.ts; all "today"s are the
 * family's. The writes are data/ticks/completion-writes.ts (one conditional transaction each). Each
 * answers an outcome: the chore-day as it now is, or why nothing was done (`CompletionRefusal`;
 * http/completion-answers.ts says which status code and message that is).
 */
import { awayLabelOn } from '../../../shared/availability';
import type { DateRange } from '../../../shared/planning';
import { weekdayOf, type FamilyClock, type IsoDate } from '../../../shared/time';
import { childTakeBackRefusal, tickRefusal, tickWaits, type Refusal } from '../../domain/corrections';
import { isPaidRound, type Actor } from '../../domain/ledger';
import { isActiveOn } from '../../domain/due-days';
import { listWaiting } from './approvals';
import { getContinuous, getDated, refOf, type SentBackNote } from '../planning/assignments';
import {
  AlreadyPaid,
  approveChoreDay,
  ChildMissing,
  ChoreDayDone,
  clearChoreDay,
  continuousDay,
  counts,
  datedDay,
  RoundChanged,
  tickChoreDay,
  tickOf,
  withTick,
  WriteConflict,
  type ChoreDay,
  type Tick,
} from './completion-writes';
import { getChild, type ChildItem } from '../family/children';
import { ChoreDayTaken, isFirstWins } from '../planning/first-wins';
import { getChore, type ChoreItem } from '../planning/chores';
import { readFamilyAndClock } from '../planning/family-week';
import { familyMoney } from '../family/accounts';
import type { MoneyFormat } from '../../../shared/money';
import { parseAssignmentId, type ParsedAssignmentId } from '../keys';

/** Why a tick, take-back, approval or send-back did nothing. */
export type CompletionRefusal =
  /** No such assignment in the caller's family (or not the calling child's), or its child is gone. */
  | { reason: 'not-found' }
  /** The caller's family is gone. */
  | { reason: 'family-missing' }
  /** The rules of domain/corrections.ts. */
  | { reason: Refusal }
  /** A child named a date (only a parent corrects another day). */
  | { reason: 'date-not-allowed' }
  /** An ongoing chore not active on that weekday. */
  | { reason: 'not-active' }
  /** The child is away that day (own calendar or the family's pause): `label` says why. */
  | { reason: 'away'; childName: string; label: string }
  /** A first-wins chore-day another child took first. */
  | { reason: 'taken'; takenBy: string }
  /** The chore-day was done through another assignment, or kept changing under us. */
  | { reason: 'done-elsewhere' }
  /** Taking back a tick that Reset Earnings already paid. */
  | { reason: 'already-paid' }
  /** A Reset Earnings kept landing in between. */
  | { reason: 'round-changed' }
  /** Approving or sending back a tick that does not wait (any more). */
  | { reason: 'not-waiting' };

export type CompletionOutcome<T> = { ok: true; answer: T } | { ok: false; refusal: CompletionRefusal };

/** Ends the attempt with a refusal (caught in forChild, answered as the outcome). */
class Refused extends Error {
  constructor(readonly refusal: CompletionRefusal) {
    super(refusal.reason);
  }
}
const refuse = (refusal: CompletionRefusal): never => {
  throw new Refused(refusal);
};
const NOT_FOUND: CompletionRefusal = { reason: 'not-found' };

interface Loaded {
  day: ChoreDay;
  chore: ChoreItem | undefined;
  clock: FamilyClock;
}

/** The chore-day an id (and, for a continuous chore, a date) names, in the caller's family. */
async function loadDay(familyId: string, parsed: ParsedAssignmentId, clock: FamilyClock, date: IsoDate | undefined): Promise<Loaded> {
  if (parsed.kind === 'dated') {
    const item = await getDated(familyId, parsed.ref);
    if (!item) return refuse(NOT_FOUND);
    return { day: datedDay(item), chore: await getChore(familyId, item.choreId), clock };
  }
  const [item, chore] = await Promise.all([getContinuous(familyId, parsed.childId, parsed.choreId), getChore(familyId, parsed.choreId)]);
  if (!item) return refuse(NOT_FOUND);
  return { day: continuousDay(item, date ?? clock.today), chore, clock };
}

/** Reads the chore-day again (after a concurrent change won). */
async function reload(l: Loaded): Promise<ChoreDay> {
  const { item } = l.day;
  if (l.day.kind === 'dated') {
    const again = await getDated(item.familyId, refOf(l.day.item));
    if (!again) return refuse(NOT_FOUND);
    return datedDay(again);
  }
  const again = await getContinuous(item.familyId, item.childId, item.choreId);
  if (!again) return refuse(NOT_FOUND);
  return continuousDay(again, l.day.date);
}

/** The chore-day as it is after a write set (or cleared) its tick: answered without reading it again. */
const afterWrite = (day: ChoreDay, tick: Tick | undefined, sentBack?: SentBackNote): ChoreDay => ({ ...day, item: withTick(day, tick, sentBack) }) as ChoreDay;

/** The family's clock with its money format (issue 22: the answers' amounts are in its currency) and its pause (nothing is due then). */
type FamilyNow = FamilyClock & { money: MoneyFormat; familyPause: DateRange | null };

/** A chore-day as an answer shows it, with what showing it needs (views/assignment-dtos.ts `choreDayDto` renders it). */
export interface ChoreDayAnswer {
  day: ChoreDay;
  chore: ChoreItem | undefined;
  clock: FamilyNow;
  child: ChildItem;
}

const answerOf = (day: ChoreDay, chore: ChoreItem | undefined, clock: FamilyNow, child: ChildItem): ChoreDayAnswer => ({ day, chore, clock, child });

/**
 * Runs `act` for the assignment's child, reading the child again when a Reset Earnings landed in
 * between (the money then counts in the new round), and turns the refusals and write errors into
 * outcomes.
 */
async function forChild<T>(familyId: string, assignmentId: string, now: Date, onlyChildId: string | undefined, act: (child: ChildItem, parsed: ParsedAssignmentId, clock: FamilyNow) => Promise<T>): Promise<CompletionOutcome<T>> {
  const parsed = parseAssignmentId(assignmentId);
  const childId = parsed?.kind === 'dated' ? parsed.ref.childId : parsed?.childId;
  if (!parsed || !childId || (onlyChildId !== undefined && childId !== onlyChildId)) return { ok: false, refusal: NOT_FOUND };
  const [read, first] = await Promise.all([readFamilyAndClock(familyId, now), getChild(familyId, childId, true)]);
  if (read === 'missing') return { ok: false, refusal: { reason: 'family-missing' } };
  const { clock: familyClock, family } = read;
  const clock: FamilyNow = { ...familyClock, money: familyMoney(family), familyPause: family.pause ?? null };
  let child = first;
  for (let attempt = 1; ; attempt++) {
    if (!child) return { ok: false, refusal: NOT_FOUND };
    try {
      return { ok: true, answer: await act(child, parsed, clock) };
    } catch (err) {
      if (err instanceof RoundChanged && attempt < 3) {
        child = await getChild(familyId, childId, true);
        continue;
      }
      // Two ticks of one first-wins chore-day at the same moment: the next attempt reads who won.
      if (err instanceof WriteConflict && attempt < 4) continue;
      const refusal = refusalOf(err);
      if (refusal) return { ok: false, refusal };
      throw err;
    }
  }
}

/** The refusal a write error (or a rule, via `refuse`) means; undefined for anything else. */
function refusalOf(err: unknown): CompletionRefusal | undefined {
  if (err instanceof Refused) return err.refusal;
  if (err instanceof ChoreDayTaken) return { reason: 'taken', takenBy: err.displayName };
  if (err instanceof WriteConflict) return { reason: 'done-elsewhere' };
  if (err instanceof ChildMissing) return NOT_FOUND;
  if (err instanceof AlreadyPaid) return { reason: 'already-paid' };
  if (err instanceof ChoreDayDone) return { reason: 'done-elsewhere' };
  if (err instanceof RoundChanged) return { reason: 'round-changed' };
  return undefined;
}

/** Ticks or takes back a chore-day. Idempotent: asking for the state it has writes nothing. */
export async function completeAssignment(
  familyId: string,
  assignmentId: string,
  completed: boolean,
  now: Date,
  /** Who ticks (the rules and the activity log depend on it). */
  actor: Actor,
  onlyChildId?: string,
  /** A continuous chore's day (a parent's correction); today when absent. */
  date?: IsoDate,
): Promise<CompletionOutcome<ChoreDayAnswer>> {
  const who = actor.role === 'child' ? 'child' : 'parent';
  if (date !== undefined && who === 'child') return { ok: false, refusal: { reason: 'date-not-allowed' } };
  return forChild(familyId, assignmentId, now, onlyChildId, async (child, parsed, clock) => {
    const loaded = await loadDay(familyId, parsed, clock, date);
    const { day, chore } = loaded;
    const tick = tickOf(day);
    if (completed) {
      if (tick) return answerOf(day, chore, clock, child);
      if (!chore) return refuse(NOT_FOUND);
      if (day.kind === 'dated' && date !== undefined && date !== day.date) return refuse({ reason: 'wrong-day' });
      // Issue 21: a first-wins chore-day another child took is theirs (data/planning/first-wins.ts).
      if (day.kind === 'dated' && isFirstWins(day.item) && day.item.takenBy && day.item.takenBy.childId !== child.childId) throw new ChoreDayTaken(day.item.takenBy.displayName);
      if (day.kind === 'continuous' && !isActiveOn(day.item, weekdayOf(day.date))) return refuse({ reason: 'not-active' });
      // Issue 29 point 7: away (own calendar or the family's pause) means not due, not counted, and no tick.
      const away = day.kind === 'continuous' ? awayLabelOn(child.availability, clock.familyPause, day.date) : null;
      if (away !== null) return refuse({ reason: 'away', childName: child.displayName, label: away });
      const refusal = tickRefusal(who, { date: day.date, weekly: day.kind === 'dated' && day.item.chore.category === 'weekly' }, clock);
      if (refusal) return refuse({ reason: refusal });
      const waiting = tickWaits(who, chore.needsApproval === true);
      const written = await tickChoreDay(day, child, {
        now,
        // A dated chore counts in the week it is ticked (as before); an ongoing one in its day's.
        completedOn: day.kind === 'dated' ? clock.today : day.date,
        cents: chore.amountCents,
        actor,
        waiting,
        ...(who === 'parent' ? { approvedBy: actor } : {}),
      });
      if (written === 'raced') return answerOf(await reload(loaded), chore, clock, child);
      return answerOf(afterWrite(day, written), chore, clock, child);
    }
    // A take-back that loses a race (a parent approved, or a payout paid, the tick meanwhile) is
    // judged again on the tick as it now is: it answers what a take-back of that tick answers (409
    // with the usual message), never 200 with a tick it did not take back (issue 29 point 14).
    for (let current = day, attempt = 1; ; attempt++) {
      const held = tickOf(current);
      if (!held) return answerOf(current, chore, clock, child);
      if (counts(held) && isPaidRound(held.round, child)) throw new AlreadyPaid();
      if (current.kind === 'continuous' && current.date < clock.weekStart && who === 'parent' && date !== undefined) return refuse({ reason: 'not-this-week' });
      if (who === 'child') {
        const refusal = childTakeBackRefusal(held, clock.today);
        if (refusal) return refuse({ reason: refusal });
      }
      if ((await clearChoreDay(current, child, held, { now, actor })) !== 'raced') return answerOf(afterWrite(current, undefined), chore, clock, child);
      if (attempt >= 3) throw new WriteConflict();
      current = await reload({ ...loaded, day: current });
    }
  });
}

/** Approves a waiting tick (a parent). Idempotent: an approved tick is answered as it is. */
export async function approveAssignment(familyId: string, assignmentId: string, now: Date, actor: Actor, date?: IsoDate): Promise<CompletionOutcome<ChoreDayAnswer>> {
  const out = await approveOne(familyId, assignmentId, now, actor, date);
  return out.ok ? { ok: true, answer: out.answer.shown } : out;
}

/** Approves a waiting tick; `changed` is false when it was already approved (by someone else: nothing was written). */
async function approveOne(familyId: string, assignmentId: string, now: Date, actor: Actor, date?: IsoDate): Promise<CompletionOutcome<{ shown: ChoreDayAnswer; changed: boolean }>> {
  return forChild(familyId, assignmentId, now, undefined, async (child, parsed, clock) => {
    const loaded = await loadDay(familyId, parsed, clock, date);
    const { day, chore } = loaded;
    const tick = tickOf(day);
    if (!tick) return refuse({ reason: 'not-waiting' });
    if (!tick.waiting) return { shown: answerOf(day, chore, clock, child), changed: false };
    const written = await approveChoreDay(day, child, tick, { now, actor });
    if (written === 'raced') {
      const again = await reload(loaded);
      if (counts(tickOf(again))) return { shown: answerOf(again, chore, clock, child), changed: false };
      return refuse({ reason: 'not-waiting' });
    }
    return { shown: answerOf(afterWrite(day, written), chore, clock, child), changed: true };
  });
}

/** Sends a waiting tick back to do, with a note the child sees on the chore. */
export async function sendBackAssignment(familyId: string, assignmentId: string, now: Date, actor: Actor, note?: string, date?: IsoDate): Promise<CompletionOutcome<ChoreDayAnswer>> {
  return forChild(familyId, assignmentId, now, undefined, async (child, parsed, clock) => {
    const loaded = await loadDay(familyId, parsed, clock, date);
    const { day, chore } = loaded;
    const tick = tickOf(day);
    if (!tick?.waiting) return refuse({ reason: 'not-waiting' });
    if ((await clearChoreDay(day, child, tick, { now, actor, sendBack: note ? { note } : {} })) === 'raced') return refuse({ reason: 'not-waiting' });
    const sentBack = { date: day.date, ...(note ? { note } : {}), at: now.toISOString(), by: actor.name };
    return answerOf(afterWrite(day, undefined, sentBack), chore, clock, child);
  });
}

/**
 * Approves every tick of the child that waits: one approval per tick, each its own conditional
 * transaction with its own log entry; a tick taken back or decided meanwhile is skipped.
 */
export async function approveAll(familyId: string, childId: string, now: Date, actor: Actor): Promise<{ approved: number; cents: number }> {
  let approved = 0;
  let cents = 0;
  for (const w of await listWaiting(familyId, childId)) {
    const out = await approveOne(familyId, w.assignmentId, now, actor, w.isContinuous ? w.date : undefined);
    // Refused: taken back, sent back or approved by someone else in between; nothing to do for it.
    // Counted only when this call approved it (another parent's approval in between is theirs).
    if (out.ok && out.answer.changed) {
      approved++;
      cents += w.cents;
    }
  }
  return { approved, cents };
}
