import GppGood from '@mui/icons-material/GppGood';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EmailChangeCancelledDto } from '../../../../../shared/api-types';
import { ACCOUNT_TEXT } from '../../../../../shared/messages';
import { refreshAccount } from '../../../api/account';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLinkCheck } from '../api/auth-requests';
import { useLinkFragment } from '../lib/link-fragment';
import { AuthLayout } from './auth-layout';
import { LinkActions, LinkChecking, LinkFailed, type LinkAction } from './link-states';

const withEmail = (path: string, email?: string | null): string => (email ? `${path}?${new URLSearchParams({ email })}` : path);
const resetPassword = (email?: string | null): LinkAction => ({ label: 'Reset my password', to: withEmail(PATHS.forgotPassword, email) });
const signIn = (email?: string | null): LinkAction => ({ label: 'Sign In', to: withEmail(PATHS.parentLogin, email) });

/**
 * The page the "someone asked to change your email address" notice opens (`#token=…`, issue 17):
 * one click cancels the pending change as the page opens, then the parent is offered a password
 * reset (whoever asked for the change knew the password).
 */
export function CancelEmailChangePage() {
  useDocumentTitle('Cancel Email Change');
  const link = useLinkFragment();
  const check = useLinkCheck<EmailChangeCancelledDto>('cancel-email-change', link.token);
  const queryClient = useQueryClient();
  const cancelled = check.data;

  useEffect(() => {
    if (!cancelled) return;
    link.forget();
    void refreshAccount(queryClient);
  }, [cancelled, link, queryClient]);

  if (!link.token) return <LinkFailed title="Cancel the email change" message={ACCOUNT_TEXT.linkIncomplete} actions={[resetPassword(), signIn()]} />;
  if (check.isPending) return <LinkChecking title="Cancelling the email change" />;
  if (check.isError || !cancelled) {
    return <LinkFailed title="Cancel the email change" message={errorMessageFor(check.error, ACCOUNT_TEXT.linkIncomplete)} actions={[resetPassword(), signIn()]} />;
  }
  return (
    <AuthLayout title="Email change cancelled" subtitle="Your account stays at your current address." icon={<GppGood />} accent="primary">
      <Stack spacing={2.5}>
        <Alert severity="success" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
          {cancelled.message}
        </Alert>
        <Typography color="text.secondary">
          If you did not ask for the change, someone else knows your password. Choose a new one now: it signs everyone out, on every device.
        </Typography>
        <LinkActions actions={[resetPassword(cancelled.email), signIn(cancelled.email)]} />
      </Stack>
    </AuthLayout>
  );
}
