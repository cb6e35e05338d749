/**
 * The household planner's working state (functions/domain/household-plan.ts): the input normalised
 * (sorted by id, duplicates dropped, dates outside the planned week or the 4-week window ignored)
 * and the running tallies every step reads and writes (what each child is given, its value).
 */
import type { Rhythm, WhoDoesIt } from '../../../shared/planning';
import { occurrencesInWeek } from '../../../shared/rhythm';
import { addDays, weekDates, weekdayOf, type IsoDate, type Weekday } from '../../../shared/time';
import type { HouseholdChore, HouseholdWeekInput, PlannedChoreDay } from '../household-plan-types';

/** How a chore is planned this week. */
export type PlanMode = 'pool' | 'each' | 'first' | 'week' | 'fair';

export interface Kid {
  id: string;
  maxDifficulty: number;
  /** The pool's quotas (the planner's counts). */
  counts: { daily: number; weekly: number; continuous: number };
  /** The week's dates the child is home, in date order. */
  homeDates: IsoDate[];
  home: Set<IsoDate>;
}

export interface Job {
  id: string;
  category: HouseholdChore['category'];
  difficulty: number;
  amount: number;
  mode: PlanMode;
  /** The children who may take it, by id. */
  eligible: Kid[];
  /** True when `who.children` chose them (the parent's choice: no difficulty filter). */
  listed: boolean;
  /** mode each: the weekdays kept per child (absent: every day). */
  daysByChild: Map<string, Set<Weekday>>;
  /**
   * The week's occurrences: dates in order; 'floating' (a weekly chore without a rhythm: once this
   * week, on a day the planner picks); 'continuous'.
   */
  occurrences: IsoDate[] | 'floating' | 'continuous';
}

export const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
export const key3 = (childId: string, choreId: string, date: IsoDate | null): string => `${childId}\u0000${choreId}\u0000${date ?? ''}`;
export const key2 = (a: string, b: string): string => `${a}\u0000${b}`;

export class PlanContext {
  readonly weekStart: IsoDate;
  readonly dates: IsoDate[];
  readonly seed: string;
  readonly kids: Kid[];
  readonly kidById: Map<string, Kid>;
  readonly jobs: Job[];
  readonly jobById: Map<string, Job>;
  /** Kept assignments of known children (child|chore|date, date '' for continuous). */
  readonly kept = new Set<string>();
  /** Kept dated assignments per chore (known children and chores), in date/child order. */
  readonly keptByChore = new Map<string, { childId: string; date: IsoDate }[]>();
  /** History within the 4 weeks before weekStart, per chore. */
  readonly historyByChore = new Map<string, { childId: string; date: IsoDate }[]>();
  /** Chore ids each child had in the week just before weekStart. */
  readonly lastWeekByChild = new Map<string, Set<string>>();
  /** Value (cents) of all chore-days per child over the window: history + kept + planned so far. */
  readonly windowValue = new Map<string, number>();
  /** Value per child this week of the chores planned outside the pool (kept ones included): planWeek's baseTotals. */
  readonly scheduledValue = new Map<string, number>();
  readonly dated: PlannedChoreDay[] = [];
  readonly continuous: { childId: string; choreId: string }[] = [];
  /** Chores with at least one assignment this week (kept or planned). */
  readonly covered = new Set<string>();
  private readonly given = new Set<string>();

