/**
 * The weekly report e-mail (the Sunday job's, one per parent who asked for it): last week per child,
 * what the new week holds. Words as in ./templates.ts; amounts in the family's money format.
 */
import { PRODUCT_NAME } from '../../shared/brand';
import { formatMoney, type MoneyFormat } from '../../shared/money';
import { addDays, longDate, monthDay, type IsoDate } from '../../shared/time';
import type { EmailMessage } from '../lib/mailer';
import { hi, renderEmail, type Block } from './layout';

export interface WeeklyReportChild {
  name: string;
  done: number;
  assigned: number;
  /** Earned last week: chores plus bonuses and deductions (issue 29: the same figure as the cards and the printable report). */
  earnedCents: number;
  /** Its parts: chores, and bonuses and deductions (the e-mail names them when there are bonuses or deductions). */
  choresCents?: number;
  adjustedCents?: number;
  paidOutCents: number;
  owedCents: number;
  /** Last week's payouts of this child and the parent who made each (the payout ledger). */
  payouts?: readonly { by: string; cents: number }[];
  /** Last week's bonuses, deductions and reversals, as lines ("Bonus +$2.00: Helped Grandma (Alex)"). */
  adjustments?: readonly string[];
  /** Ticks still waiting for a parent's OK, as lines ("Dishes (Tue, Nov 24) $1.50"). */
  waiting?: readonly string[];
}

export interface NewWeekChild {
  name: string;
  /** Chore-days handed out for the new week. */
  chores: number;
  /** What all of them together are worth. */
  rewardCents: number;
}

export interface WeeklyReportInput {
  firstName: string;
  /** The Sunday of the week the report is about. */
  weekStart: IsoDate;
  children: readonly WeeklyReportChild[];
  /** The week that has just been handed out. */
  newWeek: { weekStart: IsoDate; children: readonly NewWeekChild[] };
  /** The parent dashboard. */
  dashboardUrl: string;
  /** The signed one-click unsubscribe link (GET: a page with a button; POST: unsubscribes). */
  unsubscribeUrl: string;
  /** The family's currency and locale: every amount is written in them ("12,50 €"; issue 22). */
  money: MoneyFormat;
}

const sum = <T>(items: readonly T[], f: (t: T) => number) => items.reduce((s, t) => s + f(t), 0);

export function weeklyReportEmail(input: WeeklyReportInput): EmailMessage {
  const weekEnd = addDays(input.weekStart, 6);
  const kids = input.children;
  const done = sum(kids, (c) => c.done);
  const assigned = sum(kids, (c) => c.assigned);
  const earned = sum(kids, (c) => c.earnedCents);
  const money = (minor: number) => formatMoney(minor, input.money);
  const payoutNotes: Block[] = [
    ...kids.flatMap((c) => (c.waiting?.length ? [{ note: `${c.name}: ${c.waiting.length} waiting for your OK: ${c.waiting.join(', ')}.` }] : [])),
    ...kids.flatMap((c) =>
      c.adjustedCents && c.choresCents !== undefined
        ? [{ note: `${c.name} earned ${money(c.earnedCents)}: ${money(c.choresCents)} from chores, bonuses and deductions ${c.adjustedCents < 0 ? '−' : '+'}${money(Math.abs(c.adjustedCents))}.` }]
        : [],
    ),
    ...kids.flatMap((c) => (c.adjustments ?? []).map((line) => ({ note: `${c.name}: ${line}` }))),
    ...kids.flatMap((c) => (c.payouts ?? []).map((p) => ({ note: `${p.by} paid out ${money(p.cents)} to ${c.name}.` }))),
  ];

  const lastWeek: Block[] = kids.length
    ? [
        {
          table: {
            caption: `${longDate(input.weekStart)} to ${longDate(weekEnd)}`,
            columns: [{ label: 'Child' }, { label: 'Done', align: 'right', nowrap: true }, { label: 'Earned', align: 'right', nowrap: true }, { label: 'Paid out', align: 'right', nowrap: true }, { label: 'Owed', align: 'right', nowrap: true }],
            rows: kids.map((c) => [c.name, `${c.done} of ${c.assigned}`, money(c.earnedCents), money(c.paidOutCents), money(c.owedCents)]),
            ...(kids.length > 1
              ? { footer: ['Family', `${done} of ${assigned}`, money(earned), money(sum(kids, (c) => c.paidOutCents)), money(sum(kids, (c) => c.owedCents))] }
              : {}),
          },
        },
        ...payoutNotes,
      ]
    : [{ paragraph: `There are no children in your family yet. Add them in ${PRODUCT_NAME} and they will show up here next week.` }];

  const next = input.newWeek.children;
  const newWeek: Block[] = next.length
    ? [
        { subheading: 'This week' },
        {
          table: {
            caption: `Handed out for the week of ${longDate(input.newWeek.weekStart)}`,
            columns: [{ label: 'Child' }, { label: 'Chores', align: 'right' }, { label: 'To earn', align: 'right' }],
            rows: next.map((c) => [c.name, String(c.chores), money(c.rewardCents)]),
          },
        },
      ]
    : [];

  return renderEmail({
    kind: 'weekly-report',
    subject: `Your ${PRODUCT_NAME} week: ${monthDay(input.weekStart)} – ${monthDay(weekEnd)}`,
    preheader: kids.length ? `${done} of ${assigned} chores done, ${money(earned)} earned. Here is how each child did.` : 'Your weekly report.',
    heading: 'Your weekly report',
    blocks: [{ paragraph: hi(input.firstName) }, { paragraph: 'Here is how last week went, and what the new week holds.' }, { subheading: 'Last week' }, ...lastWeek, ...newWeek],
    action: { label: `Open ${PRODUCT_NAME}`, url: input.dashboardUrl },
    footer: `You are getting this email because the weekly report is turned on in your ${PRODUCT_NAME} account settings.`,
    unsubscribe: { url: input.unsubscribeUrl, label: 'Unsubscribe from the weekly report' },
  });
}

