import Tablet from '@mui/icons-material/TabletMac';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import type { BoardDto } from '../../../../../shared/api-types';
import { boardSetupSchema, type BoardSetupInput } from '../../../../../shared/board-schemas';
import { API_ERRORS, BOARD_MESSAGES } from '../../../../../shared/messages';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { DialogFrame, useFormDialog } from '../../../components/form/dialog-frame';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorToast, failureToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { ApiError, errorMessageFor, extractServerMessage } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useBoards, useRevokeBoard, useSetUpBoard } from '../api/boards';
import { SettingsCard } from './account-area';

const setUpDate = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/**
 * Issue 32, "Family devices" (decision 062): turn this device into the family board (the parent's
 * password again; this device's parent session ends), and revoke a board, which signs it out at once.
 */
export function FamilyDevicesCard() {
  const boards = useBoards();
  const revoke = useRevokeBoard();
  const { toast } = useToast();
  const [settingUp, setSettingUp] = useState(false);
  const [revoking, setRevoking] = useState<BoardDto | null>(null);
  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: (answer) => {
        setRevoking(null);
        toast({ title: answer.message });
      },
      onError: (error) => {
        setRevoking(null);
        toast(failureToast(error, 'Failed to revoke the board. Please try again.'));
      },
    });
  return (
    <SettingsCard
      icon={<Tablet />}
      title="Family devices"
      description="A family board is a tablet or phone that shows every child’s day. Children tap their picture and type their PIN to tick their chores; it shows no money and no settings."
    >
      {boards.isPending ? (
        <CircularProgress size={24} aria-label="Loading the family’s boards" />
      ) : boards.isError ? (
        <Alert severity="error">We could not load the family’s boards. Please refresh the page to try again.</Alert>
      ) : boards.data.boards.length === 0 ? (
        <Typography color="text.secondary">No family board yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Family boards">
          {boards.data.boards.map((b) => (
            <Box component="li" key={b.id} sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{b.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Set up by {b.createdBy} on {setUpDate(b.createdAt)}
                </Typography>
              </Box>
              <Button variant="outlined" color="error" onClick={() => setRevoking(b)} aria-label={`Revoke ${b.name}`}>
                Revoke
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => setSettingUp(true)}>
          Set up this device as the family board
        </Button>
      </Box>
      {settingUp && <SetUpBoardDialog onClose={() => setSettingUp(false)} />}
      {revoking && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={`Revoke “${revoking.name}”?`}
            description="That device is signed out at once and stops being the family board. You can set it up again later."
            confirmLabel={revoke.isPending ? 'Revoking...' : 'Revoke'}
            destructive
            busy={revoke.isPending}
            onConfirm={confirmRevoke}
            onClose={() => setRevoking(null)}
          />
        </Suspense>
      )}
    </SettingsCard>
  );
}

function SetUpBoardDialog({ onClose }: { onClose: () => void }) {
  const { toast, frame } = useFormDialog(onClose);
  const setUp = useSetUpBoard();
  const { control, handleSubmit, setError } = useZodForm<BoardSetupInput>(boardSetupSchema, { name: 'Family board', password: '' });
  const busy = setUp.isPending || setUp.isSuccess;
  const onValid = (values: BoardSetupInput) =>
    setUp.mutate(values, {
      // The device is the board now: the whole app starts again, as the board.
      onSuccess: () => reloadAt(PATHS.home),
      onError: (error) => {
        const message = error instanceof ApiError ? extractServerMessage(error.body) : undefined;
        if (message === API_ERRORS.wrongPassword) setError('password', { message }, { shouldFocus: true });
        toast(errorToast(message ?? errorMessageFor(error, 'Failed to set up the board. Please try again.')));
      },
    });
  const onInvalid = (errors: Record<string, { message?: string } | undefined>) =>
    toast({ variant: 'destructive', title: 'Error', description: errors.name?.message ?? errors.password?.message ?? BOARD_MESSAGES.passwordRequired });
  return (
    <DialogFrame
      {...frame}
      busy={busy}
      title="Set up this device as the family board"
      subtitle="You will be signed out on this device: from now on it shows the children’s day. Children need a PIN, which you set on the children page."
      onSubmit={handleSubmit(onValid, onInvalid)}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Setting up...' : 'Make this the board'}
          </Button>
        </>
      }
    >
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label="Board name" required autoComplete="off" disabled={busy} />
        <PasswordField control={control} name="password" label="Your Password" autoComplete="current-password" required disabled={busy} />
      </Stack>
    </DialogFrame>
  );
}
