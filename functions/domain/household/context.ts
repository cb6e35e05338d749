/**
 * The household planner's working state (functions/domain/household-plan.ts): the input normalised
 * (sorted by id, duplicates dropped, dates outside the planned week or the 4-week window ignored)
 * and the running tallies every step reads and writes (what each child is given, its value).
 */
import type { Rhythm, WhoDoesIt } from '../../../shared/planning';
import { occursOn } from '../../../shared/rhythm';
import { addDays, weekDates, weekdayOf, WEEKDAYS, type IsoDate, type Weekday } from '../../../shared/time';
import type { HouseholdChore, HouseholdWeekInput, PlannedChoreDay, PoolShortfall } from '../household-plan-types';

/** How a chore is planned this week. */
export type PlanMode = 'pool' | 'each' | 'first' | 'week' | 'fair';

export interface Kid {
  id: string;
  /** Position in the sorted children (index into the per-child tables). */
  index: number;
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
  /** Per (child, day): 0 free, 1 kept, 2 planned; index kid.index × 8 + date index (7: continuous). */
  taken: Uint8Array;
}

const NO_DATES: ReadonlySet<IsoDate> = new Set();

export const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class PlanContext {
  readonly weekStart: IsoDate;
  readonly dates: IsoDate[];
  readonly seed: string;
  readonly kids: Kid[];
  readonly kidById: Map<string, Kid>;
  readonly jobs: Job[];
  readonly jobById: Map<string, Job>;
  /** Kept assignments of known children and chores, this week's dates or null (continuous), without duplicates. */
  readonly kept: { childId: string; choreId: string; date: IsoDate | null }[] = [];
  /** Kept dated assignments per chore (known children and chores), in date/child order. */
  readonly keptByChore = new Map<string, { childId: string; date: IsoDate }[]>();
  /** History within the 4 weeks before weekStart, per chore. */
  readonly historyByChore = new Map<string, { childId: string; date: IsoDate }[]>();
  /** Chore ids each child had in the week just before weekStart. */
  readonly lastWeekByChild = new Map<string, Set<string>>();
  /** Value (cents) of all chore-days per child (by kid index) over the window: history + kept + planned so far. */
  readonly windowValue: number[];
  /** Value per child (by kid index) this week of the chores planned outside the pool (kept ones included): planWeek's baseTotals. */
  readonly scheduledValue: number[];
  /** The first date of the 4-week window and of last week. */
  readonly windowFrom: IsoDate;
  readonly lastFrom: IsoDate;
  readonly dated: PlannedChoreDay[] = [];
  readonly continuous: { childId: string; choreId: string }[] = [];
  /** Chores with at least one assignment this week (kept or planned). */
  readonly covered = new Set<string>();
  /** Children whose chore-settings counts the pool could not fill (one child at a time). */
  readonly shortfalls: PoolShortfall[] = [];
  private readonly dateIndex = new Map<IsoDate, number>();
  private readonly weekdays = new Map<IsoDate, Weekday>();
  private readonly lastWeekCache = new Map<string, { childId: string; date: IsoDate }[]>();

  constructor(input: HouseholdWeekInput) {
    this.weekStart = input.weekStart;
    this.dates = weekDates(input.weekStart);
    this.seed = String(input.seed ?? '');
    const week = new Set(this.dates);
    this.dates.forEach((d, i) => this.dateIndex.set(d, i));

    const children = [...(input.children ?? [])].sort((a, b) => byString(a.id, b.id));
    this.kids = [];
    for (const c of children) {
      if (this.kids.length > 0 && this.kids[this.kids.length - 1]!.id === c.id) continue;
      const away = new Set((c.awayDates ?? []).filter((d) => week.has(d)));
      const homeDates = this.dates.filter((d) => !away.has(d));
      this.kids.push({
        id: c.id,
        index: this.kids.length,
        maxDifficulty: Number.isFinite(c.maxDifficultyLevel) ? c.maxDifficultyLevel : -Infinity,
        counts: { daily: c.dailyChoresCount, weekly: c.weeklyChoresCount, continuous: c.continuousChoresCount },
        homeDates,
        home: new Set(homeDates),
      });
    }
    this.kidById = new Map(this.kids.map((k) => [k.id, k]));
    this.windowValue = this.kids.map(() => 0);
    this.scheduledValue = this.kids.map(() => 0);

    const chores = [...(input.chores ?? [])].sort((a, b) => byString(a.id, b.id));
    this.jobs = [];
    for (const c of chores) {
      if (this.jobs.length > 0 && this.jobs[this.jobs.length - 1]!.id === c.id) continue;
      this.jobs.push(this.toJob(c));
    }
    this.jobById = new Map(this.jobs.map((j) => [j.id, j]));

    for (const a of input.kept ?? []) {
      const kid = this.kidById.get(a.childId);
      const job = this.jobById.get(a.choreId);
      const date = a.date ?? null;
      const day = date === null ? 7 : this.dateIndex.get(date);
      if (!kid || !job || day === undefined || job.taken[kid.index * 8 + day] !== 0) continue;
      job.taken[kid.index * 8 + day] = 1;
      this.kept.push({ childId: kid.id, choreId: job.id, date });
      this.covered.add(job.id);
      if (date === null) continue;
      const list = this.keptByChore.get(job.id) ?? [];
      list.push({ childId: kid.id, date });
      this.keptByChore.set(job.id, list);
      this.windowValue[kid.index]! += job.amount;
      if (job.mode !== 'pool') this.scheduledValue[kid.index]! += job.amount;
    }
    for (const list of this.keptByChore.values()) list.sort((x, y) => byString(x.date, y.date) || byString(x.childId, y.childId));

    const from = addDays(input.weekStart, -28);
    const lastFrom = addDays(input.weekStart, -7);
    this.windowFrom = from;
    this.lastFrom = lastFrom;
    // History rows are distinct assignments (the store's); a repeated row would count twice.
    for (const a of input.history ?? []) {
      if (!(a.date >= from && a.date < input.weekStart)) continue;
      const list = this.historyByChore.get(a.choreId);
      if (list) list.push(a);
      else this.historyByChore.set(a.choreId, [a]);
      const kid = this.kidById.get(a.childId);
      if (kid) this.windowValue[kid.index]! += this.jobById.get(a.choreId)?.amount ?? 0;
      if (a.date >= lastFrom) {
        const set = this.lastWeekByChild.get(a.childId);
        if (set) set.add(a.choreId);
        else this.lastWeekByChild.set(a.childId, new Set([a.choreId]));
      }
    }
  }

  /** The kids away every day of the week. */
  isAwayAllWeek(kid: Kid): boolean {
    return kid.homeDates.length === 0;
  }

  /** Whether (child, chore, date) is kept already or planned already (date null: continuous). */
  isTaken(kid: Kid, job: Job, date: IsoDate | null): boolean {
    const day = date === null ? 7 : this.dateIndex.get(date);
    return day === undefined || job.taken[kid.index * 8 + day] !== 0;
  }

  /**
   * Gives a chore-day to a child (unless kept or given already), adding `value` to its tallies.
   * Returns whether it was added. Never on a date the child is away.
   */
  giveDated(kid: Kid, job: Job, date: IsoDate, firstWins: boolean, value: number): boolean {
    if (!kid.home.has(date) || this.isTaken(kid, job, date)) return false;
    job.taken[kid.index * 8 + this.dateIndex.get(date)!] = 2;
    this.covered.add(job.id);
    this.dated.push({ childId: kid.id, choreId: job.id, date, firstWins });
    this.windowValue[kid.index]! += value;
    if (job.mode !== 'pool') this.scheduledValue[kid.index]! += value;
    return true;
  }

  giveContinuous(kid: Kid, job: Job): boolean {
    if (this.isAwayAllWeek(kid) || this.isTaken(kid, job, null)) return false;
    job.taken[kid.index * 8 + 7] = 2;
    this.covered.add(job.id);
    this.continuous.push({ childId: kid.id, choreId: job.id });
    return true;
  }

  /** The dates of a chore's kept assignments this week (of one child, or of anyone). */
  keptDatesOf(choreId: string, childId?: string): ReadonlySet<IsoDate> {
    if (!this.keptByChore.has(choreId)) return NO_DATES;
    return new Set(
      (this.keptByChore.get(choreId) ?? []).filter((a) => childId === undefined || a.childId === childId).map((a) => a.date),
    );
  }

  /** History of a chore in the week just before weekStart. */
  lastWeekOf(choreId: string): { childId: string; date: IsoDate }[] {
    let list = this.lastWeekCache.get(choreId);
    if (!list) {
      list = (this.historyByChore.get(choreId) ?? []).filter((a) => a.date >= this.lastFrom);
      this.lastWeekCache.set(choreId, list);
    }
    return list;
  }

  /** Weekdays a child (or anyone) had a chore last week. */
  lastWeekDays(choreId: string, childId?: string): Set<Weekday> {
    const out = new Set<Weekday>();
    for (const a of this.lastWeekOf(choreId)) if (childId === undefined || a.childId === childId) out.add(this.weekday(a.date));
    return out;
  }

  /** Days since 1970-01-01 of an ISO date (calendar arithmetic, no time zone). */
  dayNumber(date: IsoDate): number {
    return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
  }

  /** The weekday's index (0 = Sunday) of a date. */
  weekdayIndex(date: IsoDate): number {
    return WEEKDAYS.indexOf(this.weekday(date));
  }

  /** weekdayOf, remembered (the planner asks for the same few dozen dates many times). */
  weekday(date: IsoDate): Weekday {
    let day = this.weekdays.get(date);
    if (day === undefined) {
      day = weekdayOf(date);
      this.weekdays.set(date, day);
    }
    return day;
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
    // occurrencesInWeek(rhythm, weekStart) is exactly this filter over the week's dates (shared/rhythm.ts);
    // the dates are computed once here instead of once per chore (a third of the planner's time at 30 × 200).
    else if (rhythm) occurrences = this.dates.filter((d) => occursOn(rhythm, d));
    else if (category === 'daily') occurrences = [...this.dates];
    else occurrences = 'floating';

    return { id: c.id, category, difficulty, amount, mode, eligible, listed, daysByChild, occurrences, taken: new Uint8Array(this.kids.length * 8) };
  }
}
