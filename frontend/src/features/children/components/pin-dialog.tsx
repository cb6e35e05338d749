import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { ChildDto } from '../../../../../shared/api-types';
import { pinSchema } from '../../../../../shared/board-schemas';
import { BOARD_MESSAGES } from '../../../../../shared/messages';
import { DialogFrame, useFormDialog } from '../../../components/form/dialog-frame';
import { failureToast } from '../../../components/toast';
import { useSetBoardPin } from '../api/children';

/**
 * Issue 32: the child's 4-digit PIN for the family board (decision 062). The PIN is never shown
 * again (the server keeps only a hash): a parent sets a new one, or removes it.
 */
export function PinDialog({ child, onClose }: { child: Pick<ChildDto, 'id' | 'displayName' | 'hasPin'>; onClose: () => void }) {
  const { toast, frame } = useFormDialog(onClose);
  const save = useSetBoardPin();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = pinSchema.safeParse(pin);
    if (!parsed.success) {
      setError(BOARD_MESSAGES.pinFormat);
      return;
    }
    save.mutate(
      { id: child.id, pin: parsed.data },
      {
        onSuccess: () => {
          toast({ title: BOARD_MESSAGES.pinSet });
          onClose();
        },
        onError: (err) => toast(failureToast(err, 'Failed to save the PIN. Please try again.')),
      },
    );
  };
  const remove = () =>
    save.mutate(
      { id: child.id, pin: null },
      {
        onSuccess: () => {
          toast({ title: BOARD_MESSAGES.pinRemoved });
          onClose();
        },
        onError: (err) => toast(failureToast(err, 'Failed to remove the PIN. Please try again.')),
      },
    );

  return (
    <DialogFrame
      {...frame}
      busy={save.isPending}
      title={`${child.displayName}’s board PIN`}
      subtitle={`${child.displayName} taps their picture on the family board and types these 4 digits to tick their chores. A new PIN also lets ${child.displayName} try again after too many wrong tries.`}
      onSubmit={submit}
      actions={
        <>
          {child.hasPin && (
            <Button color="error" onClick={remove} disabled={save.isPending} sx={{ mr: 'auto' }}>
              Remove PIN
            </Button>
          )}
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save PIN'}
          </Button>
        </>
      }
    >
      <Stack spacing={1.5}>
        {child.hasPin && <Typography color="text.secondary">A PIN is set. Type a new one to change it.</Typography>}
        <TextField
          label={child.hasPin ? 'New PIN' : 'PIN'}
          value={pin}
          onChange={(e) => {
            setPin(e.target.value.replace(/\D/g, '').slice(0, 4));
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? '4 digits. Pick one your child can remember and others cannot guess.'}
          autoFocus
          autoComplete="off"
          required
          disabled={save.isPending}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 4 } }}
        />
      </Stack>
    </DialogFrame>
  );
}
