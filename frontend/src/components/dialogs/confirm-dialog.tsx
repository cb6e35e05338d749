import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DialogFrame } from '../form/dialog-frame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Paints the confirm button red (deleting, resetting). */
  destructive?: boolean;
  /** A request is running: buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no prompt before an irreversible change (spec section 5). Cancel has the initial focus. */
export function ConfirmDialog({ open, title, description, confirmLabel, destructive, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const descriptionId = useId();
  return (
    <DialogFrame
      describedBy={descriptionId}
      open={open}
      onClose={onClose}
      busy={busy}
      title={title}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Typography id={descriptionId}>{description}</Typography>
    </DialogFrame>
  );
}
