import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SubmitErrorHandler } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { VALIDATION } from '../../../../../shared/messages';
import type { ParentSignupForm } from '../../../../../shared/account-schemas';
import { accountSchemas } from '../lib/account-schemas';
import { EmailField, NameFields } from '../../../components/form/form-text-field';
import { NewPasswordFields } from '../../../components/form/password-field';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { errorMessageFor } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useParentSignup } from '../api/sign-in-requests';
import { AuthLayout, AuthSubmitButton } from './auth-layout';
import { firstErrorMessage, noticeForMessage } from '../../../components/form/validation-notice';
import { useZodForm } from '../../../components/form/use-zod-form';

const FIELD_ORDER = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

/**
 * Issue 22: the browser's language, from which the server sets the new family's currency and number
 * format ("de-DE": euros written "12,50 €"; shared/currency-regions.ts `signupMoney`).
 */
function browserLocale(): { locale?: string } {
  return typeof navigator === 'undefined' || !navigator.language ? {} : { locale: navigator.language };
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function ParentSignupPage() {
  useDocumentTitle('Create Parent Account');
  const { toast } = useToast();
  const signup = useParentSignup();
  const { control, handleSubmit, setError } = useZodForm<ParentSignupForm>(() => accountSchemas().then((m) => m.parentSignupFormSchema), { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const busy = signup.isPending || signup.isSuccess;

  const onInvalid: SubmitErrorHandler<ParentSignupForm> = (errors) =>
    toast({ variant: 'destructive', ...noticeForMessage(firstErrorMessage(errors, FIELD_ORDER), VALIDATION.signupMissing) });

  const onValid = async (values: ParentSignupForm) => {
    // The API's own schema trims the names and email and checks the email's shape (loaded with the form's).
    const { firstMessage, parentSignupSchema } = await accountSchemas();
    const parsed = parentSignupSchema.safeParse({
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      timeZone: browserTimeZone(),
      ...browserLocale(),
    });
    if (!parsed.success) {
      const message = firstMessage(parsed.error);
      const field = parsed.error.issues[0]?.path[0];
      if (field === 'email' || field === 'password' || field === 'firstName' || field === 'lastName') {
        setError(field, { message });
      }
      toast({ variant: 'destructive', ...noticeForMessage(message, VALIDATION.signupMissing) });
      return;
    }
    signup.mutate(parsed.data, {
      onSuccess: () => reloadAt(PATHS.home),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Signup Failed',
          description: errorMessageFor(error, 'Please check your information and try again.'),
        }),
    });
  };

  return (
    <AuthLayout
      title="Create Parent Account"
      subtitle="Set up your family in a minute: children, chores and rewards."
      icon={<PersonAdd />}
      accent="primary"
      footer={
        <Typography>
          Already have an account?{' '}
          <Link component={RouterLink} to={PATHS.parentLogin}>
            Sign in
          </Link>
        </Typography>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <NameFields control={control} />
          <EmailField
            control={control}
            name="email"
            label="Email Address"
            required
          />
          <NewPasswordFields control={control} />
          <AuthSubmitButton busy={busy} label="Create Account" busyLabel="Creating Account..." />
        </Stack>
      </Box>
      <Alert role="note" severity="info" icon={<RocketLaunch />} sx={{ mt: 3 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>Getting Started</AlertTitle>
        After you sign up, you will:
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          <li>Add your children and give each one a username and password.</li>
          <li>Create chores and set the money each one is worth.</li>
          <li>Set up the weekly schedule, or let ChoreQuest hand out chores every week.</li>
        </Box>
      </Alert>
    </AuthLayout>
  );
}

/*
 * The page's icons (Material's PersonAdd and RocketLaunch) drawn here rather than imported from @mui/icons-material:
 * an icon module lands in a vendor chunk grouped by the pages that use it, and such small groups
 * get merged into chunks this first load does not need (the bundle budget, frontend/scripts/bundle-size.ts).
 */
function PersonAdd(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M15 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m-9-2V7H4v3H1v2h3v3h2v-3h3v-2zm9 4c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4" />
    </SvgIcon>
  );
}

function RocketLaunch(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9.19 6.35c-2.04 2.29-3.44 5.58-3.57 5.89L2 10.69l4.05-4.05c.47-.47 1.15-.68 1.81-.55zM11.17 17s3.74-1.55 5.89-3.7c5.4-5.4 4.5-9.62 4.21-10.57-.95-.3-5.17-1.19-10.57 4.21C8.55 9.09 7 12.83 7 12.83zm6.48-2.19c-2.29 2.04-5.58 3.44-5.89 3.57L13.31 22l4.05-4.05c.47-.47.68-1.15.55-1.81zM9 18c0 .83-.34 1.58-.88 2.12C6.94 21.3 2 22 2 22s.7-4.94 1.88-6.12C4.42 15.34 5.17 15 6 15c1.66 0 3 1.34 3 3m4-9c0-1.1.9-2 2-2s2 .9 2 2-.9 2-2 2-2-.9-2-2" />
    </SvgIcon>
  );
}
