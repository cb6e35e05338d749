/**
 * What the weekly e-mail report says about a family (functions/email/templates.ts renders it): last
 * week per child with the same figures as the printable report (done of assigned, earned, paid out,
 * owed now, and who paid out), and the week just handed out per child (chore-days and what they are
 * worth together). Pure: the report mailer reads the items (functions/jobs/report-mail/send-report.ts).
 */
import type { MoneyFormat } from '../../shared/money';
import type { IsoDate } from '../../shared/time';
import type { ContinuousItem, DatedAssignmentItem } from '../data/planning/assignments';
import type { ChildItem, PayoutItem } from '../data/family/children';
import type { NewWeekChild, WeeklyReportChild, WeeklyReportInput } from '../email/templates';
import type { LedgerEntry } from '../domain/ledger';
import type { DateRange } from '../../shared/planning';
import { adjustmentLine, buildReport, waitingLine, type WaitingTick } from './weekly-report';

export interface WeeklyEmailData {
  /** The week the report is about (the one that has just ended). */
  lastWeek: IsoDate;
  /** The week that has just been handed out. */
  newWeek: IsoDate;
  /** When the new week began (ISO instant, the family's Sunday 00:00): continuous chores handed out from then on are the new week's. */
  newWeekBegan: string;
  children: ChildItem[];
  /** Dated assignments of both weeks. */
  dated: DatedAssignmentItem[];
  continuous: ContinuousItem[];
  /** Payouts made during the last week. */
  payouts: PayoutItem[];
  /** Bonuses, deductions and reversals of the last week (issue 19). */
  ledger?: LedgerEntry[];
  /** Ticks still waiting for a parent's OK. */
  waiting?: WaitingTick[];
  /** The family's currency and locale (issue 22): the e-mail writes every amount in them. */
  money: MoneyFormat;
  /** The family's time zone (days before an assignment was made are not counted). */
  timeZone: string;
  /** The family's pause (an ongoing chore is not due on its days: issue 29 point 7). */
  familyPause?: DateRange | null;
}

export type WeeklyEmailContent = Pick<WeeklyReportInput, 'weekStart' | 'children' | 'newWeek' | 'money'>;

export function weeklyEmailContent(data: WeeklyEmailData): WeeklyEmailContent {
  const report = buildReport({
    weekStart: data.lastWeek,
    children: data.children,
    dated: data.dated.filter((a) => a.weekStart === data.lastWeek),
    // Continuous chores the Sunday run has just handed out belong to the new week, not the last.
    continuous: data.continuous.filter((c) => c.createdAt < data.newWeekBegan),
    payouts: data.payouts,
    ledger: data.ledger ?? [],
    waiting: data.waiting ?? [],
    timeZone: data.timeZone,
    familyPause: data.familyPause ?? null,
  });
  const children: WeeklyReportChild[] = report.children.map((c) => ({
    name: c.child.displayName,
    done: c.done,
    assigned: c.assigned,
    // Issue 29: earned is chores plus bonuses and deductions (as the cards and the printable report say), with its parts.
    earnedCents: c.earnedCents + c.adjustedCents,
    choresCents: c.earnedCents,
    adjustedCents: c.adjustedCents,
    paidOutCents: c.paidOutCents,
    owedCents: c.owedCents,
    payouts: c.payouts.map((p) => ({ by: p.paidByName || 'A parent', cents: p.amountCents })),
    adjustments: c.adjustments.map((e) => adjustmentLine(e, data.money)),
    waiting: c.waiting.map((w) => waitingLine(w, data.money)),
  }));
  const next: NewWeekChild[] = report.children.map(({ child }) => {
    const dated = data.dated.filter((a) => a.weekStart === data.newWeek && a.childId === child.childId);
    // A continuous chore is a chore-day on each of its days (every day when it names none).
    const continuous = data.continuous.filter((c) => c.childId === child.childId).map((c) => ({ days: c.daysOfWeek.length || 7, cents: c.chore.amountCents }));
    return {
      name: child.displayName,
      chores: dated.length + continuous.reduce((s, c) => s + c.days, 0),
      rewardCents: dated.reduce((s, a) => s + a.chore.amountCents, 0) + continuous.reduce((s, c) => s + c.days * c.cents, 0),
    };
  });
  return { weekStart: data.lastWeek, children, newWeek: { weekStart: data.newWeek, children: next }, money: data.money };
}
