import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ACCOUNT_TEXT, API_ERRORS } from '../../../shared/messages';
import { useResendVerification, useSignedInParent } from '../api/account';
import { ApiError, errorMessageFor } from '../lib/api';
import { useStoredState } from '../lib/use-stored-state';
import { failureToast, useToast } from './toast';

/** "Send the link again": a new confirmation link to the signed-in parent's current address. */
export function ResendLinkButton({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { toast } = useToast();
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: ACCOUNT_TEXT.linkSentTitle, description: message }),
      onError: (error) =>
        toast(
          error instanceof ApiError && error.status === 409
            ? { title: 'Already confirmed', description: errorMessageFor(error, API_ERRORS.alreadyVerified) }
            : failureToast(error, ACCOUNT_TEXT.resendFailed),
        ),
    });
  return (
    <Button size={size} variant="outlined" color="inherit" onClick={send} disabled={resend.isPending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {resend.isPending ? 'Sending...' : 'Send the link again'}
    </Button>
  );
}

const isDismissed = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Asks a parent whose address is not confirmed to confirm it (issue 11), at the top of every parent
 * page. Dismissing it hides it on this device for that parent's address; it comes back for a new
 * unconfirmed address, and goes for good once the address is confirmed.
 *
 * Compact (issue 29): one line and its buttons, so a phone's first screen stays the page's; the
 * address and why it matters unfold under "Why?".
 */
export function VerifyEmailBanner() {
  const parent = useSignedInParent();
  const [dismissed, setDismissed] = useStoredState<string[]>('chorequest.verify-banner-dismissed', [], isDismissed);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!parent || parent.emailVerified) return null;
  const key = `${parent.id}:${parent.email}`;
  if (dismissed.includes(key)) return null;
  return (
    <Alert
      severity="warning"
      // Polite: it is there on every parent page until dismissed, not an emergency.
      role="status"
      icon={<MarkEmailUnread />}
      onClose={() => setDismissed([...dismissed.slice(-9), key])}
      closeText="Dismiss the reminder"
      sx={{ mb: { xs: 2, sm: 3 }, py: 0.25, '& .MuiAlert-message': { minWidth: 0, flex: 1, py: 0.75 }, '& .MuiAlert-icon': { py: 1 } }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
          {ACCOUNT_TEXT.verifyBannerTitle}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button size="small" color="inherit" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)} sx={{ minWidth: 0, px: 1, textDecoration: 'underline' }}>
            Why?
          </Button>
          <ResendLinkButton />
        </Stack>
      </Stack>
      <Collapse in={open} id={detailsId}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', pt: 0.5 }}>
          {ACCOUNT_TEXT.verifyBanner(parent.email)}
        </Typography>
      </Collapse>
    </Alert>
  );
}
