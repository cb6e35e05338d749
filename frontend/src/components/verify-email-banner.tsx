import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ACCOUNT_TEXT, API_ERRORS } from '../../../shared/messages';
import { useResendVerification, useSignedInParent } from '../api/account';
import { ApiError, errorMessageFor } from '../lib/api';
import { useStoredState } from '../lib/use-stored-state';
import { useToast } from './toast';

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
            : { variant: 'destructive', title: 'Error', description: errorMessageFor(error, ACCOUNT_TEXT.resendFailed) },
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
 */
export function VerifyEmailBanner() {
  const parent = useSignedInParent();
  const [dismissed, setDismissed] = useStoredState<string[]>('chorequest.verify-banner-dismissed', [], isDismissed);
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
      sx={{ mb: { xs: 2, sm: 3 }, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{ACCOUNT_TEXT.verifyBannerTitle}</AlertTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <span style={{ overflowWrap: 'anywhere' }}>{ACCOUNT_TEXT.verifyBanner(parent.email)}</span>
        <span>
          <ResendLinkButton />
        </span>
      </Stack>
    </Alert>
  );
}
