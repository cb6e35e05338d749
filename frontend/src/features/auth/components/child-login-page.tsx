import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { VALIDATION } from '../../../../../shared/messages';
import type { ChildLoginInput } from '../../../../../shared/account-schemas';
import { accountSchemas } from '../lib/account-schemas';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChildLogin } from '../api/sign-in-requests';
import { AuthLayout } from './auth-layout';
import { useZodForm } from '../../../components/form/use-zod-form';

export function ChildLoginPage() {
  useDocumentTitle('Child Sign In');
  const { toast } = useToast();
  const login = useChildLogin();
  const { control, handleSubmit } = useZodForm<ChildLoginInput>(() => accountSchemas().then((m) => m.childLoginSchema), { username: '', password: '' });
  const busy = login.isPending || login.isSuccess;

  const onValid = (values: ChildLoginInput) =>
    login.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Welcome back!', description: user?.displayName ? `Let's go, ${user.displayName}!` : undefined });
        reloadAt(PATHS.home);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Login Failed',
          description: errorMessageFor(error, 'Please check your username and password.'),
        }),
    });

  const onInvalid = () => toast({ variant: 'destructive', ...VALIDATION.childLoginMissing });

  return (
    <AuthLayout
      title="Child Sign In"
      subtitle="Ready for today’s quest? Log in to see your chores and what you’ve earned."
      icon={<Face />}
      accent="secondary"
      footer={
        <Typography color="text.secondary">
          Are you a parent?{' '}
          <Link component={RouterLink} to={PATHS.parentLogin}>
            Parent Sign In
          </Link>
        </Typography>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <FormTextField control={control} name="username" label="Username" autoComplete="username" autoCapitalize="none" autoFocus />
          <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
          <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={busy}>
            {busy ? 'Logging in...' : 'Log In to My Chores'}
          </Button>
        </Stack>
      </Box>
      <Alert role="note" severity="warning" icon={<Lock />} sx={{ mt: 3 }}>
        Ask your parent for your username and password.
      </Alert>
    </AuthLayout>
  );
}

/*
 * The page's two icons (Material's Face and Lock) drawn here rather than imported from
 * @mui/icons-material: an icon module shared with other pages lands in a vendor chunk grouped by
 * the pages that use it, and such small groups get merged into chunks this first load does not need
 * (the bundle budget, frontend/scripts/bundle-size.ts).
 */
function Face(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9 11.75c-.69 0-1.25.56-1.25 1.25s.56 1.25 1.25 1.25 1.25-.56 1.25-1.25-.56-1.25-1.25-1.25m6 0c-.69 0-1.25.56-1.25 1.25s.56 1.25 1.25 1.25 1.25-.56 1.25-1.25-.56-1.25-1.25-1.25M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8 0-.29.02-.58.05-.86 2.36-1.05 4.23-2.98 5.21-5.37C11.07 8.33 14.05 10 17.42 10c.78 0 1.53-.09 2.25-.26.21.71.33 1.47.33 2.26 0 4.41-3.59 8-8 8" />
    </SvgIcon>
  );
}

function Lock(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z" />
    </SvgIcon>
  );
}
