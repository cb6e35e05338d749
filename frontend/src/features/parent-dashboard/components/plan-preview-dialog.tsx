/**
 * The week's plan before "Reassign Weekly Chores" writes it (issue 21): per child the chore-days,
 * what they would pay and on which days (away days marked), another plan from a new seed, next
 * week's plan (what the Sunday job would give; view only) and the chores no child can take.
 * "Apply this plan" reassigns with the plan's seed, with Reassign's own toast.
 */
import AutorenewIcon from '@mui/icons-material/Autorenew';
import EventBusy from '@mui/icons-material/EventBusy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlanPreviewChildDto, PlanPreviewDto } from '../../../../../shared/api-types';
import { SHORTFALL_REASON, shortfallSentence } from '../../../../../shared/shortfall';
import { addDays, weekRange, type IsoDate } from '../../../../../shared/time';
import { useGenerateWeek } from '../api/parent-dashboard';
import { newSeed } from '../api/parent-dashboard';
import { api } from '../../../lib/api';
import { DialogFrame, useFormDialog } from '../../../components/form/dialog-frame';
import { DAY_SHORT } from '../../../components/form/day-names';
import { useMoney } from '../../../lib/use-money';
import { errorToast } from '../../../components/toast';

export interface PlanPreviewDialogProps {
  /** This week's Sunday (the family's clock). */
  weekStart: IsoDate;
  onClose: () => void;
}

/** A conflict in plain words: "Recycling: no child is home when it is due". */
export function conflictText(u: PlanPreviewDto['unassigned'][number]): string {
  return u.reason === 'no-child-at-home'
    ? `${u.name}: no child is home when it is due this week`
    : `${u.name}: no child can take it (check who does it and the children’s levels)`;
}

export function PlanPreviewDialog({ weekStart, onClose }: PlanPreviewDialogProps) {
  const { toast, frame } = useFormDialog(onClose);
  const generate = useGenerateWeek();
  const [week, setWeek] = useState<'this' | 'next'>('this');
  const [seed, setSeed] = useState<string | undefined>(undefined);
  const shownWeek = week === 'this' ? weekStart : addDays(weekStart, 7);
  const preview = useQuery<PlanPreviewDto>({
    queryKey: ['plan-preview', shownWeek, seed ?? ''],
    queryFn: () => api<PlanPreviewDto>('POST /api/assignments/preview', { weekStart: shownWeek, ...(seed ? { seed } : {}) }),
    gcTime: 0,
  });
  const plan = preview.data;
  const pending = generate.isPending;

  const apply = () => {
    if (!plan) return;
    generate.mutate(plan.seed, {
      onSuccess: () => {
        toast({ title: 'Weekly chores have been reassigned!' });
        onClose();
      },
      onError: () => toast(errorToast('Failed to reassign chores. Please try again.')),
    });
  };

  return (
    <DialogFrame
      {...frame}
      busy={pending}
      maxWidth="md"
      title="Preview the week’s plan"
      subtitle="What each child would get, before anything changes. Try another plan until it looks right."
      actions={
        <>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button startIcon={<AutorenewIcon />} onClick={() => setSeed(newSeed())} disabled={pending || preview.isFetching}>
            Try another plan
          </Button>
          {week === 'this' && (
            <Button variant="contained" onClick={apply} disabled={pending || !plan || preview.isFetching || plan.paused}>
              {pending ? 'Applying...' : 'Apply this plan'}
            </Button>
          )}
        </>
      }
    >
      <Stack spacing={2}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={week}
          onChange={(_, v: 'this' | 'next' | null) => {
            if (v) {
              setWeek(v);
              setSeed(undefined);
            }
          }}
          aria-label="Which week"
        >
          <ToggleButton value="this">This week</ToggleButton>
          <ToggleButton value="next">Next week</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {week === 'this'
            ? `Week of ${weekRange(weekStart)}. Applying replaces this week’s planned chores; ticked and hand-assigned ones stay.`
            : `Week of ${weekRange(shownWeek)}: the Sunday job makes it then, so it may still change. View only.`}
        </Typography>

        {preview.isPending || (preview.isFetching && !plan) ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the plan" />
          </Box>
        ) : preview.isError || !plan ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void preview.refetch()}>
                Try Again
              </Button>
            }
          >
            We could not make a plan. Please try again.
          </Alert>
        ) : (
          <Box aria-busy={preview.isFetching || undefined} sx={{ opacity: preview.isFetching ? 0.6 : 1 }}>
            <PlanBody plan={plan} />
          </Box>
        )}
      </Stack>
    </DialogFrame>
  );
}

function PlanBody({ plan }: { plan: PlanPreviewDto }) {
  return (
    <Stack spacing={2}>
      {plan.paused && <Alert severity="info">The whole family is paused this week: no chores are given.</Alert>}
      {plan.unassigned.length > 0 && (
        <Alert severity="warning" data-testid="plan-conflicts">
          <Typography sx={{ fontWeight: 800 }}>{plan.unassigned.length === 1 ? 'One chore has no one to do it' : `${plan.unassigned.length} chores have no one to do them`}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {plan.unassigned.map((u) => (
              <li key={u.choreId}>{conflictText(u)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {plan.children.length === 0 ? (
        <Typography color="text.secondary">No children yet: add a child to plan a week.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {plan.children.map((child) => (
            <ChildPlan key={child.childId} child={child} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

function ChildPlan({ child }: { child: PlanPreviewChildDto }) {
  const money = useMoney();
  const days = child.days.filter((d) => d.away || d.chores.length > 0);
  const titleId = `plan-${child.childId}`;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: '14px', minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {child.displayName}
        </Typography>
        <Typography sx={{ fontWeight: 800, color: 'success.main', flexShrink: 0 }} data-testid="plan-value">
          {money.amount(child.value)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="plan-count">
        {child.count === 1 ? '1 chore-day' : `${child.count} chore-days`}
      </Typography>
      {child.shortfalls.length > 0 && (
        <Alert severity="info" data-testid="plan-shortfall" sx={{ mt: 1, py: 0 }}>
          {child.shortfalls.map((s) => (
            <Typography key={s.category} variant="body2" sx={{ fontWeight: 700 }}>
              {shortfallSentence(child.displayName, s)}
            </Typography>
          ))}
          <Typography variant="body2">{SHORTFALL_REASON}</Typography>
        </Alert>
      )}
      {days.length === 0 && child.continuous.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Nothing this week.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {days.map((d) => (
            <Box component="li" key={d.date} data-date={d.date} sx={{ display: 'grid', gridTemplateColumns: '44px minmax(0, 1fr)', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 800 }}>
                {DAY_SHORT[d.weekday]}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
                {d.away && (
                  <Chip
                    size="small"
                    icon={<EventBusy aria-hidden />}
                    label={`Away${d.awayLabel && d.awayLabel !== 'Away' ? `: ${d.awayLabel}` : ''}`}
                    sx={{ fontWeight: 700, bgcolor: 'tone.sun.bg', color: 'tone.sun.fg', '& .MuiChip-icon': { color: 'inherit' } }}
                  />
                )}
                {d.chores.map((c) => (
                  <Chip
                    key={c.choreId}
                    size="small"
                    variant="outlined"
                    label={`${c.name}${c.firstWins ? ' (first one wins)' : ''}${c.kept ? ' (kept)' : ''}`}
                    sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            </Box>
          ))}
          {child.continuous.length > 0 && (
            <Box component="li" sx={{ py: 0.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="body2">
                <strong>Ongoing:</strong> {child.continuous.map((c) => c.name).join(', ')}
              </Typography>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
