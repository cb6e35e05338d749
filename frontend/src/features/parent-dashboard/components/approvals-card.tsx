import CheckRounded from '@mui/icons-material/CheckRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import type { ApprovalItemDto } from '../../../../../shared/api-types';
import { shortDate } from '../../../../../shared/time';
import { useApproveAll, useApprovals, useApprove } from '../api/parent-dashboard';
import { LazySendBackDialog } from './dialogs';
import { failureToast, useToast } from '../../../components/toast';
import { useMoney } from '../../../lib/use-money';

type Group = { childId: string; displayName: string; items: ApprovalItemDto[] };

/**
 * "Waiting for your OK" (issue 19): every tick waiting for a parent's OK, per child, each with
 * Approve and Send back (with a note the child sees), and Approve all per child. The dashboard
 * shows it only while something waits; each change refreshes the dashboard, so earnings move.
 */
export function ApprovalsCard() {
  const approvals = useApprovals(true);
  const headingId = useId();
  const [sendingBack, setSendingBack] = useState<{ item: ApprovalItemDto; childName: string } | null>(null);
  const data = approvals.data;
  if (!data || data.count === 0) return null;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, borderLeft: 6, borderColor: 'secondary.main' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <HourglassTopRounded sx={{ color: 'tone.sun.fg' }} aria-hidden />
        <Typography id={headingId} variant="h5" component="h2">
          Waiting for your OK
        </Typography>
        <Chip label={`${data.count} waiting`} size="small" sx={{ fontWeight: 800, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg' }} data-testid="approvals-count" />
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        These chores were ticked by your children. They count once you approve them; send one back with a note if it is not done yet.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {data.children.map((group) => (
          <ChildApprovals key={group.childId} group={group} onSendBack={(item) => setSendingBack({ item, childName: group.displayName })} />
        ))}
      </Box>
      {sendingBack && (
        <Suspense fallback={null}>
          <LazySendBackDialog item={sendingBack.item} childName={sendingBack.childName} onClose={() => setSendingBack(null)} />
        </Suspense>
      )}
    </Card>
  );
}

function ChildApprovals({ group, onSendBack }: { group: Group; onSendBack: (item: ApprovalItemDto) => void }) {
  const money = useMoney();
  const headingId = useId();
  const { toast } = useToast();
  const approveAll = useApproveAll();
  // mutateAsync, not mutate's callbacks: the refresh after an approval removes this child's group
  // (and the card, when nothing waits any more) before mutate's own callbacks would run.
  const runApproveAll = () =>
    approveAll.mutateAsync(group.childId).then(
      (result) =>
        toast({ title: 'All approved', description: `${result.approved} ${result.approved === 1 ? 'chore' : 'chores'} of ${group.displayName} now count: +${money.amount(result.amount)}.` }),
      (error: unknown) => toast(failureToast(error, 'Failed to approve. Please try again.')),
    );
  return (
    <Box component="article" aria-labelledby={headingId} sx={{ p: 1.5, borderRadius: 3, bgcolor: 'tone.tint', border: 1, borderColor: 'divider', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {group.displayName}{' '}
          <Typography component="span" color="text.secondary" sx={{ fontWeight: 700 }}>
            ({group.items.length})
          </Typography>
        </Typography>
        {group.items.length > 0 && (
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<DoneAllRounded />}
            onClick={runApproveAll}
            disabled={approveAll.isPending}
            aria-label={`Approve all for ${group.displayName}`}
          >
            {approveAll.isPending ? 'Approving...' : 'Approve all'}
          </Button>
        )}
      </Stack>
      <Box component="ul" aria-label={`${group.displayName}’s chores waiting for your OK`} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
        {group.items.map((item) => (
          <ApprovalRow key={`${item.assignmentId}@${item.date}`} item={item} childName={group.displayName} busy={approveAll.isPending} onSendBack={() => onSendBack(item)} />
        ))}
      </Box>
    </Box>
  );
}

function ApprovalRow({ item, childName, busy, onSendBack }: { item: ApprovalItemDto; childName: string; busy: boolean; onSendBack: () => void }) {
  const money = useMoney();
  const { toast } = useToast();
  const approve = useApprove();
  const label = `${item.choreName}, ${shortDate(item.date)}`;
  // As above: the row is gone after the refresh, so the toast follows the promise.
  const run = () =>
    approve.mutateAsync({ assignmentId: item.assignmentId, ...(item.isContinuous ? { date: item.date } : {}) }).then(
      () => toast({ title: 'Approved', description: `${item.choreName} now counts for ${childName}: +${money.amount(item.amount)}.` }),
      (error: unknown) => toast(failureToast(error, 'Failed to approve. Please try again.')),
    );
  return (
    <Box
      component="li"
      data-testid="approval-item"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{item.choreName}</Typography>
        <Typography variant="body2" color="text.secondary">
          {shortDate(item.date)} · <Box component="span" sx={{ fontWeight: 800, color: 'success.main' }}>{money.amount(item.amount)}</Box>
        </Typography>
      </Box>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<ReplayRounded />} onClick={onSendBack} disabled={busy || approve.isPending} aria-label={`Send back ${label}`}>
          Send back
        </Button>
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckRounded />}
          onClick={run}
          disabled={busy || approve.isPending}
          aria-label={`Approve ${label}`}
        >
          Approve
        </Button>
      </Stack>
    </Box>
  );
}
