import ArrowBack from '@mui/icons-material/ArrowBack';
import Insights from '@mui/icons-material/Insights';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useChildren, useChores, useDashboard, type ChildDto } from '../../../api/family';
import { useDeleteChild, useDeleteContinuous } from '../api/children';
import { LazyChildDialog, LazyConfirmDialog, LazyCredentialsDialog, LazyWeeklySchedulerDialog } from '../../../components/dialogs';
import { ParentShell } from '../../../components/parent-shell';
import { errorToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { parseMinor } from '../../../../../shared/money';
import { useMoney } from '../../../lib/use-money';
import { localDate, longDate, mondayFirstNote, weekRange } from '../../../../../shared/time';
import { ChildCard } from './child-card';
import { LazyAdjustmentDialog, LazyPayoutDialog } from './dialogs';
import { ManualAssignmentCard } from './manual-assignment-card';


// Issue 21: the availability editor, loaded on demand (its own chunk).
const LazyPinDialog = lazy(() => import('./pin-dialog').then((m) => ({ default: m.PinDialog })));
const LazyAvailabilityDialog = lazy(() => import('./availability-dialog').then((m) => ({ default: m.AvailabilityDialog })));

export interface ChildrenPageProps {
  user: { firstName: string };
  /** Issue 22: a child's savings goals and jars (the savings feature's dialog, its own lazy chunk); the app composes it in. */
  GoalsDialog: ComponentType<{ child: ChildDto; onClose: () => void }>;
}

type Confirm = { kind: 'delete'; child: ChildDto } | null;
type MoneyDialog = { kind: 'payout' | 'adjustment'; child: ChildDto } | null;
type ChildDialogState = { open: false } | { open: true; child?: ChildDto };

/** Children management (spec section 2, "Children management (/children)"). */
export function ChildrenPage({ user, GoalsDialog }: ChildrenPageProps) {
  const [params] = useSearchParams();
  const filterId = params.get('child');
  const { toast } = useToast();

  const children = useChildren();
  const chores = useChores();
  const dashboard = useDashboard();
  const weekStart = dashboard.data?.weekStart;

  const deleteChild = useDeleteChild();
  const deleteContinuous = useDeleteContinuous();

  const [childDialog, setChildDialog] = useState<ChildDialogState>({ open: false });
  const [credentialsFor, setCredentialsFor] = useState<ChildDto | null>(null);
  const [schedulerFor, setSchedulerFor] = useState<string[] | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [money, setMoney] = useState<MoneyDialog>(null);
  const [availabilityFor, setAvailabilityFor] = useState<ChildDto | null>(null);
  const [pinFor, setPinFor] = useState<ChildDto | null>(null);
  const [goalsFor, setGoalsFor] = useState<ChildDto | null>(null);
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<{ childId: string; choreId: string } | null>(null);

  const all = children.data ?? [];
  const shown = filterId ? all.filter((c) => c.id === filterId) : all;
  const filtered = filterId ? shown[0] : undefined;
  const title = filtered ? `${filtered.displayName} Profile` : 'All Children';
  useDocumentTitle(title);

  const familyMoney = useMoney();
  const owedMinor = shown.reduce((sum, c) => sum + (parseMinor(c.weeklyEarnings, familyMoney.format.currency) ?? 0), 0);
  const busyConfirm = deleteChild.isPending;

  const toggleEditing = (id: string) =>
    setEditing((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runConfirm = () => {
    if (!confirm) return;
    const { child } = confirm;
    deleteChild.mutate(child.id, {
      onSuccess: () => toast({ title: 'Child profile deleted successfully!' }),
      onError: () => toast(errorToast('Failed to delete child profile. Please try again.')),
      onSettled: () => setConfirm(null),
    });
  };

  const removeContinuous = (child: ChildDto, choreId: string, choreName: string) => {
    setRemoving({ childId: child.id, choreId });
    deleteContinuous.mutate(
      { childId: child.id, choreId },
      {
        onSuccess: () => toast({ title: 'Chore removed', description: `${choreName} is no longer assigned to ${child.displayName}.` }),
        onError: () => toast(errorToast('Failed to remove chore. Please try again.')),
        onSettled: () => setRemoving(null),
      },
    );
  };

  const loading = children.isPending || chores.isPending;
  const failed = children.isError || chores.isError;

  return (
    <ParentShell logoutPath="/api/logout">
      <Button component={RouterLink} to={PATHS.home} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Back to Dashboard
      </Button>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' }, mb: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {filtered
              ? `Everything about ${filtered.displayName}'s week in one place.`
              : `${user.firstName ? `${user.firstName}, manage` : 'Manage'} your children's profiles, logins, chores and earnings.`}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', flexShrink: 0 }}>
          <Box sx={{ textAlign: { xs: 'left', md: 'right' } }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }} id="total-owed-label">
              Total amount owed
            </Typography>
            <Typography sx={{ fontWeight: 800, fontSize: '1.6rem', color: 'success.main', lineHeight: 1.2 }} aria-describedby="total-owed-label">
              {children.data ? familyMoney.money(owedMinor) : '—'}
            </Typography>
          </Box>
          <Button variant="contained" size="large" startIcon={<PersonAdd />} onClick={() => setChildDialog({ open: true })} sx={{ whiteSpace: 'nowrap' }}>
            Add New Child
          </Button>
        </Stack>
      </Stack>

      {loading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading children" />
        </Box>
      ) : failed ? (
        <Alert severity="error">We could not load your children. Please refresh the page to try again.</Alert>
      ) : all.length === 0 ? (
        <EmptyChildren onAdd={() => setChildDialog({ open: true })} />
      ) : (
        <Stack spacing={3}>
          {filterId && !filtered && (
            <Alert
              severity="warning"
              action={
                <Button component={RouterLink} to={PATHS.children} color="inherit" size="small">
                  Show All Children
                </Button>
              }
            >
              We could not find that child. They may have been deleted.
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
            <ManualAssignmentCard
              key={filterId ?? 'all'}
              childList={all}
              chores={chores.data ?? []}
              weekStart={weekStart}
              initialChildId={filtered?.id}
            />
            <WeekSummary childList={shown} weekStart={weekStart} />
          </Box>
          {filtered && (
            <Typography>
              <Link component={RouterLink} to={PATHS.children}>
                Show all children
              </Link>
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: shown.length > 1 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)' } }}>
            {shown.map((child) => (
              <ChildCard
                key={child.id}
                child={child}
                weekStart={weekStart}
                editing={editing.has(child.id)}
                removingChoreId={removing?.childId === child.id ? removing.choreId : null}
                onToggleEditing={() => toggleEditing(child.id)}
                onEditProfile={() => setChildDialog({ open: true, child })}
                onSetLogin={() => setCredentialsFor(child)}
                onResetEarnings={() => setMoney({ kind: 'payout', child })}
                onAdjust={() => setMoney({ kind: 'adjustment', child })}
                onAvailability={() => setAvailabilityFor(child)}
                onBoardPin={() => setPinFor(child)}
                onGoals={() => setGoalsFor(child)}
                onDelete={() => setConfirm({ kind: 'delete', child })}
                onOpenScheduler={() => setSchedulerFor([child.id])}
                onRemoveContinuous={(choreId, choreName) => removeContinuous(child, choreId, choreName)}
              />
            ))}
          </Box>
        </Stack>
      )}

      {childDialog.open && (
        <Suspense fallback={null}>
          <LazyChildDialog open onClose={() => setChildDialog({ open: false })} child={childDialog.child} />
        </Suspense>
      )}
      {credentialsFor && (
        <Suspense fallback={null}>
          <LazyCredentialsDialog open onClose={() => setCredentialsFor(null)} child={credentialsFor} />
        </Suspense>
      )}
      {schedulerFor && (
        <Suspense fallback={null}>
          <LazyWeeklySchedulerDialog open onClose={() => setSchedulerFor(null)} childIds={schedulerFor} />
        </Suspense>
      )}
      {availabilityFor && (
        <Suspense fallback={null}>
          <LazyAvailabilityDialog
            child={availabilityFor}
            today={dashboard.data?.today ?? localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)}
            onClose={() => setAvailabilityFor(null)}
          />
        </Suspense>
      )}
      {pinFor && (
        <Suspense fallback={null}>
          <LazyPinDialog child={pinFor} onClose={() => setPinFor(null)} />
        </Suspense>
      )}
      {goalsFor && (
        <Suspense fallback={null}>
          <GoalsDialog child={goalsFor} onClose={() => setGoalsFor(null)} />
        </Suspense>
      )}
      {money && (
        <Suspense fallback={null}>
          {money.kind === 'payout' ? (
            <LazyPayoutDialog child={money.child} onClose={() => setMoney(null)} />
          ) : (
            <LazyAdjustmentDialog child={money.child} onClose={() => setMoney(null)} />
          )}
        </Suspense>
      )}
      {confirm && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={`Delete ${confirm.child.displayName}'s profile?`}
            description={`Deleting ${confirm.child.displayName} removes all of their chore assignments. This cannot be undone.`}
            confirmLabel="Delete Child"
            destructive
            busy={busyConfirm}
            onConfirm={runConfirm}
            onClose={() => {
              if (!busyConfirm) setConfirm(null);
            }}
          />
        </Suspense>
      )}
    </ParentShell>
  );
}

function WeekSummary({ childList, weekStart }: { childList: readonly ChildDto[]; weekStart: string | undefined }) {
  const titleId = useId();
  const total = childList.reduce((s, c) => s + c.totalCount, 0);
  const completed = childList.reduce((s, c) => s + c.completedCount, 0);
  const rows: [string, number][] = [
    ['Active children', childList.length],
    ['Total assignments', total],
    ['Completed', completed],
  ];
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Insights color="primary" aria-hidden />
          <Typography id={titleId} variant="h6" component="h2">
            Week Summary
          </Typography>
        </Stack>
        {weekStart && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Week of {longDate(weekStart)}
          </Typography>
        )}
        {weekStart && (
          <Typography variant="body2" color="text.secondary" data-testid="week-range">
            {weekRange(weekStart)}. {mondayFirstNote(weekStart)}
          </Typography>
        )}
        <Box component="dl" sx={{ m: 0, mt: 1.5 }}>
          {rows.map(([label, value]) => (
            <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Typography component="dt">{label}</Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 800 }}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function EmptyChildren({ onAdd }: { onAdd: () => void }) {
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: 6, px: 3 }}>
        <PersonAdd sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          No children added yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 440, mx: 'auto' }}>
          Add a profile for each child, then give them a login so they can tick off their own chores.
        </Typography>
        <Button variant="contained" startIcon={<PersonAdd />} onClick={onAdd} sx={{ mt: 3 }}>
          Add First Child
        </Button>
      </CardContent>
    </Card>
  );
}
