import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import TipsAndUpdates from '@mui/icons-material/TipsAndUpdates';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DEMO_PARENT } from '../../../../../shared/demo';
import { VALIDATION } from '../../../../../shared/messages';
import { parentLoginSchema, type ParentLoginInput } from '../../../../../shared/schemas';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useParentLogin } from '../api/auth-requests';
import { AuthLayout } from './auth-layout';
import { useZodForm } from '../../../components/form/use-zod-form';

export function ParentLoginPage() {
  useDocumentTitle('Parent Sign In');
  const { toast } = useToast();
  const login = useParentLogin();
  const { control, handleSubmit, setValue, clearErrors } = useZodForm<ParentLoginInput>(parentLoginSchema, { email: '', password: '' });
  // Stays busy after success too: the page is about to reload.
  const busy = login.isPending || login.isSuccess;

  const onValid = (values: ParentLoginInput) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Welcome back!' });
        reloadAt(PATHS.home);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Login Failed',
          description: errorMessageFor(error, 'Please check your email and password.'),
        }),
    });

  const onInvalid = () => toast({ variant: 'destructive', ...VALIDATION.parentLoginMissing });

  const useDemo = () => {
    setValue('email', DEMO_PARENT.email);
    setValue('password', DEMO_PARENT.password);
    clearErrors();
  };

  return (
    <AuthLayout
      title="Parent Sign In"
      subtitle="Manage chores, schedules and rewards for your family."
      icon={<FamilyRestroom />}
      accent="primary"
      footer={
        <>
          <Typography>
            New to ChoreQuest?{' '}
            <Link component={RouterLink} to={PATHS.parentSignup}>
              Create a parent account
            </Link>
          </Typography>
          <Typography color="text.secondary">
            Signing in as a child?{' '}
            <Link component={RouterLink} to={PATHS.childLogin}>
              Child Sign In
            </Link>
          </Typography>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            autoFocus
          />
          <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Logging in...' : 'Sign In to Dashboard'}
          </Button>
        </Stack>
      </Box>
      <Alert role="note" severity="info" icon={<TipsAndUpdates />} sx={{ mt: 3 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>Try the demo family</AlertTitle>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 1.5, rowGap: { xs: 0, sm: 0.25 } }}
        >
          <Box component="dt" sx={{ fontWeight: 700 }}>
            Email
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {DEMO_PARENT.email}
          </Box>
          <Box component="dt" sx={{ fontWeight: 700, mt: { xs: 0.75, sm: 0 } }}>
            Password
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {DEMO_PARENT.password}
          </Box>
        </Box>
        <Button size="small" variant="outlined" onClick={useDemo} sx={{ mt: 1.5 }} disabled={busy}>
          Fill in the demo login
        </Button>
      </Alert>
    </AuthLayout>
  );
}
