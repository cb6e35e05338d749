/**
 * One chore-day of an assignment: a dated assignment's own day, or one day of a continuous one.
 * What the completion writes change (data/ticks/completion-writes.ts) and what their transaction's sender
 * tells apart (data/ticks/completion-transaction.ts).
 */
import type { IsoDate } from '../../../shared/time';
import type { ContinuousItem, DatedAssignmentItem } from '../planning/assignments';

export type DatedDay = { kind: 'dated'; item: DatedAssignmentItem; date: IsoDate };
export type ContinuousDay = { kind: 'continuous'; item: ContinuousItem; date: IsoDate };
export type ChoreDay = DatedDay | ContinuousDay;

export const datedDay = (item: DatedAssignmentItem): DatedDay => ({ kind: 'dated', item, date: item.assignedDate });
export const continuousDay = (item: ContinuousItem, date: IsoDate): ContinuousDay => ({ kind: 'continuous', item, date });
