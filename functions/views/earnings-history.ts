/** A child's earnings per week (domain/earnings-history.ts) as the API answers them and the weekly report charts them. */
import type { EarningsHistoryDto, EarningsWeekDto } from '../../shared/api-types';
import { formatMinor } from '../../shared/money';
import type { WeekEarnings } from '../domain/earnings-history';

/** The history as the API answers it, amounts in the family currency's decimals. */
export function earningsHistoryDto(childId: string, weeks: readonly WeekEarnings[], currency: string): EarningsHistoryDto {
  const dto: EarningsWeekDto[] = weeks.map((w) => ({
    weekStart: w.weekStart,
    amount: formatMinor(w.cents, currency),
    completed: w.completed,
    paid: formatMinor(w.paidCents ?? 0, currency),
    saved: formatMinor(w.savedCents ?? 0, currency),
    gave: formatMinor(w.gaveCents ?? 0, currency),
  }));
  return { childId, weeks: dto, total: formatMinor(weeks.reduce((sum, w) => sum + w.cents, 0), currency) };
}