  constructor(input: HouseholdWeekInput) {
    this.weekStart = input.weekStart;
    this.dates = weekDates(input.weekStart);
    this.seed = String(input.seed ?? '');
    const week = new Set(this.dates);

    const children = [...(input.children ?? [])].sort((a, b) => byString(a.id, b.id));
    this.kids = [];
    for (const c of children) {
      if (this.kids.length > 0 && this.kids[this.kids.length - 1]!.id === c.id) continue;
      const away = new Set((c.awayDates ?? []).filter((d) => week.has(d)));
      const homeDates = this.dates.filter((d) => !away.has(d));
      this.kids.push({
        id: c.id,
        maxDifficulty: Number.isFinite(c.maxDifficultyLevel) ? c.maxDifficultyLevel : -Infinity,
        counts: { daily: c.dailyChoresCount, weekly: c.weeklyChoresCount, continuous: c.continuousChoresCount },
        homeDates,
        home: new Set(homeDates),
      });
    }
    this.kidById = new Map(this.kids.map((k) => [k.id, k]));
    for (const k of this.kids) {
      this.windowValue.set(k.id, 0);
      this.scheduledValue.set(k.id, 0);
    }

    const chores = [...(input.chores ?? [])].sort((a, b) => byString(a.id, b.id));
    this.jobs = [];
    for (const c of chores) {
      if (this.jobs.length > 0 && this.jobs[this.jobs.length - 1]!.id === c.id) continue;
      this.jobs.push(this.toJob(c));
    }
    this.jobById = new Map(this.jobs.map((j) => [j.id, j]));

    for (const a of input.kept ?? []) {
      if (!this.kidById.has(a.childId)) continue;
      const date = a.date ?? null;
      if (date !== null && !week.has(date)) continue;
      const k = key3(a.childId, a.choreId, date);
      if (this.kept.has(k)) continue;
      this.kept.add(k);
      this.covered.add(a.choreId);
      const job = this.jobById.get(a.choreId);
      if (date === null || !job) continue;
      const list = this.keptByChore.get(a.choreId) ?? [];
      list.push({ childId: a.childId, date });
      this.keptByChore.set(a.choreId, list);
      this.windowValue.set(a.childId, this.windowValue.get(a.childId)! + job.amount);
      if (job.mode !== 'pool') this.scheduledValue.set(a.childId, this.scheduledValue.get(a.childId)! + job.amount);
    }
    for (const list of this.keptByChore.values()) list.sort((x, y) => byString(x.date, y.date) || byString(x.childId, y.childId));

    const from = addDays(input.weekStart, -28);
    const lastFrom = addDays(input.weekStart, -7);
    const seenHistory = new Set<string>();
    for (const a of input.history ?? []) {
      if (!(a.date >= from && a.date < input.weekStart)) continue;
      const k = key3(a.childId, a.choreId, a.date);
      if (seenHistory.has(k)) continue;
      seenHistory.add(k);
      const list = this.historyByChore.get(a.choreId) ?? [];
      list.push({ childId: a.childId, date: a.date });
      this.historyByChore.set(a.choreId, list);
      if (this.windowValue.has(a.childId)) {
        this.windowValue.set(a.childId, this.windowValue.get(a.childId)! + (this.jobById.get(a.choreId)?.amount ?? 0));
      }
      if (a.date >= lastFrom) {
        const set = this.lastWeekByChild.get(a.childId) ?? new Set<string>();
        set.add(a.choreId);
        this.lastWeekByChild.set(a.childId, set);
      }
    }
  }

  /** The kids away every day of the week. */
  isAwayAllWeek(kid: Kid): boolean {
    return kid.homeDates.length === 0;
  }

  /** Whether (child, chore, date) is kept already or planned already. */
  isTaken(childId: string, choreId: string, date: IsoDate | null): boolean {
    const k = key3(childId, choreId, date);
    return this.kept.has(k) || this.given.has(k);
  }

  /**
   * Gives a chore-day to a child (unless kept or given already), adding `value` to its tallies.
   * Returns whether it was added. Never on a date the child is away.
   */
  giveDated(kid: Kid, job: Job, date: IsoDate, firstWins: boolean, value: number): boolean {
    if (!kid.home.has(date) || this.isTaken(kid.id, job.id, date)) return false;
    this.given.add(key3(kid.id, job.id, date));
    this.covered.add(job.id);
    this.dated.push({ childId: kid.id, choreId: job.id, date, firstWins });
    this.windowValue.set(kid.id, this.windowValue.get(kid.id)! + value);
    if (job.mode !== 'pool') this.scheduledValue.set(kid.id, this.scheduledValue.get(kid.id)! + value);
    return true;
  }

