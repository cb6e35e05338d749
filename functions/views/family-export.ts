/**
 * "Download our data" (issue 11): the family's partition, read whole, as one JSON file, and its
 * completions and payouts as CSV files. What is never in them: password hashes and login records
 * (other partitions, not read), link tokens and invitation hashes, session records, report claims
 * and rate-limit counters. Pure: functions/http/export.ts reads the items (data/family/family-items.ts sorts them).
 *
 * Amounts (issue 22): the JSON keeps machine-readable decimal strings in the currency's decimals
 * ("12.50", JPY "500") and names the currency and locale under `family`; the CSV files write them
 * as the family reads money (`formatMoney`: "12,50 €") with a `currency` column last.
 */
import type { FamilyExportDto } from '../../shared/api-types';
import { formatMinor, formatMoney } from '../../shared/money';
import { weekdayOf, type IsoDate } from '../../shared/time';
import { familyMoney, isOwner } from '../data/family/accounts';
import { childSavings } from '../data/family/children';
import type { FamilyItems } from '../data/family/family-items';
import { isPaidRound } from '../domain/ledger';
import { savingsOf, type JarAmounts } from '../domain/savings';
import { choreDto } from './assignment-dtos';
import { profileDto } from './family-dtos';
import { activityEventDto, ledgerEntryDto } from './ledger-dtos';

const byDate = <T>(key: (t: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b));

export function familyExport(f: FamilyItems, now: Date): FamilyExportDto {
  const money = familyMoney(f.family);
  const amount = (minor: number) => formatMinor(minor, money.currency);
  const jarsDto = (j: JarAmounts) => ({ spend: amount(j.spend), save: amount(j.save), give: amount(j.give) });
  const childOf = new Map(f.children.map((c) => [c.childId, c]));
  const paid = (childId: string, round: number | undefined) => {
    const child = childOf.get(childId);
    return child ? isPaidRound(round, child) : false;
  };
  // Issue 21: the family's pause (null when not paused); chores carry rhythm/who and children their availability (their DTOs).
  // Issue 22: the currency the amounts are in and the locale the family reads them in.
  const family: FamilyExportDto['family'] = {
    id: f.family.familyId,
    timeZone: f.family.timeZone,
    createdAt: f.family.createdAt,
    pause: f.family.pause ?? null,
    currency: money.currency,
    locale: money.locale,
  };
  return {
    format: 'chorequest-family-export',
    version: 1,
    exportedAt: now.toISOString(),
    family,
    parents: [...f.parents].sort(byDate((p) => p.createdAt)).map((p) => ({
      id: p.parentId,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      emailVerified: p.emailVerified === true,
      weeklyReport: p.weeklyReport === true,
      isOwner: isOwner(f.family, p.parentId),
      joinedAt: p.createdAt,
    })),
    invitations: f.invitations
      .filter((i) => i.expiresAt * 1000 > now.getTime())
      .map((i) => ({ email: i.email, invitedBy: i.inviterName, createdAt: i.createdAt, expiresAt: new Date(i.expiresAt * 1000).toISOString() })),
    children: [...f.children].sort(byDate((c) => c.createdAt)).map((c) => ({ ...profileDto(c), owed: amount(Math.max(0, c.unpaidCents ?? 0)), createdAt: c.createdAt })),
    chores: [...f.chores].sort(byDate((c) => c.createdAt)).map((c) => choreDto(c, money)),
    assignments: [...f.dated].sort(byDate((a) => `${a.assignedDate}#${a.childId}#${a.chore.name}`)).map((a) => ({
      id: a.assignmentId,
      childId: a.childId,
      choreId: a.choreId,
      chore: { name: a.chore.name, category: a.chore.category, amount: amount(a.chore.amountCents) },
      weekStart: a.weekStart,
      assignedDate: a.assignedDate,
      dayOfWeek: a.dayOfWeek,
      source: a.source,
      completedAt: a.isCompleted ? (a.completedAt ?? null) : null,
      // A tick waiting for a parent's OK has earned nothing yet (issue 19).
      earned: amount(a.isCompleted && !a.waiting ? (a.earnedCents ?? 0) : 0),
      paid: a.isCompleted && !a.waiting && paid(a.childId, a.payoutRound),
      waiting: a.isCompleted && a.waiting === true,
    })),
    continuousAssignments: [...f.continuous].sort(byDate((c) => c.createdAt)).map((c) => ({
      id: c.assignmentId,
      childId: c.childId,
      choreId: c.choreId,
      daysOfWeek: c.daysOfWeek,
      completions: Object.entries(c.completions ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, done]) => ({ date: date as IsoDate, earned: amount(done.waiting ? 0 : done.cents), completedAt: done.at, paid: !done.waiting && paid(c.childId, done.round), waiting: done.waiting === true })),
    })),
    payouts: [...f.payouts]
      .sort(byDate((p) => p.paidAt))
      .map((p) => ({ childId: p.childId, amount: amount(p.amountCents), paidAt: p.paidAt, paidBy: p.paidByName ?? null, part: p.part === true, method: p.method ?? null, note: p.note ?? null, jars: p.jars ? jarsDto(p.jars) : null })),
    savings: [...f.children].sort(byDate((c) => c.createdAt)).map((c) => {
      const s = childSavings(c);
      return { childId: c.childId, savings: amount(savingsOf(s, money.jars !== null)), jars: money.jars ? jarsDto(s.jars) : null };
    }),
    goals: [...f.goals].sort(byDate((g) => `${g.createdAt}#${g.goalId}`)).map((g) => ({
      id: g.goalId,
      childId: g.childId,
      name: g.name,
      icon: g.icon,
      target: amount(g.targetCents),
      topUpPercent: g.topUpPercent,
      createdAt: g.createdAt,
      createdBy: { role: g.createdBy.role, name: g.createdBy.name },
      reachedAt: g.reachedAt ?? null,
      celebrated: g.celebratedAt !== undefined,
      bought: g.bought ? { at: g.bought.at, by: g.bought.by.name, fromSavings: amount(g.bought.fromSavingsCents), topUp: amount(g.bought.topUpCents) } : null,
    })),
    adjustments: [...f.ledger].sort(byDate((e) => e.at)).map((e) => ledgerEntryDto(e, money.currency)),
    activity: [...f.activity].sort(byDate((e) => e.at)).map((e) => activityEventDto(e, money)),
    earnings: {
      weeks: [...f.weekEarnings].sort(byDate((e) => `${e.period}#${e.childId}`)).map((e) => ({ childId: e.childId, weekStart: e.period as IsoDate, earned: amount(e.cents), completions: e.count })),
      months: [...f.monthEarnings].sort(byDate((e) => `${e.period}#${e.childId}`)).map((e) => ({ childId: e.childId, month: e.period, earned: amount(e.cents), completions: e.count })),
    },
  };
}

