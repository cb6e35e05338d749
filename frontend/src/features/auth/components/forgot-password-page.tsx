import LockReset from '@mui/icons-material/LockReset';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ACCOUNT_TEXT, VALIDATION } from '../../../../../shared/messages';
import { accountSchemas } from '../lib/account-schemas';
import { EmailField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { firstErrorMessage, noticeForMessage } from '../../../components/form/validation-notice';
import { failureToast, useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useForgotPassword } from '../api/auth-requests';
import { AuthLayout, AuthSubmitButton } from './auth-layout';

type ForgotPasswordForm = { email: string };

/**
 * "Forgot password?" (issue 11). The answer is the same whether or not the address has an
 * account, so the page shows it as it comes, and never says which it was.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const { toast } = useToast();
  const [params] = useSearchParams();
  const send = useForgotPassword();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const { control, handleSubmit, getValues } = useZodForm<ForgotPasswordForm, { email: string }>(() => accountSchemas().then((m) => m.forgotPasswordSchema), { email: params.get('email') ?? '' });

  const onInvalid = (errors: FieldErrors<ForgotPasswordForm>) =>
    toast({ variant: 'destructive', ...noticeForMessage(firstErrorMessage(errors, ['email']), VALIDATION.emailMissing) });

  const onValid = ({ email }: { email: string }) =>
    send.mutate(
      { email },
      {
        onSuccess: ({ message }) => setSent({ email, message }),
        onError: (error) => toast(failureToast(error, ACCOUNT_TEXT.forgotFailed)),
      },
    );

  const signInLink = (
    <Typography>
      Remembered it?{' '}
      <Link component={RouterLink} to={PATHS.parentLogin}>
        Back to Parent Sign In
      </Link>
    </Typography>
  );

  if (sent) {
    return (
      <AuthLayout title="Check your email" subtitle={sent.email} icon={<MarkEmailRead />} accent="primary" footer={signInLink}>
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            <AlertTitle sx={{ fontWeight: 700 }}>Request received</AlertTitle>
            {sent.message}
          </Alert>
          <Typography color="text.secondary">The link works once, for one hour. Nothing arrived after a few minutes? Check the address above and your spam folder, then try again.</Typography>
          <Button variant="outlined" onClick={() => setSent(null)}>
            Try again
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const busy = send.isPending;
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address you sign in with, and we will send you a link to choose a new password."
      icon={<LockReset />}
      accent="primary"
      footer={signInLink}
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <EmailField
            control={control}
            name="email"
            label="Email"
            required
            autoFocus={!getValues('email')}
          />
          <AuthSubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
