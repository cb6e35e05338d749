/**
 * The system under test of money-ledger-model.test.ts and money-paid-once.test.ts: a family made
 * through the API (two children, chores with and without a parent's OK, jars on, a goal each), read
 * back as a snapshot of what the screens show and what is stored (its partition), and the requests
 * the tests send most (a tick, Reset Earnings, the Sunday run).
 */
import { parseCents } from '../../../shared/money';
import { familyClock, weekdayOf } from '../../../shared/time';
import { partition } from './account';
import { useStackInThisProcess, type Reply } from './client';
import { assignmentFor, makeFamily, type Family } from './family';

let sundayRun: (familyId: string, weekStart: string, now: Date) => Promise<unknown>;

/** For the file's beforeAll: the Sunday run in this process (`runSunday`). */
export async function useSundayRunInThisProcess(): Promise<void> {
  // The Sunday run in this process, against the same table, as the job runs it (functions/jobs/weekly/
  // run-family.ts): under the family's generation claim, logged as the Sunday job. Null when busy.
  useStackInThisProcess();
  const [{ writeWeek }, { withGenerationClaim }, { SYSTEM_ACTOR }] = await Promise.all([
    import('../../../functions/data/planning/generate'),
    import('../../../functions/data/planning/generation-claim'),
    import('../../../functions/domain/ledger'),
  ]);
  sundayRun = (familyId, weekStart, now) => withGenerationClaim(familyId, (claim) => writeWeek(claim, weekStart, now, SYSTEM_ACTOR));
}

/** The Sunday run (after useSundayRunInThisProcess). */
export const runSunday = (familyId: string, weekStart: string, now: Date): Promise<unknown> => sundayRun(familyId, weekStart, now);

/**
 * A fixed-offset zone where it is about noon now, so a run never crosses the family's midnight
 * (a new day or week would change what "today" and "this week" show mid-test).
 */
export function noonZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // -11 … +12
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

