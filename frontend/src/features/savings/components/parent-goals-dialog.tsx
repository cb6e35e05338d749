import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { ChildMoneyDto, GoalDto } from '../../../../../shared/api-types';
import { useChildMoneyFor, useDeleteGoal, useMarkBought } from '../api/savings';
import { DialogFrame, useDialogToast } from '../../../components/form/dialog-frame';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { errorMessageFor } from '../../../lib/api';
import { useMoney, type Money } from '../../../lib/use-money';
import { isActive, purchaseConfirmText, purchaseToast, removeGoalText } from '../model/goals';
import { BoughtGoals } from './bought-goals';
import { GoalProgress } from './goal-progress';
import { Jars } from './jars';
import { SavingsSummaryText } from './savings-summary';
import { failureToast } from '../../../components/toast';

/** Hidden from sight, still read by screen readers. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, m: -1, p: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

const LazyGoalDialog = lazy(() => import('./goal-dialog').then((m) => ({ default: m.GoalDialog })));
const LazyWithdrawalDialog = lazy(() => import('./withdrawal-dialog').then((m) => ({ default: m.WithdrawalDialog })));

export interface ParentGoalsDialogProps {
  /** `weeklyEarnings`: what is owed (jars off, a purchase settles what of the savings is still owed). */
  child: { id: string; displayName: string; weeklyEarnings?: string };
  onClose: () => void;
}

type Step =
  | { kind: 'new' }
  | { kind: 'edit'; goal: GoalDto }
  | { kind: 'bought'; goal: GoalDto }
  | { kind: 'delete'; goal: GoalDto }
  | { kind: 'withdraw'; jar: 'spend' | 'give'; balance: string }
  | null;

/**
 * A child's goals and jars for a parent (issue 22): set a goal with a top-up, edit or delete one
 * not bought, mark one bought (saying first what that records), and record money taken out of
 * the spend or give jar. Every change refreshes the children page's data (refreshFamily).
 */
