/**
 * Who gets the weekly report, checked when the Sunday worker queues it and again when the report
 * mailer sends it. Apart from the mailer's code, so the worker's bundle does not carry SES and the
 * e-mail templates.
 */
import type { ParentItem } from '../../data/family/accounts';

export type SkipReason = 'family-gone' | 'parent-gone' | 'turned-off' | 'unconfirmed' | 'undeliverable';

/** Why a parent should not get the weekly report now; undefined when they should. */
export function reportSkipReason(parent: ParentItem | undefined): Exclude<SkipReason, 'family-gone'> | undefined {
  if (!parent) return 'parent-gone';
  if (!parent.weeklyReport) return 'turned-off';
  if (!parent.emailVerified) return 'unconfirmed';
  if (parent.emailUndeliverable) return 'undeliverable';
  return undefined;
}
