import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Close from '@mui/icons-material/Close';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ChildDto, ChoreDto } from '../../../../../shared/api-types';
import { useGenerateWeek } from '../api/parent-dashboard';
import { errorToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { gettingStartedSteps, progressOf, type GettingStartedStep, type StepId } from '../model/getting-started';

export interface GettingStartedCardProps {
  childList: readonly ChildDto[];
  chores: readonly ChoreDto[];
  onAddChild: () => void;
  onAddChore: () => void;
  onSetLogin: (child: ChildDto) => void;
  onHide: () => void;
}

/**
 * Getting started (issue 18): add a child → give them a login → add chores → hand out the week →
 * the child signs in. Each step is a button and ticks itself off from the family's data; the guide
 * can be hidden, and the dashboard stops showing it once every step is done.
 */
export function GettingStartedCard({ childList, chores, onAddChild, onAddChore, onSetLogin, onHide }: GettingStartedCardProps) {
  const titleId = useId();
  const steps = gettingStartedSteps(childList, chores);
  const { done, total } = progressOf(steps);
  const nextId = steps.find((s) => !s.done)?.id;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ borderColor: 'primary.main', borderWidth: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box aria-hidden sx={{ display: 'grid', placeItems: 'center', width: 44, height: 44, borderRadius: 2, bgcolor: 'tone.brand.bg', color: 'tone.brand.fg', flex: 'none' }}>
            <FlagRounded />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2">
              Getting started
            </Typography>
            <Typography color="text.secondary">
              {done} of {total} steps done. Five steps, and the chores run themselves every week.
            </Typography>
          </Box>
          <IconButton aria-label="Hide the getting-started guide" onClick={onHide} sx={{ mt: -0.5, mr: -1 }}>
            <Close />
          </IconButton>
        </Stack>
        <LinearProgress variant="determinate" value={(100 * done) / total} aria-label={`Getting started: ${done} of ${total} steps done`} sx={{ mt: 2, mb: 1, height: 8, borderRadius: 4 }} />
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {steps.map((step, i) => (
            <StepRow key={step.id} step={step} number={i + 1} next={step.id === nextId} childList={childList} chores={chores} actions={{ onAddChild, onAddChore, onSetLogin }} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

interface StepRowProps {
  step: GettingStartedStep;
  number: number;
  next: boolean;
  childList: readonly ChildDto[];
  chores: readonly ChoreDto[];
  actions: Pick<GettingStartedCardProps, 'onAddChild' | 'onAddChore' | 'onSetLogin'>;
}

function StepRow({ step, number, next, childList, chores, actions }: StepRowProps) {
  const [showSignIn, setShowSignIn] = useState(false);
  const statusId = useId();
  return (
    <Box component="li" aria-describedby={statusId} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
          {step.done ? (
            <CheckCircleRounded sx={{ color: 'success.main', mt: 0.25 }} aria-hidden />
          ) : (
            <RadioButtonUncheckedRounded sx={{ color: next ? 'primary.main' : 'text.disabled', mt: 0.25 }} aria-hidden />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 800, ...(step.done ? { color: 'text.secondary', textDecoration: 'line-through' } : {}) }}>
              {number}. {step.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Box component="span" id={statusId} sx={{ fontWeight: 700, color: step.done ? 'success.main' : 'text.secondary' }}>
                {step.done ? 'Done. ' : 'To do. '}
              </Box>
              {step.hint}
            </Typography>
          </Box>
        </Stack>
        {!step.done && (
          <Box sx={{ pl: { xs: 4.5, sm: 0 }, flex: 'none' }}>
            <StepAction step={step.id} next={next} childList={childList} chores={chores} actions={actions} onShowSignIn={() => setShowSignIn((v) => !v)} showingSignIn={showSignIn} />
          </Box>
        )}
      </Stack>
      {step.id === 'child-signs-in' && showSignIn && !step.done && <SignInHowTo childList={childList} />}
    </Box>
  );
}

function StepAction({
  step,
  next,
  childList,
  chores,
  actions,
  onShowSignIn,
  showingSignIn,
}: Omit<StepRowProps, 'step' | 'number'> & { step: StepId; onShowSignIn: () => void; showingSignIn: boolean }) {
  const { toast } = useToast();
  const generate = useGenerateWeek();
  const variant = next ? 'contained' : 'outlined';
  const withoutLogin = childList.find((c) => !c.username);
  switch (step) {
    case 'add-child':
      return (
        <Button variant={variant} onClick={actions.onAddChild}>
          Add Child
        </Button>
      );
    case 'child-login':
      return (
        <Button variant={variant} disabled={!withoutLogin} onClick={() => withoutLogin && actions.onSetLogin(withoutLogin)}>
          {withoutLogin ? `Set ${withoutLogin.displayName}’s Login` : 'Set a Login'}
        </Button>
      );
    case 'add-chores':
      return (
        <Button variant={variant} onClick={actions.onAddChore}>
          Add New Chore
        </Button>
      );
    case 'hand-out-week':
      return (
        <Button
          variant={variant}
          disabled={childList.length === 0 || chores.length === 0 || generate.isPending}
          onClick={() =>
            generate.mutate(undefined, {
              onSuccess: () => toast({ title: 'Weekly chores have been reassigned!' }),
              onError: () => toast(errorToast('Failed to reassign chores. Please try again.')),
            })
          }
        >
          {generate.isPending ? 'Handing out...' : 'Hand Out the Week'}
        </Button>
      );
    case 'child-signs-in':
      return (
        <Button variant={variant} onClick={onShowSignIn} aria-expanded={showingSignIn} disabled={!childList.some((c) => c.username)}>
          {showingSignIn ? 'Hide How' : 'Show How'}
        </Button>
      );
  }
}

/** How a child signs in, with the address to open on their device and a copy button. */
function SignInHowTo({ childList }: { childList: readonly ChildDto[] }) {
  const { toast } = useToast();
  const url = `${window.location.origin}${PATHS.childLogin}`;
  const names = childList.filter((c) => c.username).map((c) => `${c.displayName} (${c.username})`);
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => toast({ title: 'Link copied', description: url }),
      () => toast(errorToast('Could not copy the link. Select it and copy it yourself.')),
    );
  return (
    <Alert severity="info" sx={{ mt: 1.5, ml: { sm: 4.5 }, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }} action={<Button color="inherit" size="small" onClick={copy}>Copy Link</Button>}>
      On your child’s phone, tablet or computer, open <strong>{url}</strong> and sign in with the username and password you set
      {names.length ? `: ${names.join(', ')}` : ''}. Signing in here, on your own browser, would sign you out.
    </Alert>
  );
}
