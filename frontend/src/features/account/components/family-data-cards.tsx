/** The family page's cards about the family itself (issue 11): "Download our data", leaving the family, and deleting it. */
import DeleteForever from '@mui/icons-material/DeleteForever';
import Download from '@mui/icons-material/Download';
import ExitToApp from '@mui/icons-material/ExitToApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { ACCOUNT_TEXT, API_ERRORS, VALIDATION } from '../../../../../shared/messages';
import { deleteFamilySchema, type DeleteFamilyInput } from '../../../../../shared/account-schemas';
import type { FamilyMembersDto } from '../../../api/account';
import { EXPORT_FILES, useDeleteFamily, useLeaveFamily } from '../api/account';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { DialogFrame, useFormDialog } from '../../../components/form/dialog-frame';
import { PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorToast, failureToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { ApiError, errorMessageFor, extractServerMessage } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { SettingsCard } from './account-area';

export function ExportCard() {
  return (
    <SettingsCard icon={<Download />} title="Download our data" description="Your family’s data is yours: take a copy whenever you like, or before deleting the family.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {EXPORT_FILES.map((file) => (
          <Button key={file.href} component="a" href={file.href} download variant="outlined" startIcon={<Download />} title={file.hint}>
            {file.label}
          </Button>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        The JSON file holds everything: children, chores, schedules, completions, payouts and parents (never passwords). The CSV files open in any spreadsheet.
      </Typography>
    </SettingsCard>
  );
}

export function LeaveCard({ members }: { members: FamilyMembersDto }) {
  const { toast } = useToast();
  const leave = useLeaveFamily();
  const [open, setOpen] = useState(false);
  const last = members.parents.length <= 1;
  const confirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => reloadAt(PATHS.home),
      onError: (error) => {
        setOpen(false);
        toast(failureToast(error, ACCOUNT_TEXT.leaveFailed));
      },
    });
  return (
    <SettingsCard icon={<ExitToApp />} title="Leave the family" description="Your login is deleted and you are signed out; the family and its data stay with the other parents.">
      {last ? (
        <Alert severity="info" role="note">
          {API_ERRORS.lastParent}
        </Alert>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Leave Family
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title="Leave the family?"
            description={
              members.isOwner
                ? 'You will be signed out and your login deleted. The parent who joined first after you takes over the family. To come back, another parent has to invite you again.'
                : 'You will be signed out and your login deleted. To come back, another parent has to invite you again.'
            }
            confirmLabel={leave.isPending ? 'Leaving...' : 'Leave Family'}
            destructive
            busy={leave.isPending || leave.isSuccess}
            onConfirm={confirm}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </SettingsCard>
  );
}

/** What deleting the family takes with it: the dialog names each one. */
const LOST_ON_DELETE = [
  'Every child and their login',
  'Every chore and weekly schedule',
  'Every completed chore and earning',
  'Every payout and the payout history',
  'Every parent’s login, yours included',
  'Every open invitation',
] as const;

export function DeleteCard() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard
      tone="danger"
      icon={<DeleteForever />}
      title="Delete the family"
      description="Deletes the family and everything in it for every parent and child. It cannot be undone."
    >
      <Button variant="contained" color="error" onClick={() => setOpen(true)}>
        Delete Family…
      </Button>
      {open && <DeleteFamilyDialog onClose={() => setOpen(false)} />}
    </SettingsCard>
  );
}

function DeleteFamilyDialog({ onClose }: { onClose: () => void }) {
  const { toast, frame } = useFormDialog(onClose);
  const remove = useDeleteFamily();
  const listId = useId();
  const { control, handleSubmit, setError } = useZodForm<DeleteFamilyInput>(deleteFamilySchema, { password: '' });
  const busy = remove.isPending || remove.isSuccess;
  const onValid = (values: DeleteFamilyInput) =>
    remove.mutate(values, {
      onSuccess: () => reloadAt(PATHS.home),
      onError: (error) => {
        const message = error instanceof ApiError ? extractServerMessage(error.body) : undefined;
        if (message === API_ERRORS.wrongPassword) setError('password', { message }, { shouldFocus: true });
        toast(errorToast(message ?? errorMessageFor(error, ACCOUNT_TEXT.deleteFailed)));
      },
    });
  const onInvalid = () => toast({ variant: 'destructive', ...VALIDATION.passwordMissing });
  return (
    <DialogFrame
      {...frame}
      busy={busy}
      title="Delete the family for good?"
      describedBy={listId}
      onSubmit={handleSubmit(onValid, onInvalid)}
      actions={
        <>
          <Button onClick={onClose} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete Family'}
          </Button>
        </>
      }
    >
      <Box id={listId}>
        <Typography sx={{ fontWeight: 700 }}>This deletes, for every parent and child:</Typography>
        <Box component="ul" sx={{ mt: 1, mb: 2, pl: 3 }}>
          {LOST_ON_DELETE.map((item) => (
            <li key={item}>
              <Typography>{item}</Typography>
            </li>
          ))}
        </Box>
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          It cannot be undone. Everyone is signed out at once. Want a copy? Use “Download our data” first.
        </Alert>
      </Box>
      <PasswordField control={control} name="password" label="Your Password" autoComplete="current-password" required disabled={busy} />
    </DialogFrame>
  );
}
