import BeachAccess from '@mui/icons-material/BeachAccess';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { plainDate } from '../../../../../shared/rhythm';
import { isIsoDate, type IsoDate } from '../../../../../shared/time';
import { useFamilyPause } from '../../../api/planner';
import { useResumeFamily, useSetFamilyPause } from '../api/account';
import { failureToast, useToast } from '../../../components/toast';
import { SettingsCard } from './account-area';

/** The pause's state in words: "Paused from 20 Dec 2026 until 3 Jan 2027". */
export function pauseText(pause: { from: IsoDate; to?: IsoDate }): string {
  return `Paused from ${plainDate(pause.from)}${pause.to ? ` until ${plainDate(pause.to)}` : ' until you resume'}`;
}

/**
 * "Pause the whole family" (issue 21): a vacation. No chore is given on its days, and it breaks no
 * streak or goal. GET/PUT/DELETE /api/family/pause.
 */
export function FamilyPauseCard({ today }: { today: IsoDate }) {
  const { toast } = useToast();
  const pause = useFamilyPause();
  const set = useSetFamilyPause();
  const resume = useResumeFamily();
  const [from, setFrom] = useState<IsoDate>(today);
  const [until, setUntil] = useState<IsoDate>('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = set.isPending || resume.isPending;

  const start = () => {
    const issue = !isIsoDate(from) ? 'Pick the first day of the pause.' : until && (!isIsoDate(until) || until < from) ? 'The pause ends before it starts.' : null;
    setProblem(issue);
    if (issue) return;
    set.mutate(
      { from, ...(until ? { to: until } : {}) },
      {
        onSuccess: (next) => toast({ title: 'The whole family is paused', description: next.pause ? `${pauseText(next.pause)}.` : undefined }),
        onError: (error) => toast(failureToast(error, 'Failed to pause the family. Please try again.')),
      },
    );
  };
  const stop = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast({ title: 'Chores are back on', description: 'The next plan gives chores again.' }),
      onError: (error) => toast(failureToast(error, 'Failed to resume. Please try again.')),
    });

  return (
    <SettingsCard
      icon={<BeachAccess />}
      title="Pause the whole family"
      description="Going on holiday? While the family is paused no chores are given, and no streak or goal is broken."
    >
      {pause.isPending ? (
        <CircularProgress size={24} aria-label="Loading the family’s pause" />
      ) : pause.isError ? (
        <Alert severity="error">We could not load the family’s pause. Please refresh the page to try again.</Alert>
      ) : pause.data.pause ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1, fontWeight: 700 }} data-testid="family-pause-state">
            {pauseText(pause.data.pause)}.
          </Typography>
          <Button variant="contained" onClick={stop} disabled={busy}>
            {resume.isPending ? 'Resuming...' : 'Resume'}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField type="date" label="Pause from" value={from} onChange={(e) => setFrom(e.target.value)} disabled={busy} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField
              type="date"
              label="Until (optional)"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              disabled={busy}
              helperText="Empty: until you resume"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          {problem && (
            <Alert severity="warning" role="alert">
              {problem}
            </Alert>
          )}
          <Button variant="outlined" onClick={start} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {set.isPending ? 'Pausing...' : 'Pause the family'}
          </Button>
        </Stack>
      )}
    </SettingsCard>
  );
}
