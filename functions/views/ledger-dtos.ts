/**
 * The money ledger's entries and the activity log's events as the API shows them (issue 19,
 * decision 049): amounts in the family currency's decimals, each event's summary in the family's
 * format. The rules and the log's sentences are in functions/domain/ledger.ts.
 */
import type { ActivityEventDto, LedgerEntryDto } from '../../shared/api-types';
import { formatMinor, formatMoney, type MoneyFormat } from '../../shared/money';
import { shortDateIn } from '../../shared/time';
import { describeActivity, type ActivityEvent, type GoalPurchaseRecord, type JarWithdrawalRecord, type LedgerEntry } from '../domain/ledger';
import { jarsDto } from './savings-dtos';

/** A ledger entry as the API shows it, its amount in the family currency's decimals. */
export function ledgerEntryDto(e: LedgerEntry, currency: string): LedgerEntryDto {
  return {
    id: e.entryId,
    childId: e.childId,
    kind: e.kind,
    amount: formatMinor(e.amountCents, currency),
    reason: e.reason,
    at: e.at,
    date: e.date,
    by: e.by.name,
    ...(e.reverses ? { reverses: e.reverses } : {}),
    ...savingsRecordsDto(e, currency),
  };
}

/** An activity event as the API shows it (the actor's id stays inside); its summary writes amounts in the family's format. */
export function activityEventDto(e: ActivityEvent & { entryId?: string }, money: MoneyFormat): ActivityEventDto {
  return {
    id: e.eventId,
    kind: e.kind,
    at: e.at,
    by: { role: e.by.role, name: e.by.name },
    ...(e.childId ? { childId: e.childId } : {}),
    ...(e.childName ? { childName: e.childName } : {}),
    ...(e.amountCents !== undefined ? { amount: formatMinor(e.amountCents, money.currency) } : {}),
    ...(e.choreName ? { choreName: e.choreName } : {}),
    ...(e.date ? { date: e.date } : {}),
    ...(e.text ? { text: e.text } : {}),
    ...(e.method ? { method: e.method } : {}),
    ...(e.waiting ? { waiting: true } : {}),
    ...(e.entryId ? { entryId: e.entryId } : {}),
    ...(e.reverses ? { reverses: e.reverses } : {}),
    ...(e.jars ? { jars: jarsDto(e.jars, money.currency) } : {}),
    ...savingsRecordsDto(e, money.currency),
    summary: describeActivity(e, (minor) => formatMoney(minor, money), (date) => shortDateIn(date, money.locale)),
  };
}

/** A purchase's or a withdrawal's record as the API shows it (issue 22). */
function savingsRecordsDto(e: { goal?: GoalPurchaseRecord; withdrawal?: JarWithdrawalRecord }, currency: string): Pick<ActivityEventDto, 'goal' | 'withdrawal'> {
  return {
    ...(e.goal ? { goal: { id: e.goal.goalId, name: e.goal.name, fromSavings: formatMinor(e.goal.fromSavingsCents, currency), topUp: formatMinor(e.goal.topUpCents, currency) } } : {}),
    ...(e.withdrawal ? { withdrawal: { jar: e.withdrawal.jar, amount: formatMinor(e.withdrawal.cents, currency) } } : {}),
  };
}