  giveContinuous(kid: Kid, job: Job): boolean {
    if (this.isAwayAllWeek(kid) || this.isTaken(kid.id, job.id, null)) return false;
    this.given.add(key3(kid.id, job.id, null));
    this.covered.add(job.id);
    this.continuous.push({ childId: kid.id, choreId: job.id });
    return true;
  }

  /** The dates of a chore's kept assignments this week (of one child, or of anyone). */
  keptDatesOf(choreId: string, childId?: string): Set<IsoDate> {
    return new Set(
      (this.keptByChore.get(choreId) ?? []).filter((a) => childId === undefined || a.childId === childId).map((a) => a.date),
    );
  }

  /** History of a chore in the week just before weekStart. */
  lastWeekOf(choreId: string): { childId: string; date: IsoDate }[] {
    const lastFrom = addDays(this.weekStart, -7);
    return (this.historyByChore.get(choreId) ?? []).filter((a) => a.date >= lastFrom);
  }

  /** Weekdays a child had a chore last week. */
  lastWeekDays(choreId: string, childId?: string): Set<Weekday> {
    return new Set(
      this.lastWeekOf(choreId)
        .filter((a) => childId === undefined || a.childId === childId)
        .map((a) => weekdayOf(a.date)),
    );
  }

  private toJob(c: HouseholdChore): Job {
    const category = c.category;
    const difficulty = Number.isFinite(c.difficultyLevel) ? c.difficultyLevel : Infinity;
    const amount = Number.isFinite(c.amountCents) ? c.amountCents : 0;
    const who: WhoDoesIt | undefined = c.who ?? undefined;
    const rhythm: Rhythm | undefined = category === 'continuous' ? undefined : (c.rhythm ?? undefined);

    let mode: PlanMode;
    // No `who` is one + balanced, which takes fair turns when there is a rhythm.
    if (!who) mode = rhythm ? 'fair' : 'pool';
    else if (who.mode === 'each') mode = 'each';
    else if (category === 'continuous') mode = 'pool';
    else if (who.mode === 'first') mode = 'first';
    else if (who.turns === 'week') mode = 'week';
    else if (who.turns === 'fair') mode = 'fair';
    else mode = rhythm ? 'fair' : 'pool';

    const daysByChild = new Map<string, Set<Weekday>>();
    let listedIds: string[] = [];
    if (who?.mode === 'each') {
      // Two entries for one child: the union of their days; an entry without days (or with none): every day.
      const days = new Map<string, Set<Weekday> | 'all'>();
      for (const entry of who.children ?? []) {
        const prev = days.get(entry.childId);
        if (!entry.days || entry.days.length === 0 || prev === 'all') days.set(entry.childId, 'all');
        else days.set(entry.childId, new Set([...(prev ?? []), ...entry.days]));
      }
      listedIds = [...days.keys()];
      for (const [id, set] of days) if (set !== 'all') daysByChild.set(id, set);
    } else if (who) {
      listedIds = [...(who.children ?? [])];
    }
    const listed = listedIds.length > 0;
    const eligible = listed
      ? [...new Set(listedIds)].sort(byString).flatMap((id) => this.kidById.get(id) ?? [])
      : this.kids.filter((k) => k.maxDifficulty >= difficulty);

    let occurrences: Job['occurrences'];
    if (category === 'continuous') occurrences = 'continuous';
    else if (rhythm) occurrences = occurrencesInWeek(rhythm, this.weekStart).filter((d) => this.dates.includes(d));
    else if (category === 'daily') occurrences = [...this.dates];
    else occurrences = 'floating';

    return { id: c.id, category, difficulty, amount, mode, eligible, listed, daysByChild, occurrences };
  }
}
