import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { useToast, type ToastOptions } from '../toast';

/** Hidden from sight, still read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Dialogs take the whole screen below MUI's `sm` breakpoint (600 px), where a floating card would be cramped. */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

export interface DialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, also the dialog's accessible description. */
  subtitle?: ReactNode;
  /** While true the dialog cannot be dismissed (a request is running). */
  busy?: boolean;
  /** When given, the body and actions are a <form> (native validation off: the zod schema decides). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** Extra paper styles (e.g. the scheduler's 90 % height). */
  paperSx?: Record<string, unknown>;
  /** Removes the content padding so a child can manage its own scrolling layout. */
  dense?: boolean;
  /** The id of an element in the body that describes the dialog (when there is no subtitle). */
  describedBy?: string;
  /** From `useDialogToast`: repeats a failure toast inside the dialog for screen readers. */
  announcement?: Announcement;
}

export interface Announcement {
  id: number;
  text: string;
}

/**
 * Toasts for a dialog. While a modal dialog is open MUI hides the rest of the page (the toast
 * region included) from assistive technology, so a failure toast shown while the dialog stays open
 * is also announced from inside the dialog, in a visually hidden alert (no second visible message).
 */
export function useDialogToast() {
  const { toast } = useToast();
  const [announcement, setAnnouncement] = useState<Announcement | undefined>(undefined);
  const notify = useCallback(
    (options: ToastOptions) => {
      toast(options);
      if (options.variant === 'destructive') {
        setAnnouncement((prev) => ({ id: (prev?.id ?? 0) + 1, text: [options.title, options.description].filter(Boolean).join(': ') }));
      }
    },
    [toast],
  );
  return { toast: notify, announcement };
}

/**
 * A form dialog's toast (`useDialogToast`) and the frame props that go with it, for
 * `<DialogFrame {...frame} busy={pending} …>`: shown while `open`, closed by `onClose`, and its
 * failure toasts announced from inside.
 */
export function useFormDialog(onClose: () => void, open = true) {
  const { toast, announcement } = useDialogToast();
  return { toast, frame: { open, onClose, announcement } };
}

/**
 * The frame every dialog shares: labelled by its title, described by its subtitle, full screen on
 * phones, a close button in the corner, and a body that scrolls while the title and actions stay put.
 */
export function DialogFrame({ open, onClose, title, subtitle, busy = false, onSubmit, actions, children, maxWidth = 'sm', paperSx, dense, describedBy, announcement }: DialogFrameProps) {
  // A short yes/no prompt (maxWidth xs) stays a floating card on phones: full screen it was one
  // sentence at the top and two buttons at the bottom of an otherwise empty page.
  const fullScreen = useFullScreenDialog() && maxWidth !== 'xs';
  const titleId = useId();
  const subtitleId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  const body = (
    <>
      {announcement && (
        <Box key={announcement.id} role="alert" sx={visuallyHidden}>
          {announcement.text}
        </Box>
      )}
      <DialogContent dividers sx={dense ? { p: 0, display: 'flex', flexDirection: 'column' } : { pt: 2.5 }}>
        {children}
      </DialogContent>
      {/* disableSpacing: the gap spaces the buttons, also when they wrap (MUI's own left margins would indent the second row). */}
      <DialogActions disableSpacing sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        {actions}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : describedBy}
      slotProps={{
        paper: {
          sx: {
            // A floating dialog on a phone keeps 16 px of the page on each side (MUI's 32 px squeezed the buttons).
            ...(fullScreen ? { borderRadius: 0 } : { borderRadius: 4, m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } }),
            ...paperSx,
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, pb: subtitle ? 0.5 : 2, fontWeight: 800 }}>
        {title}
      </DialogTitle>
      {subtitle && (
        <Typography id={subtitleId} color="text.secondary" sx={{ px: 3, pb: 2, mt: -0.5 }}>
          {subtitle}
        </Typography>
      )}
      <IconButton aria-label="Close" onClick={close} disabled={busy} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      {onSubmit ? (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, overflow: 'hidden' }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}

/** Cancel and submit for a form dialog; both are disabled, and submit shows its pending text, while a request runs. */
export function FormActions({ onCancel, pending, label, pendingLabel }: { onCancel: () => void; pending: boolean; label: string; pendingLabel: string }) {
  return (
    <>
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </>
  );
}
