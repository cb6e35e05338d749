/**
 * Issue 19's query keys, shared by the features that read the money ledger (the activity log, a
 * child's own log, a parent's OK before a child's tick counts). Query keys are API paths, as in
 * ./family; every change refreshes the family's data there (refreshFamily covers the log and the
 * approvals too). The hooks live beside the features: features/{activity,child-dashboard,
 * parent-dashboard,children,account}/api.
 */
import type { ActivityEventDto, ActivityPageDto, ApprovalsDto, ApproveAllDto, LedgerEntryDto } from '../../../shared/api-types';
import { apiPath } from '../lib/api';

export type { ActivityEventDto, ActivityPageDto, ApprovalsDto, ApproveAllDto, LedgerEntryDto };

export const ledgerKeys = {
  /** The family's log (all children, or one), every page loaded so far. */
  familyActivity: (childId?: string) => [apiPath('GET /api/family/activity', undefined, childId ? { child: childId } : undefined), 'pages'] as const,
  childActivity: [apiPath('GET /api/child/activity'), 'pages'] as const,
  approvals: [apiPath('GET /api/family/approvals')] as const,
};