export function ParentGoalsDialog({ child, onClose }: ParentGoalsDialogProps) {
  const query = useChildMoneyFor(child.id);
  const money = useMoney();
  const [step, setStep] = useState<Step>(null);
  // This dialog stays open after a change, and a modal hides the page's toasts from screen readers:
  // what the toast says is also said from inside the dialog.
  const [said, setSaid] = useState('');
  const data = query.data;
  return (
    <DialogFrame open onClose={onClose} title={`${child.displayName}'s goals and jars`} subtitle="Savings go to the oldest goal first." actions={<Button onClick={onClose}>Close</Button>}>
      {data ? (
        <Sections data={data} money={money} childName={child.displayName} setStep={setStep} />
      ) : query.isError ? (
        <Typography role="alert" sx={{ color: 'error.main', fontWeight: 700 }}>
          {errorMessageFor(query.error, 'The goals could not be loaded. Please try again.')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading goals" />
        </Box>
      )}
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {said}
      </Box>
      {data && <StepDialogs step={step} setStep={setStep} child={child} data={data} money={money} onSaid={setSaid} />}
    </DialogFrame>
  );
}

function Sections({ data, money, childName, setStep }: { data: ChildMoneyDto; money: Money; childName: string; setStep: (s: Step) => void }) {
  const active = data.goals.filter(isActive);
  return (
    <Stack spacing={3}>
      {data.jars && (
        <Box component="section" aria-labelledby="parent-jars-heading">
          <Typography id="parent-jars-heading" variant="h6" component="h3" sx={{ fontWeight: 800, mb: 1 }}>
            Jars
          </Typography>
          <Jars data={data} money={money} showHints={false} />
          <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" onClick={() => setStep({ kind: 'withdraw', jar: 'spend', balance: data.jars!.spend })}>
              Record spending
            </Button>
            <Button variant="outlined" size="small" onClick={() => setStep({ kind: 'withdraw', jar: 'give', balance: data.jars!.give })}>
              Record giving
            </Button>
          </Stack>
        </Box>
      )}
      <Box component="section" aria-labelledby="parent-goals-heading">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="parent-goals-heading" variant="h6" component="h3" sx={{ fontWeight: 800 }}>
            Goals
          </Typography>
          <Button variant="contained" size="small" startIcon={<AddRounded />} onClick={() => setStep({ kind: 'new' })}>
            New goal
          </Button>
        </Stack>
        <SavingsSummaryText data={data} money={money} who={childName} testId="parent-savings" />
        {active.length === 0 && <Typography sx={{ mt: 1.5 }}>No goal yet. Set one with {childName}: something to save toward.</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {active.map((goal) => (
            <Box component="li" key={goal.id} sx={{ py: 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
              <GoalProgress
                goal={goal}
                money={money}
                headingLevel="h4"
                actions={
                  <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                    <Button size="small" variant="contained" startIcon={<ShoppingBagOutlined />} onClick={() => setStep({ kind: 'bought', goal })}>
                      Mark as bought
                    </Button>
                    <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={() => setStep({ kind: 'edit', goal })} aria-label={`Edit ${goal.name}`}>
                      Edit
                    </Button>
                    <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => setStep({ kind: 'delete', goal })} aria-label={`Delete ${goal.name}`}>
                      Delete
                    </Button>
                  </Stack>
                }
              />
            </Box>
          ))}
        </Box>
        <BoughtGoals goals={data.goals} money={money} heading={{ variant: 'subtitle1', component: 'h4', mt: 1 }} />
      </Box>
    </Stack>
  );
}

function StepDialogs({
  step,
  setStep,
  child,
  data,
  money,
  onSaid,
}: {
  step: Step;
  setStep: (s: Step) => void;
  /** `weeklyEarnings`: what is owed (jars off, a purchase settles what of the savings is still owed). */
  child: { id: string; displayName: string; weeklyEarnings?: string };
  data: ChildMoneyDto;
  money: Money;
  onSaid: (text: string) => void;
}) {
  const { toast: showToast } = useDialogToast();
  const toast = (options: { title: string; description?: string; variant?: 'destructive' }) => {
    showToast(options);
    onSaid([options.title, options.description].filter(Boolean).join(': '));
  };
  const markBought = useMarkBought();
  const remove = useDeleteGoal();
  const busy = markBought.isPending || remove.isPending;
  const close = () => {
    if (!busy) setStep(null);
  };
  if (!step) return null;
  const name = child.displayName;

  const buy = (goal: GoalDto) =>
    markBought.mutate(
      { childId: child.id, goalId: goal.id },
      {
        onSuccess: (result) => toast(purchaseToast(result, name, money)),
        onError: (error) => toast(failureToast(error, 'Failed to mark it bought. Please try again.')),
        onSettled: () => setStep(null),
      },
    );
  const del = (goal: GoalDto) =>
    remove.mutate(
      { childId: child.id, goalId: goal.id },
      {
        onSuccess: () => toast({ title: 'Goal deleted', description: `${goal.name} is off ${name}'s list.` }),
        onError: (error) => toast(failureToast(error, 'Failed to delete the goal. Please try again.')),
        onSettled: () => setStep(null),
      },
    );

  return (
    <Suspense fallback={null}>
      {step.kind === 'new' && <LazyGoalDialog as="parent" childId={child.id} childName={name} onClose={() => setStep(null)} />}
      {step.kind === 'edit' && <LazyGoalDialog as="parent" childId={child.id} childName={name} goal={step.goal} onClose={() => setStep(null)} />}
      {step.kind === 'withdraw' && <LazyWithdrawalDialog childId={child.id} childName={name} jar={step.jar} balance={step.balance} onClose={() => setStep(null)} />}
      {step.kind === 'bought' && (
        <LazyConfirmDialog
          open
          title={`Mark ${step.goal.name} as bought?`}
          description={purchaseConfirmText(step.goal, name, data.savings, money, data.jars ? undefined : child.weeklyEarnings)}
          confirmLabel="Mark as Bought"
          busy={busy}
          onConfirm={() => buy(step.goal)}
          onClose={close}
        />
      )}
      {step.kind === 'delete' && (
        <LazyConfirmDialog
          open
          title={`Delete ${step.goal.name}?`}
          description={removeGoalText(step.goal, data, name)}
          confirmLabel="Delete Goal"
          destructive
          busy={busy}
          onConfirm={() => del(step.goal)}
          onClose={close}
        />
      )}
    </Suspense>
  );
}
