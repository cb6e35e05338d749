import Password from '@mui/icons-material/Password';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_TEXT, API_ERRORS, VALIDATION } from '../../../../../shared/messages';
import type { ResetPasswordForm } from '../../../../../shared/account-schemas';
import { accountSchemas } from '../lib/account-schemas';
import { NEW_PASSWORD_LABELS, NewPasswordFields } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { firstErrorMessage, noticeForMessage } from '../../../components/form/validation-notice';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { ApiError, errorMessageFor, extractServerMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/auth-requests';
import { useLinkFragment } from '../lib/link-fragment';
import { AuthLayout, AuthSubmitButton } from './auth-layout';
import { LinkFailed } from './link-states';
import type { ParentLoginState } from './parent-login-page';

const FIELD_ORDER = ['password', 'confirmPassword'] as const;
const NEW_LINK = { label: 'Ask for a new link', to: PATHS.forgotPassword } as const;

/** The page the password-reset e-mail opens (`#token=…`): a new password, then sign in with it. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const { toast } = useToast();
  const navigate = useNavigate();
  const link = useLinkFragment();
  const reset = useResetPassword();
  // The server's reason once it has refused the link itself (expired, used, superseded).
  const [refused, setRefused] = useState<string | null>(null);
  const { control, handleSubmit } = useZodForm<ResetPasswordForm>(() => accountSchemas().then((m) => m.resetPasswordFormSchema), { password: '', confirmPassword: '' });

  if (!link.token) return <LinkFailed title="Reset your password" message={ACCOUNT_TEXT.linkIncomplete} actions={[NEW_LINK]} />;
  if (refused) return <LinkFailed title="Reset your password" message={refused} actions={[NEW_LINK]} />;
  const token = link.token;

  const onInvalid = (errors: FieldErrors<ResetPasswordForm>) =>
    toast({ variant: 'destructive', ...noticeForMessage(firstErrorMessage(errors, FIELD_ORDER), VALIDATION.accountMissing) });

  const onValid = ({ password }: ResetPasswordForm) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message, email }) => {
          link.forget();
          const state: ParentLoginState = { notice: { title: 'Password changed', description: message } };
          void navigate(`${PATHS.parentLogin}?${new URLSearchParams({ email })}`, { state });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? extractServerMessage(error.body) : undefined;
          if (message === API_ERRORS.resetLinkInvalid) {
            link.forget();
            setRefused(message);
            return;
          }
          toast({ variant: 'destructive', ...noticeForMessage(message, { title: 'Error', description: errorMessageFor(error, ACCOUNT_TEXT.resetFailed) }) });
        },
      },
    );

  const busy = reset.isPending || reset.isSuccess;
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Once it is saved, you are signed out on every device and sign in again with the new password."
      icon={<Password />}
      accent="primary"
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <NewPasswordFields control={control} labels={NEW_PASSWORD_LABELS} autoFocus />
          <AuthSubmitButton busy={busy} label="Save New Password" busyLabel="Saving..." />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
