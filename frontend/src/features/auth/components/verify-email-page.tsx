import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EmailConfirmedDto } from '../../../../../shared/api-types';
import { NEXT_RESET_PASSWORD } from '../../../../../shared/account-pages';
import { ACCOUNT_TEXT } from '../../../../../shared/messages';
import { refreshAccount } from '../../../api/account';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLinkCheck } from '../api/auth-requests';
import { useLinkFragment } from '../lib/link-fragment';
import { AuthLayout } from './auth-layout';
import { LinkActions, LinkChecking, LinkFailed, type LinkAction } from './link-states';

const signInAs = (email?: string): LinkAction => ({
  label: 'Sign In',
  to: email ? `${PATHS.parentLogin}?${new URLSearchParams({ email })}` : PATHS.parentLogin,
});
const DASHBOARD: LinkAction = { label: 'Go to your dashboard', to: PATHS.home };

/**
 * The page the welcome and "confirm your email" e-mails open (`#token=…`): the address is confirmed
 * as the page opens. From "Forgot password?" with an unconfirmed address (`&next=reset-password`)
 * it then offers the reset itself.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm Your Email');
  const link = useLinkFragment();
  const check = useLinkCheck<EmailConfirmedDto>('verify-email', link.token);
  const queryClient = useQueryClient();
  const confirmed = check.data;

  const navigate = useNavigate();
  useEffect(() => {
    if (!confirmed) return;
    link.forget();
    // Signed in here: the banner goes, the settings page shows the confirmed address.
    if (confirmed.signedIn) void refreshAccount(queryClient);
    // From "Forgot password?": the link proved the inbox, so on to the new password (issue 18).
    if (confirmed.resetToken) void navigate(`${PATHS.resetPassword}#${new URLSearchParams({ token: confirmed.resetToken })}`, { replace: true });
  }, [confirmed, link, queryClient, navigate]);

  if (!link.token) return <LinkFailed title="Confirm your email" message={ACCOUNT_TEXT.linkIncomplete} actions={[signInAs()]} />;
  if (check.isPending || confirmed?.resetToken) return <LinkChecking title="Confirming your email" />;
  if (check.isError || !confirmed) {
    return <LinkFailed title="Confirm your email" message={errorMessageFor(check.error, ACCOUNT_TEXT.linkIncomplete)} actions={[signInAs()]} />;
  }

  const actions: LinkAction[] = [];
  if (link.next === NEXT_RESET_PASSWORD) {
    actions.push({ label: 'Now choose a new password', to: `${PATHS.forgotPassword}?${new URLSearchParams({ email: confirmed.email })}` });
  }
  actions.push(confirmed.signedIn ? DASHBOARD : signInAs(confirmed.email));
  return (
    <AuthLayout title="Email confirmed" subtitle={confirmed.email} icon={<MarkEmailRead />} accent="primary">
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {confirmed.message}
        </Alert>
        <LinkActions actions={actions} />
      </Stack>
    </AuthLayout>
  );
}
