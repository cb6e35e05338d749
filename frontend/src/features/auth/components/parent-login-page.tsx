import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import TipsAndUpdates from '@mui/icons-material/TipsAndUpdates';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { DEMO_PARENT } from '../../../../../shared/demo';
import { VALIDATION, type Notice } from '../../../../../shared/messages';
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
import { useWatch } from 'react-hook-form';

/** Where to go after signing in: `/`, or a parent page that sent a signed-out visitor here (`?next=`; only those, never another site). */
const RETURN_PATHS: readonly string[] = [PATHS.account, PATHS.family];
const returnPath = (next: string | null): string => (next && RETURN_PATHS.includes(next) ? next : PATHS.home);

/** "Forgot password?" carries the address typed so far, so it need not be typed twice. */
const forgotPasswordHref = (email: string) => {
  const typed = email.trim();
  return typed ? `${PATHS.forgotPassword}?${new URLSearchParams({ email: typed })}` : PATHS.forgotPassword;
};

/** What a page that sends the parent here may say above the form (router state), e.g. after a password reset. */
export interface ParentLoginState {
  notice?: Notice;
}

export function ParentLoginPage() {
  useDocumentTitle('Parent Sign In');
  const { toast } = useToast();
  const login = useParentLogin();
  const [params] = useSearchParams();
  // `?email=` comes from the account pages (after a reset or a confirmed address): the address to sign in with.
  const prefilled = params.get('email') ?? '';
  const notice = (useLocation().state as ParentLoginState | null)?.notice;
  const next = returnPath(params.get('next'));
  const { control, handleSubmit, setValue, clearErrors } = useZodForm<ParentLoginInput>(parentLoginSchema, { email: prefilled, password: '' });
  // Stays busy after success too: the page is about to reload.
  const busy = login.isPending || login.isSuccess;

  const onValid = (values: ParentLoginInput) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Welcome back!' });
        reloadAt(next);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Login Failed',
          description: errorMessageFor(error, 'Please check your email and password.'),
        }),
    });

  const onInvalid = () => toast({ variant: 'destructive', ...VALIDATION.parentLoginMissing });
  const typedEmail = useWatch({ control, name: 'email' });

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
      {notice && (
        <Alert role="status" severity="success" sx={{ mb: 3 }}>
          <AlertTitle sx={{ fontWeight: 700 }}>{notice.title}</AlertTitle>
          {notice.description}
        </Alert>
      )}
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
            autoFocus={!prefilled}
          />
          <PasswordField control={control} name="password" label="Password" autoComplete="current-password" autoFocus={Boolean(prefilled)} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Logging in...' : 'Sign In to Dashboard'}
          </Button>
          {/* After the button, so Tab still goes email, password, show password, sign in. */}
          <Typography sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to={forgotPasswordHref(typedEmail)}>
              Forgot password?
            </Link>
          </Typography>
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
