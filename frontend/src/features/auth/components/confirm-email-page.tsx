import AlternateEmail from '@mui/icons-material/AlternateEmail';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EmailConfirmedDto } from '../../../../../shared/api-types';
import { ACCOUNT_TEXT } from '../../../../../shared/messages';
import { refreshAccount } from '../../../api/account';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLinkCheck } from '../api/auth-requests';
import { useLinkFragment } from '../lib/link-fragment';
import { AuthLayout } from './auth-layout';
import { LinkActions, LinkChecking, LinkFailed, type LinkAction } from './link-states';

const ACCOUNT: LinkAction = { label: 'Back to account settings', to: PATHS.account };
const signIn = (email?: string): LinkAction => ({
  label: 'Sign In',
  to: email ? `${PATHS.parentLogin}?${new URLSearchParams({ email })}` : PATHS.parentLogin,
});

/**
 * The page the "confirm your new address" e-mail opens (`#token=…`): the change of address is
 * made as the page opens; from then on the parent signs in with the new address.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Your New Email');
  const link = useLinkFragment();
  const check = useLinkCheck<EmailConfirmedDto>('confirm-email-change', link.token);
  const queryClient = useQueryClient();
  const confirmed = check.data;

  useEffect(() => {
    if (!confirmed) return;
    link.forget();
    if (confirmed.signedIn) void refreshAccount(queryClient);
  }, [confirmed, link, queryClient]);

  if (!link.token) return <LinkFailed title="Change your email" message={ACCOUNT_TEXT.linkIncomplete} actions={[ACCOUNT, signIn()]} />;
  if (check.isPending) return <LinkChecking title="Changing your email" />;
  if (check.isError || !confirmed) {
    return <LinkFailed title="Change your email" message={errorMessageFor(check.error, ACCOUNT_TEXT.linkIncomplete)} actions={[ACCOUNT, signIn()]} />;
  }
  return (
    <AuthLayout title="Email address changed" subtitle={`Sign in with ${confirmed.email} from now on.`} icon={<AlternateEmail />} accent="primary">
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {confirmed.message}
        </Alert>
        <LinkActions actions={[confirmed.signedIn ? ACCOUNT : signIn(confirmed.email)]} />
      </Stack>
    </AuthLayout>
  );
}