// ---- CSV ------------------------------------------------------------------------------------------

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, return first) gets a leading apostrophe
 * (OWASP "CSV injection"); plain numbers are left alone.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows with a header, CRLF line ends (RFC 4180) and a byte order mark so spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export const COMPLETIONS_HEADER = ['date', 'weekday', 'child', 'chore', 'category', 'amount', 'completed_at', 'paid', 'kind', 'currency'] as const;

/** One row per completed chore-day, oldest first: dated assignments and continuous chores' days. */
export function completionsCsv(f: FamilyItems): string {
  const money = familyMoney(f.family);
  const shown = (minor: number) => formatMoney(minor, money);
  const childOf = new Map(f.children.map((c) => [c.childId, c]));
  const name = (childId: string) => childOf.get(childId)?.displayName ?? childId;
  const paid = (childId: string, round: number | undefined) => {
    const child = childOf.get(childId);
    return child ? isPaidRound(round, child) : false;
  };
  // A tick waiting for a parent's OK (issue 19) has earned nothing yet: "waiting" instead of yes/no.
  const paidColumn = (childId: string, round: number | undefined, waiting: boolean | undefined) => (waiting ? 'waiting' : paid(childId, round) ? 'yes' : 'no');
  const rows: [IsoDate, ...(string | boolean)[]][] = [
    ...f.dated
      .filter((a) => a.isCompleted)
      .map((a): [IsoDate, ...(string | boolean)[]] => [a.assignedDate, a.dayOfWeek, name(a.childId), a.chore.name, a.chore.category, shown(a.waiting ? 0 : (a.earnedCents ?? 0)), a.completedAt ?? '', paidColumn(a.childId, a.payoutRound, a.waiting), 'dated', money.currency]),
    ...f.continuous.flatMap((c) =>
      Object.entries(c.completions ?? {}).map(([date, done]): [IsoDate, ...(string | boolean)[]] => [date as IsoDate, weekdayOf(date as IsoDate), name(c.childId), c.chore.name, c.chore.category, shown(done.waiting ? 0 : done.cents), done.at, paidColumn(c.childId, done.round, done.waiting), 'continuous', money.currency]),
    ),
  ];
  rows.sort((a, b) => a[0].localeCompare(b[0]) || String(a[2]).localeCompare(String(b[2])) || String(a[3]).localeCompare(String(b[3])));
  return toCsv(COMPLETIONS_HEADER, rows);
}

export const PAYOUTS_HEADER = ['paid_at', 'child', 'amount', 'paid_by', 'part', 'method', 'note', 'currency'] as const;

export function payoutsCsv(f: FamilyItems): string {
  const money = familyMoney(f.family);
  const childOf = new Map(f.children.map((c) => [c.childId, c]));
  const rows = [...f.payouts]
    .sort(byDate((p) => p.paidAt))
    .map((p) => [p.paidAt, childOf.get(p.childId)?.displayName ?? p.childId, formatMoney(p.amountCents, money), p.paidByName ?? '', p.part ? 'yes' : 'no', p.method ?? '', p.note ?? '', money.currency]);
  return toCsv(PAYOUTS_HEADER, rows);
}

/** A file name part from the family's name or anything a user typed: ASCII letters, digits and dashes. */
export const fileNamePart = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
