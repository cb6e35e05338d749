import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
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
import type { ParentLoginInput } from '../../../../../shared/account-schemas';
import { accountSchemas } from '../lib/account-schemas';
import { EmailField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useParentLogin } from '../api/sign-in-requests';
import { AuthLayout, AuthSubmitButton } from './auth-layout';
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
  const { control, handleSubmit, setValue, clearErrors } = useZodForm<ParentLoginInput>(() => accountSchemas().then((m) => m.parentLoginSchema), { email: prefilled, password: '' });
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
          <EmailField
            control={control}
            name="email"
            label="Email"
            autoFocus={!prefilled}
          />
          <PasswordField control={control} name="password" label="Password" autoComplete="current-password" autoFocus={Boolean(prefilled)} />
          <AuthSubmitButton busy={busy} label="Sign In to Dashboard" busyLabel="Logging in..." />
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

/*
 * The page's icons (Material's FamilyRestroom and TipsAndUpdates) drawn here rather than imported from @mui/icons-material:
 * an icon module lands in a vendor chunk grouped by the pages that use it, and such small groups
 * get merged into chunks this first load does not need (the bundle budget, frontend/scripts/bundle-size.ts).
 */
function FamilyRestroom(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M16 4c0-1.11.89-2 2-2s2 .89 2 2-.89 2-2 2-2-.89-2-2m4 18v-6h2.5l-2.54-7.63C19.68 7.55 18.92 7 18.06 7h-.12c-.86 0-1.63.55-1.9 1.37l-.86 2.58c1.08.6 1.82 1.73 1.82 3.05v8zm-7.5-10.5c.83 0 1.5-.67 1.5-1.5s-.67-1.5-1.5-1.5S11 9.17 11 10s.67 1.5 1.5 1.5M5.5 6c1.11 0 2-.89 2-2s-.89-2-2-2-2 .89-2 2 .89 2 2 2m2 16v-7H9V9c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v6h1.5v7zm6.5 0v-4h1v-4c0-.82-.68-1.5-1.5-1.5h-2c-.82 0-1.5.68-1.5 1.5v4h1v4z" />
    </SvgIcon>
  );
}

function TipsAndUpdates(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M7 20h4c0 1.1-.9 2-2 2s-2-.9-2-2m-2-1h8v-2H5zm11.5-9.5c0 3.82-2.66 5.86-3.77 6.5H5.27c-1.11-.64-3.77-2.68-3.77-6.5C1.5 5.36 4.86 2 9 2s7.5 3.36 7.5 7.5m4.87-2.13L20 8l1.37.63L22 10l.63-1.37L24 8l-1.37-.63L22 6zM19 6l.94-2.06L22 3l-2.06-.94L19 0l-.94 2.06L16 3l2.06.94z" />
    </SvgIcon>
  );
}
