/**
 * A family's partition, read whole for "Download our data" (issue 11; views/family-export.ts writes
 * the files), sorted by item type. Only the kinds listed here are kept: password hashes and login
 * records live in other partitions, and tokens, invitation hashes, sessions, report claims and
 * rate-limit counters are dropped here.
 */
import type { ActivityEvent, LedgerEntry } from '../../domain/ledger';
import type { Goal } from '../../domain/savings';
import type { FamilyItem, ParentItem } from './accounts';
import type { ContinuousItem, DatedAssignmentItem, EarningsItem } from '../planning/assignments';
import type { ChildItem, PayoutItem } from './children';
import type { ChoreItem } from '../planning/chores';
import type { InvitationItem } from './co-parents';
import { ITEM_TYPES } from '../keys';

/** The family's items by kind; everything else in the partition (tokens, sessions, markers) is left out. */
export interface FamilyItems {
  family: FamilyItem;
  parents: ParentItem[];
  invitations: InvitationItem[];
  children: ChildItem[];
  chores: ChoreItem[];
  dated: DatedAssignmentItem[];
  continuous: ContinuousItem[];
  payouts: PayoutItem[];
  weekEarnings: EarningsItem[];
  monthEarnings: EarningsItem[];
  ledger: LedgerEntry[];
  activity: ActivityEvent[];
  /** Issue 22: savings goals. */
  goals: Goal[];
}

/** Sorts a partition's items by their `type`; unknown and secret-bearing types are dropped. */
export function sortFamilyItems(family: FamilyItem, items: readonly ({ type?: string } & Record<string, unknown>)[]): FamilyItems {
  const of = <T>(type: string) => items.filter((i) => i.type === type) as unknown as T[];
  return {
    family,
    parents: of<ParentItem>(ITEM_TYPES.parent),
    invitations: of<InvitationItem>(ITEM_TYPES.invitation),
    children: of<ChildItem>(ITEM_TYPES.child),
    chores: of<ChoreItem>(ITEM_TYPES.chore),
    dated: of<DatedAssignmentItem>(ITEM_TYPES.assignment),
    continuous: of<ContinuousItem>(ITEM_TYPES.continuous),
    payouts: of<PayoutItem>(ITEM_TYPES.payout),
    weekEarnings: of<EarningsItem>(ITEM_TYPES.weekEarnings),
    monthEarnings: of<EarningsItem>(ITEM_TYPES.monthEarnings),
    ledger: of<LedgerEntry>(ITEM_TYPES.ledgerEntry),
    activity: of<ActivityEvent>(ITEM_TYPES.activity),
    goals: of<Goal>(ITEM_TYPES.goal),
  };
}
