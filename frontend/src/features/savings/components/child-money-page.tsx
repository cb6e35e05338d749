import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import type { ChildMoneyDto, GoalDto } from '../../../../../shared/api-types';
import { MAX_ACTIVE_GOALS } from '../../../../../shared/savings-schemas';
import { useChildMoney, useDeleteOwnGoal } from '../api/savings';
import { BrandLogo } from '../../../components/brand-logo';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { failureToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { useAuth } from '../../../api/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMoney, type Money } from '../../../lib/use-money';
import { isActive, removeGoalText } from '../model/goals';
import { BoughtGoals } from './bought-goals';
import { GoalCelebration } from './goal-celebration';
import { GoalProgress } from './goal-progress';
import { Jars } from './jars';
import { SavingsSummaryText } from './savings-summary';
import { KidHistory } from './kid-history';

const LazyGoalDialog = lazy(() => import('./goal-dialog').then((m) => ({ default: m.GoalDialog })));

const HERO_BACKGROUND = 'linear-gradient(135deg, #43289e 0%, #5b3cc4 60%, #7a57e0 100%)';

/** /child/money: only a signed-in child sees it (a parent goes to their dashboard, a signed-out visitor to the child login). */
export function ChildMoneyPage() {
  const auth = useAuth();
  switch (auth.status) {
    case 'loading':
      return <FullPageSpinner />;
    case 'child':
      return <MyMoney />;
    case 'parent':
      return <Navigate to={PATHS.home} replace />;
    case 'signed-out':
      return <Navigate to={PATHS.childLogin} replace />;
  }
}

/** "My money" (issue 22): the child's three jars, their goals and their money week by week. */
function MyMoney() {
  useDocumentTitle('My Money');
  const query = useChildMoney();
  const money = useMoney();
  const data = query.data;
  return (
    <Box
      sx={{ minHeight: '100dvh', bgcolor: 'background.default', backgroundImage: HERO_BACKGROUND, backgroundRepeat: 'no-repeat', backgroundSize: { xs: '100% 230px', sm: '100% 230px' }, pb: { xs: 4, sm: 6 } }}
    >
      <Container component="header" maxWidth="md">
        <Stack direction="row" sx={{ py: 2, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <BrandLogo size={30} color="#fff" />
          <ColorSchemeToggle sx={{ color: '#fff', width: 44, height: 44 }} />
        </Stack>
      </Container>
      <Container component="main" maxWidth="md">
        <Box sx={{ color: '#fff', pb: { xs: 2.5, sm: 3.5 } }}>
          <Button component={RouterLink} to={PATHS.home} startIcon={<ArrowBack />} sx={{ color: '#fff', ml: -1, minHeight: 44, fontWeight: 800 }}>
            My chores
          </Button>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, mt: 0.5 }}>
            My money
          </Typography>
          <Typography sx={{ mt: 0.5, fontWeight: 600, opacity: 0.95 }}>Your jars, your goals and what you earned.</Typography>
        </Box>
        {data ? (
          <MoneySections data={data} money={money} />
        ) : query.isError ? (
          <Card role="alert" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <Typography variant="h5" component="h2">
              We couldn’t load your money
            </Typography>
            <Button onClick={() => void query.refetch()} variant="contained" size="large" startIcon={<RefreshRounded />} sx={{ mt: 3, minHeight: 48 }}>
              Try Again
            </Button>
          </Card>
        ) : (
          <Card sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Loading your money" />
          </Card>
        )}
      </Container>
    </Box>
  );
}

function MoneySections({ data, money }: { data: ChildMoneyDto; money: Money }) {
  const { toast } = useToast();
  const remove = useDeleteOwnGoal();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<GoalDto | null>(null);
  const active = data.goals.filter(isActive);
  const full = active.length >= MAX_ACTIVE_GOALS;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: 'Goal removed', description: `${removing.name} is off your list.` }),
      onError: (error) => toast(failureToast(error, 'Failed to remove the goal. Please try again.')),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      {data.jars && (
        <Card component="section" aria-labelledby="jars-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="jars-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            My jars
          </Typography>
          <Jars data={data} money={money} />
        </Card>
      )}

      <Card component="section" aria-labelledby="goals-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="goals-heading" variant="h5" component="h2">
            My goals
          </Typography>
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)} disabled={full} sx={{ minHeight: 44 }}>
            New goal
          </Button>
        </Stack>
        <SavingsSummaryText data={data} money={money} testId="savings" />
        {active.length === 0 ? (
          <Typography sx={{ mt: 2, fontWeight: 600 }}>No goal yet. What would you like to save for?</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
            {active.map((goal) => (
              <Box component="li" key={goal.id} sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
                <GoalProgress
                  goal={goal}
                  money={money}
                  actions={
                    // A goal a parent set is a parent's to remove (the API says so too).
                    goal.createdBy.role === 'child' ? (
                      <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setRemoving(goal)} sx={{ mt: 0.5, minHeight: 44 }}>
                        Remove {goal.name}
                      </Button>
                    ) : (
                      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
                        Set with {goal.createdBy.name}
                      </Typography>
                    )
                  }
                />
              </Box>
            ))}
          </Box>
        )}
        {full && <Typography sx={{ mt: 1, color: 'text.secondary' }}>That’s {MAX_ACTIVE_GOALS} goals: reach or remove one to add another.</Typography>}
        <BoughtGoals goals={data.goals} money={money} heading={{ variant: 'h6', component: 'h3', mt: 2 }} />
      </Card>

      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <KidHistory jarsOn={Boolean(data.jars)} />
      </Card>

      <GoalCelebration goals={data.goals} />
      {creating && (
        <Suspense fallback={null}>
          <LazyGoalDialog as="child" onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {removing && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={`Remove ${removing.name}?`}
            description={removeGoalText(removing, data)}
            confirmLabel="Remove Goal"
            destructive
            busy={remove.isPending}
            onConfirm={confirmRemove}
            onClose={() => {
              if (!remove.isPending) setRemoving(null);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
