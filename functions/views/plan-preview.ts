/**
 * POST /api/assignments/preview's answer (issue 21), built from a planned week (domain/week-writes.ts)
 * without writing anything: per child the seven days (away or not, the chores kept and the new ones),
 * the continuous chores, the chore-day count and the week's potential value. Pure.
 */
import type { PlanPreviewChildDto, PlanPreviewDto } from '../../shared/api-types';
import { awayDays } from '../../shared/availability';
import { formatMinor, type MoneyFormat } from '../../shared/money';
import { addDays, weekDates, weekdayOf, type IsoDate } from '../../shared/time';
import type { WeekState, WeekWrites } from '../domain/week-writes';

export interface PreviewChore {
  name: string;
  amountCents: number;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export function planPreviewDto(input: {
  state: WeekState;
  writes: WeekWrites;
  chores: ReadonlyMap<string, PreviewChore>;
  names: ReadonlyMap<string, string>;
  seed: string;
  /** The family's money format (issue 22): amounts in its currency's decimals. */
  money: MoneyFormat;
  /** The family's today: the totals count the days from it on (issue 29; next week's are all ahead). */
  today: IsoDate;
}): PlanPreviewDto {
  const { state, writes, chores, names, seed } = input;
  const amount = (minor: number) => formatMinor(minor, input.money.currency);
  const { weekStart } = state;
  const dates = weekDates(weekStart);
  const children: PlanPreviewChildDto[] = [...state.children]
    .sort((a, b) => (names.get(a.id) ?? '').localeCompare(names.get(b.id) ?? '') || a.id.localeCompare(b.id))
    .map((child) => {
      const away = new Map(awayDays(child.availability, state.familyPause, weekStart, addDays(weekStart, 6)).map((d) => [d.date, d.label]));
      // The chore-days of the child: the stored ones that stay, then the plan's new ones.
      const dayChores = [
        ...writes.keptDays.filter((a) => a.childId === child.id && chores.has(a.choreId)).map((a) => ({ choreId: a.choreId, date: a.date, firstWins: a.firstWins, kept: true })),
        ...writes.fresh.filter((p) => p.childId === child.id).map((p) => ({ choreId: p.choreId, date: p.date, firstWins: p.firstWins, kept: false })),
      ];
      const continuousIds = [
        ...state.continuous.filter((c) => c.childId === child.id).map((c) => c.choreId),
        ...writes.newContinuous.filter((c) => c.childId === child.id).map((c) => c.choreId),
      ].filter((id) => chores.has(id));
      // The totals count what is still ahead (issue 29): days before today are behind, done or not.
      const ahead = (date: IsoDate) => date >= input.today;
      const homeDays = dates.filter((d) => !away.has(d) && ahead(d)).length;
      const cents = (id: string) => chores.get(id)!.amountCents;
      const dayChoresAhead = dayChores.filter((c) => ahead(c.date));
      const valueCents = dayChoresAhead.reduce((s, c) => s + cents(c.choreId), 0) + continuousIds.reduce((s, id) => s + cents(id) * homeDays, 0);
      return {
        childId: child.id,
        displayName: names.get(child.id) ?? '',
        count: dayChoresAhead.length + continuousIds.length * homeDays,
        value: amount(valueCents),
        days: dates.map((date: IsoDate) => ({
          date,
          weekday: weekdayOf(date),
          away: away.has(date),
          ...(away.has(date) ? { awayLabel: away.get(date)! } : {}),
          chores: dayChores
            .filter((c) => c.date === date)
            .map((c) => ({ choreId: c.choreId, name: chores.get(c.choreId)!.name, amount: amount(cents(c.choreId)), firstWins: c.firstWins, kept: c.kept }))
            .sort(byName),
        })),
        continuous: continuousIds.map((id) => ({ choreId: id, name: chores.get(id)!.name, amount: amount(cents(id)) })).sort(byName),
        shortfalls: writes.shortfalls.filter((s) => s.childId === child.id).map(({ category, asked, available }) => ({ category, asked, available })),
      };
    });
  return {
    weekStart,
    seed,
    paused: writes.paused,
    children,
    unassigned: writes.unassigned.filter((u) => chores.has(u.choreId)).map((u) => ({ choreId: u.choreId, name: chores.get(u.choreId)!.name, reason: u.reason })),
  };
}
