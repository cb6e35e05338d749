import Face from '@mui/icons-material/Face';
import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { VALIDATION } from '../../../../../shared/messages';
import { childLoginSchema, type ChildLoginInput } from '../../../../../shared/schemas';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChildLogin } from '../api/auth-requests';
import { AuthLayout } from './auth-layout';
import { useZodForm } from '../../../components/form/use-zod-form';

export function ChildLoginPage() {
  useDocumentTitle('Child Sign In');
  const { toast } = useToast();
  const login = useChildLogin();
  const { control, handleSubmit } = useZodForm<ChildLoginInput>(childLoginSchema, { username: '', password: '' });
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
