import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { longDate } from '../../../../../shared/time';
import { useChores, useDashboard, type ChildDto } from '../../../api/family';
import { LazyChildDialog, LazyChoreDialog, LazyCredentialsDialog, LazyWeeklySchedulerDialog } from '../../../components/dialogs';
import { LazyChoreSettingsDialog } from './dialogs';
import { ParentShell } from '../../../components/parent-shell';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { gettingStartedSteps, progressOf } from '../model/getting-started';
import { ChildProgressCard } from './child-progress-card';
import { useGettingStartedHidden } from './use-getting-started-hidden';

/** Only new families see the guide: its code loads when it is shown. */
const GettingStartedCard = lazy(() => import('./getting-started-card').then((m) => ({ default: m.GettingStartedCard })));
/** Only while a child's tick waits for an OK (issue 19): its code loads when it is shown. */
import { ApprovalsCard } from './approvals-card';
import { MasterChoreListCard } from './master-chore-list-card';
import { QuickActionsCard } from './quick-actions-card';
import { EarningsOverview, StatCards } from './stat-cards';

export interface ParentDashboardPageProps {
  user: { firstName: string; lastName?: string; email: string };
}

type OpenDialog =
  | { kind: 'chore' }
  | { kind: 'child' }
  | { kind: 'settings'; child: ChildDto }
  | { kind: 'scheduler'; childIds: string[] }
  | { kind: 'credentials'; child: ChildDto }
  | null;

/** The signed-in parent's home (spec section 2, "Parent dashboard"). */
function DashboardSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label="Loading the dashboard" />
    </Box>
  );
}

export function ParentDashboardPage({ user }: ParentDashboardPageProps) {
  useDocumentTitle('Parent Dashboard');
  const dashboard = useDashboard();
  const chores = useChores();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const { data, waiting } = useDeferredData(dashboard);
  const [guideHidden, hideGuide] = useGettingStartedHidden(user.email);
  const choreList = chores.data ?? [];
  const guideDone = data ? progressOf(gettingStartedSteps(data.children, choreList)).complete : true;
  const showGuide = Boolean(data) && chores.isSuccess && !guideDone && !guideHidden;
  const newFamily = data !== undefined && data.children.length === 0;
  const waitingForOk = data ? data.children.reduce((sum, c) => sum + (c.waitingCount ?? 0), 0) : 0;
  // Whether the guide shows depends on the chores too: the page waits for them, so the guide never
  // drops in above Quick Actions after they are on screen (a click there landed on the moved page).
  const loading = waiting || chores.isPending;

  return (
    <ParentShell>
      <Box sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1">
          {newFamily ? `Welcome to ChoreQuest, ${user.firstName}!` : `Welcome back, ${user.firstName}!`}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {newFamily ? 'Start with the steps below: in a few minutes your children have their chores.' : 'Here is how your family’s chores are going.'}
        </Typography>
      </Box>

      {loading ? (
        <DashboardSpinner />
      ) : dashboard.isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
              Retry
            </Button>
          }
        >
          The dashboard could not be loaded. Check your connection and try again.
        </Alert>
      ) : (
        // The guide's code loads when it is shown: until it has, the whole content waits with it.
        <Suspense fallback={<DashboardSpinner />}>
          <Stack spacing={{ xs: 2, sm: 3 }}>
            {showGuide && (
              <GettingStartedCard
                childList={data.children}
                chores={choreList}
                onAddChild={() => setDialog({ kind: 'child' })}
                onAddChore={() => setDialog({ kind: 'chore' })}
                onSetLogin={(child) => setDialog({ kind: 'credentials', child })}
                onHide={hideGuide}
              />
            )}
            {waitingForOk > 0 && (
              <Suspense fallback={null}>
                <ApprovalsCard />
              </Suspense>
            )}
            <StatCards stats={data.stats} />
            <EarningsOverview week={data.weekToDateEarned} month={data.monthToDateEarned} year={data.yearToDateEarned} />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, gap: { xs: 2, sm: 3 }, alignItems: 'start' }}>
              <Box component="section" aria-labelledby="daily-progress-title" sx={{ minWidth: 0 }}>
                <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, mb: 1.5 }}>
                  <Typography id="daily-progress-title" variant="h5" component="h2">
                    Children’s Daily Progress
                  </Typography>
                  <Typography component="p" color="text.secondary" sx={{ fontWeight: 700 }}>
                    {longDate(data.today)}
                  </Typography>
                </Stack>
                {data.children.length === 0 ? (
                  <Card sx={{ p: 4, textAlign: 'center' }}>
                    <Typography sx={{ fontWeight: 700, mb: 2 }}>No children added yet</Typography>
                    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ kind: 'child' })}>
                      Add Child
                    </Button>
                  </Card>
                ) : (
                  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' }}>
                    {data.children.map((child) => (
                      <ChildProgressCard
                        key={child.id}
                        child={child}
                        today={data.today}
                        weekday={data.weekday}
                        onChoreSettings={(c) => setDialog({ kind: 'settings', child: c })}
                      />
                    ))}
                  </Box>
                )}
              </Box>
              <Stack spacing={{ xs: 2, sm: 3 }} sx={{ minWidth: 0 }}>
                <QuickActionsCard
                  childList={data.children}
                  onAddChore={() => setDialog({ kind: 'chore' })}
                  onAddChild={() => setDialog({ kind: 'child' })}
                  onSchedule={(childId) => setDialog({ kind: 'scheduler', childIds: [childId] })}
                />
                <MasterChoreListCard chores={chores.data ?? []} loading={chores.isPending} />
              </Stack>
            </Box>
          </Stack>
        </Suspense>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'chore' && <LazyChoreDialog open onClose={close} />}
        {dialog?.kind === 'child' && <LazyChildDialog open onClose={close} />}
        {dialog?.kind === 'settings' && <LazyChoreSettingsDialog open onClose={close} child={dialog.child} />}
        {dialog?.kind === 'scheduler' && <LazyWeeklySchedulerDialog open onClose={close} childIds={dialog.childIds} />}
        {dialog?.kind === 'credentials' && <LazyCredentialsDialog open onClose={close} child={dialog.child} />}
      </Suspense>
    </ParentShell>
  );
}