export const cents = (amount: string): number => (amount.startsWith('-') ? -parseCents(amount.slice(1))! : parseCents(amount)!);
export const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** What a partial payout pays (the dialog's "part of it"). */
export const PART = 50;

// ---- The system under test ---------------------------------------------------------------------

export interface Real {
  f: Family;
  familyId: string;
  /** Every chore of the family: its name, value and whether a child's tick waits for an OK. */
  chores: Map<string, { name: string; cents: number; gated: boolean }>;
  /** Σ of the payouts Reset Earnings answered with. */
  paidOut: number;
  /** Sunday runs that ran (each logs one event). */
  sundayRuns: number;
  /** Issue 22: whether the family has spend / save / give jars on now. */
  jarsOn: boolean;
}

export async function newFamily(): Promise<Real> {
  const f = await makeFamily({ kids: 2, timeZone: noonZone() });
  const familyId = (await f.parent.get('/api/auth/parent-user')).body.familyId as string;
  const chore = async (body: Record<string, unknown>) => {
    const res = await f.parent.post('/api/chores', { difficultyLevel: 2, ...body });
    if (res.status !== 201) throw new Error(`chore: ${res.status} ${res.text}`);
    return res.body;
  };
  // Each child has a dated chore that needs an OK and one that does not; kid 1 an ongoing one that needs it.
  const dishes = await chore({ name: 'Dishes', category: 'daily', amount: '1.25', needsApproval: true });
  const laundry = await chore({ name: 'Laundry', category: 'daily', amount: '0.75', needsApproval: true });
  const feedCat = await chore({ name: 'Feed cat', category: 'continuous', amount: '0.40', needsApproval: true });
  const [k0, k1] = f.kids as [Family['kids'][0], Family['kids'][0]];
  for (const kid of f.kids) {
    await f.parent.put(`/api/children/${kid.id}/chore-settings`, { dailyChoresCount: 1, weeklyChoresCount: 1, continuousChoresCount: 0 });
    await f.parent.post('/api/continuous-assignments', { childId: kid.id, choreId: f.chores.continuous.id, daysOfWeek: [] });
  }
  await f.parent.post('/api/continuous-assignments', { childId: k1.id, choreId: feedCat.id, daysOfWeek: [] });
  for (const [kid, c] of [[k0, f.chores.daily], [k0, f.chores.weekly], [k0, laundry], [k1, dishes]] as const) {
    const res = await f.parent.post('/api/assignments', assignmentFor(f, kid.id, c.id));
    if (res.status >= 300) throw new Error(`assignment: ${res.status} ${res.text}`);
  }
  await f.parent.post('/api/assignments/generate');
  const chores = new Map(((await f.parent.get('/api/chores')).body as any[]).map((c) => [c.id as string, { name: c.name as string, cents: cents(c.amount), gated: c.needsApproval === true }]));
  // Issue 22: jars on from the start (a step switches them off and on), and a goal for each child.
  const jars = await f.parent.put('/api/family/money', { jars: JAR_SPLITS[0] });
  if (jars.status !== 200) throw new Error(`jars: ${jars.status} ${jars.text}`);
  for (const kid of f.kids) await kid.client.post('/api/child/goals', { name: 'First goal', target: '2.00', icon: 'toy' });
  return { f, familyId, chores, paidOut: 0, sundayRuns: 0, jarsOn: true };
}

export interface Item {
  id: string;
  kid: number;
  /** The chore-day: child, chore, date. */
  choreDay: string;
  choreName: string;
  /** The chore's value, and whether a child's tick on it waits for a parent's OK. */
  value: number;
  gated: boolean;
  done: boolean;
  waiting: boolean;
  paid: boolean;
  /** What its completion counts for (0 when not done, or while it waits). */
  earned: number;
  canTakeBack: boolean;
}

export interface Payout {
  kid: number;
  cents: number;
  part: boolean;
  paidAt: string;
  /** Issue 22: the payout's split into the child's jars (jars on). */
  jars?: { spend: number; save: number; give: number };
}

export interface Entry {
  id: string;
  kid: number;
  kind: 'bonus' | 'deduction' | 'reversal' | 'purchase' | 'withdrawal';
  /** Signed. */
  cents: number;
  reverses?: string;
  /** Issue 22: a goal's purchase, a jar withdrawal. */
  goal?: { goalId: string; fromSavingsCents: number; topUpCents: number; savings: 'save-jar' | 'earnings'; fromOwedCents?: number };
  withdrawal?: { jar: 'spend' | 'give'; cents: number };
}

/** Entries that change what is owed (a purchase or a withdrawal spends the child's own money). */
export const movesOwed = (e: Entry) => e.kind === 'bonus' || e.kind === 'deduction' || e.kind === 'reversal';

export interface Snapshot {
  /** Today's tickable items per kid (dated of today and continuous active today), in a stable order. */
  items: Item[][];
  /** The amount owed as stored (the screens clamp it at zero). */
  owed: number[];
  /** As the parent's screen shows them. */
  shown: { today: number; week: number; month: number; year: number }[];
  /** This week's, month's and year's totals as stored, less the last Reset Earnings' baseline (unclamped). */
  stored: { week: number; month: number; year: number }[];
  resetAt: (string | undefined)[];
  payouts: Payout[];
  ledger: Entry[];
  /** The family's activity log (`LOG#` items). */
  events: any[];
  /** Chore-day markers (`DONE#`) and waiting items (`WAIT#`), as child|chore|date. */
  doneMarkers: string[];
  waitMarkers: string[];
  /** Issue 22: each child's item as stored (its jar and savings counters), goals (`GOAL#`) and money page. */
  childItems: Record<string, any>[];
  goals: Record<string, any>[][];
  money: any[];
}

export async function snapshot(r: Real): Promise<Snapshot> {
  const [kids, stored, money] = await Promise.all([
    r.f.parent.get('/api/children').then((res) => res.body as any[]),
    partition(r.familyId),
    Promise.all(r.f.kids.map((kid) => r.f.parent.get(`/api/children/${kid.id}/money`).then((res) => res.body))),
  ]);
  const clock = familyClock(new Date(), r.f.clock.timeZone);
  const { today } = clock;
  const kidOf = (childId: string) => r.f.kids.findIndex((k) => k.id === childId);
  const sk = (prefix: string) => stored.filter((i) => (i.SK as string).startsWith(prefix));
  const items = r.f.kids.map((kid, k) => {
    const dto = kids.find((c) => c.id === kid.id)!;
    return (dto.assignments as any[])
      .filter((a) => (a.isContinuous ? a.daysOfWeek.length === 0 || a.daysOfWeek.includes(weekdayOf(today)) : a.assignedDate === today))
      .map((a): Item => {
        const chore = r.chores.get(a.choreId)!;
        return {
          id: a.id,
          kid: k,
          choreDay: `${a.childId}|${a.choreId}|${today}`,
          choreName: chore.name,
          value: chore.cents,
          gated: chore.gated,
          done: a.isCompleted,
          waiting: a.waiting,
          paid: a.isPaid,
          earned: cents(a.earned),
          canTakeBack: a.canTakeBack,
        };
      })
      .sort((x, y) => x.id.localeCompare(y.id));
  });
  const childItems = r.f.kids.map((kid) => sk(`CHILD#${kid.id}`).find((i) => i.SK === `CHILD#${kid.id}`)!);
  const aggregate = (sortKey: string) => (stored.find((i) => i.SK === sortKey)?.cents as number | undefined) ?? 0;
  return {
    items,
    owed: childItems.map((c) => (c.unpaidCents as number | undefined) ?? 0),
    shown: r.f.kids.map((kid) => {
      const c = kids.find((x) => x.id === kid.id)!;
      return { today: cents(c.earnedToday), week: cents(c.weekToDateEarned), month: cents(c.monthToDateEarned), year: cents(c.yearToDateEarned) };
    }),
    stored: r.f.kids.map((kid, k) => {
      const b = childItems[k]!.resetBaseline;
      const months = sk('EARN#M#').filter((m) => m.childId === kid.id && (m.period as string).startsWith(clock.year));
      return {
        week: aggregate(`EARN#W#${clock.weekStart}#${kid.id}`) - (b?.week === clock.weekStart ? b.weekCents : 0),
        month: aggregate(`EARN#M#${clock.month}#${kid.id}`) - (b?.month === clock.month ? b.monthCents : 0),
        year: sum(months.map((m) => m.cents as number)) - (b?.year === clock.year ? b.yearCents : 0),
      };
    }),
    resetAt: childItems.map((c) => c.resetAt as string | undefined),
    payouts: sk('PAYOUT#').map((p) => ({ kid: kidOf(p.childId), cents: p.amountCents, part: p.part === true, paidAt: p.paidAt, ...(p.jars ? { jars: p.jars } : {}) })),
    ledger: sk('LEDGER#').map((e) => ({
      id: e.entryId,
      kid: kidOf(e.childId),
      kind: e.kind,
      cents: e.amountCents,
      ...(e.reverses ? { reverses: e.reverses } : {}),
      ...(e.goal ? { goal: e.goal } : {}),
      ...(e.withdrawal ? { withdrawal: e.withdrawal } : {}),
    })),
    events: sk('LOG#'),
    doneMarkers: sk('DONE#').map((d) => `${d.childId}|${d.choreId}|${d.date}`).sort(),
    waitMarkers: sk('WAIT#').map((w) => `${w.childId}|${w.choreId}|${w.date}`).sort(),
    childItems,
    goals: r.f.kids.map((kid) => sk(`GOAL#${kid.id}#`)),
    money,
  };
}

export const counted = (i: Pick<Item, 'done' | 'waiting'>) => i.done && !i.waiting;

export type By = 'child' | 'parent';

export function toggle(r: Real, item: Item, completed: boolean, by: By): Promise<Reply> {
  return by === 'child'
    ? r.f.kids[item.kid]!.client.post('/api/child/complete-assignment', { assignmentId: item.id, completed })
    : r.f.parent.put(`/api/assignments/${item.id}/complete`, { completed });
}

export async function reset(r: Real, kid: number, body?: Record<string, unknown>): Promise<Reply> {
  const res = await r.f.parent.post(`/api/children/${r.f.kids[kid]!.id}/reset-earnings`, body);
  if (res.status === 200) r.paidOut += cents(res.body.payout.amount);
  return res;
}

/** The spend / save / give splits the model switches between (null: jars off). */
export const JAR_SPLITS = [{ spend: 50, save: 40, give: 10 }, { spend: 33, save: 33, give: 34 }, { spend: 0, save: 100, give: 0 }, null] as const;
