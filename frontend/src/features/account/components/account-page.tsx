import AlternateEmail from '@mui/icons-material/AlternateEmail';
import Badge from '@mui/icons-material/Badge';
import Groups from '@mui/icons-material/Groups';
import Key from '@mui/icons-material/Key';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { FieldErrors, FieldValues, UseFormSetError, Path } from 'react-hook-form';
import { ACCOUNT_TEXT, API_ERRORS, VALIDATION, type Notice } from '../../../../../shared/messages';
import {
  changePasswordFormSchema,
  emailChangeSchema,
  profileSchema,
  type ChangePasswordForm,
  type EmailChangeInput,
  type ProfileInput,
} from '../../../../../shared/account-schemas';
import { useAccount, type AccountDto } from '../../../api/account';
import { useCancelEmailChange, useChangePassword, useSetWeeklyReport, useStartEmailChange, useUpdateProfile } from '../api/account';
import { EmailField, FormTextField } from '../../../components/form/form-text-field';
import { NEW_PASSWORD_LABELS, NewPasswordFields, PasswordField } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { firstErrorMessage, noticeForMessage } from '../../../components/form/validation-notice';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { ApiError, errorMessageFor, extractServerMessage } from '../../../lib/api';
import { AccountArea, SettingsCard } from './account-area';
import { AddressState } from './address-state';
import { RemindersCard } from './reminders-card';
import { UNDELIVERABLE_TEXT } from '../../../components/undeliverable-email-banner';
import { ResendLinkButton } from '../../../components/verify-email-banner';

type ProfileOutput = { firstName: string; lastName: string };

/** The toast for a form the schema refused: the first field's message, as the spec's notice when it is one. */
function useInvalidToast<T extends FieldValues>(order: readonly (keyof T)[], fallback: Notice) {
  const { toast } = useToast();
  return (errors: FieldErrors<T>) => toast({ variant: 'destructive', ...noticeForMessage(firstErrorMessage(errors, order), fallback) });
}

/**
 * A refused change: the server's message in a toast, and under the field it is about when there is
 * one (a wrong password under the password).
 */
function useFailureToast() {
  const { toast } = useToast();
  return <T extends FieldValues>(error: unknown, fallback: string, fieldFor?: { setError: UseFormSetError<T>; fields: Partial<Record<string, Path<T>>> }) => {
    const message = error instanceof ApiError ? extractServerMessage(error.body) : undefined;
    const field = message ? fieldFor?.fields[message] : undefined;
    if (field && message) fieldFor!.setError(field, { message }, { shouldFocus: true });
    toast({ variant: 'destructive', ...noticeForMessage(message, { title: 'Error', description: message ?? errorMessageFor(error, fallback) }) });
  };
}

/**
 * Account settings (issue 11): this parent's own names, address, password, weekly report and
 * reminders (issue 32). The
 * family-wide settings (time zone, money, a parent's OK, the pause) live on the Family page (issue 29
 * point 15); a card here says where.
 */
export function AccountPage({ user }: { user: { firstName: string } }) {
  const account = useAccount();
  return (
    <AccountArea
      current={PATHS.account}
      title="Account Settings"
      subtitle={`${user.firstName ? `${user.firstName}, your` : 'Your'} name, sign-in and emails. What the whole family shares is on the Family page.`}
    >
      {account.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading your account" />
        </Box>
      ) : account.isError ? (
        <Alert severity="error">We could not load your account. Please refresh the page to try again.</Alert>
      ) : (
        <>
          <ProfileCard account={account.data} />
          <EmailCard account={account.data} />
          <PasswordCard account={account.data} />
          <WeeklyReportCard account={account.data} />
          <RemindersCard />
          <FamilySettingsPointer />
        </>
      )}
    </AccountArea>
  );
}

function ProfileCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const save = useUpdateProfile();
  const onInvalid = useInvalidToast<ProfileInput>(['firstName', 'lastName'], VALIDATION.accountMissing);
  const fail = useFailureToast();
  const { control, handleSubmit, reset } = useZodForm<ProfileInput, ProfileOutput>(profileSchema, { firstName: account.firstName, lastName: account.lastName });
  useEffect(() => reset({ firstName: account.firstName, lastName: account.lastName }), [account.firstName, account.lastName, reset]);

  const onValid = (values: ProfileOutput) =>
    save.mutate(values, {
      onSuccess: () => toast(ACCOUNT_TEXT.nameSaved),
      onError: (error) => fail(error, ACCOUNT_TEXT.nameFailed),
    });

  return (
    <SettingsCard icon={<Badge />} title="Your name" description="Other parents see it in Family members, and the payout history names you when you reset earnings.">
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField control={control} name="firstName" label="First Name" autoComplete="given-name" required disabled={save.isPending} />
            <FormTextField control={control} name="lastName" label="Last Name" autoComplete="family-name" disabled={save.isPending} />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Name'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsCard>
  );
}

function EmailCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const start = useStartEmailChange();
  const cancel = useCancelEmailChange();
  const onInvalid = useInvalidToast<EmailChangeInput>(['email', 'password'], VALIDATION.accountMissing);
  const fail = useFailureToast();
  const { control, handleSubmit, reset, setError } = useZodForm<EmailChangeInput>(emailChangeSchema, { email: '', password: '' });
  const currentId = useId();

  const onValid = (values: EmailChangeInput) =>
    start.mutate(values, {
      onSuccess: (next) => {
        reset({ email: '', password: '' });
        toast(ACCOUNT_TEXT.emailChangeSent(next.pendingEmail ?? values.email, next.email));
      },
      onError: (error) =>
        fail(error, ACCOUNT_TEXT.emailChangeFailed, {
          setError,
          fields: {
            [API_ERRORS.wrongPassword]: 'password',
            [API_ERRORS.sameEmail]: 'email',
            [API_ERRORS.emailTaken]: 'email',
          },
        }),
    });

  const cancelChange = () =>
    cancel.mutate(undefined, {
      onSuccess: (next) => toast(ACCOUNT_TEXT.emailChangeCancelled(next.email)),
      onError: (error) => fail(error, ACCOUNT_TEXT.emailChangeCancelFailed),
    });

  const busy = start.isPending;
  return (
    <SettingsCard icon={<AlternateEmail />} title="Email address" description="You sign in with it, and it is where password resets and the weekly report go.">
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="body2" color="text.secondary" id={currentId} sx={{ fontWeight: 700 }}>
            Current address
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} aria-describedby={currentId}>
            <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{account.email}</Typography>
            <AddressState verified={account.emailVerified} />
          </Stack>
        </Box>
        {!account.emailVerified && (
          <Alert severity="warning" icon={<MarkEmailUnread />} action={<ResendLinkButton />} sx={{ '& .MuiAlert-action': { alignItems: 'center' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            Follow the link we sent to this address to confirm it.
          </Alert>
        )}
        {account.emailVerified && account.emailUndeliverable && (
          <Alert severity="error" role="status" action={<ResendLinkButton />} sx={{ '& .MuiAlert-action': { alignItems: 'center' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            {UNDELIVERABLE_TEXT.settings}
          </Alert>
        )}
        {account.pendingEmail && (
          <Alert
            severity="info"
            role="status"
            action={
              <Button color="inherit" size="small" variant="outlined" onClick={cancelChange} disabled={cancel.isPending} sx={{ whiteSpace: 'nowrap' }}>
                {cancel.isPending ? 'Cancelling...' : 'Cancel change'}
              </Button>
            }
            sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
          >
            <AlertTitle sx={{ fontWeight: 700 }}>Waiting for confirmation</AlertTitle>
            We sent a link to <strong style={{ overflowWrap: 'anywhere' }}>{account.pendingEmail}</strong>. It works for 24 hours. Until you follow it, you keep signing in with{' '}
            {account.email}.
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800, mb: 1.5 }}>
            Change your email address
          </Typography>
          <Stack spacing={2.5}>
            {/* Tells password managers whose password the field below is. */}
            <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
            <EmailField
              control={control}
              name="email"
              label="New Email Address"
              required
              disabled={busy}
            />
            <PasswordField control={control} name="password" label="Current Password" autoComplete="current-password" required disabled={busy} />
            <Typography variant="body2" color="text.secondary">
              We send a link to the new address. The change is made once you follow it, and we tell your current address about it.
            </Typography>
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? 'Sending...' : 'Change Email'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Stack>
    </SettingsCard>
  );
}

const PASSWORD_ORDER = ['currentPassword', 'password', 'confirmPassword'] as const;

function PasswordCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const change = useChangePassword();
  const onInvalid = useInvalidToast<ChangePasswordForm>(PASSWORD_ORDER, VALIDATION.accountMissing);
  const fail = useFailureToast();
  const empty = { currentPassword: '', password: '', confirmPassword: '' };
  const { control, handleSubmit, reset, setError } = useZodForm<ChangePasswordForm>(changePasswordFormSchema, empty);

  const onValid = ({ currentPassword, password }: ChangePasswordForm) =>
    change.mutate(
      { currentPassword, newPassword: password },
      {
        onSuccess: ({ message }) => {
          reset(empty);
          toast({ title: ACCOUNT_TEXT.passwordChangedTitle, description: message });
        },
        onError: (error) => fail(error, ACCOUNT_TEXT.passwordFailed, { setError, fields: { [API_ERRORS.wrongCurrentPassword]: 'currentPassword' } }),
      },
    );

  const busy = change.isPending;
  return (
    <SettingsCard icon={<Key />} title="Password" description="Changing it signs you out on your other devices; this one stays signed in.">
      <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack spacing={2.5}>
          <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
          <PasswordField control={control} name="currentPassword" label="Current Password" autoComplete="current-password" required disabled={busy} />
          <NewPasswordFields control={control} labels={NEW_PASSWORD_LABELS} disabled={busy} />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Saving...' : 'Change Password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsCard>
  );
}

/**
 * SWITCH_FOLLOWS_CLICK: a switch saved by a call holds the value clicked in component state, set in
 * the click itself. The mutation's own pending state reaches the component a tick later (React
 * Query notifies on a timer), and meanwhile React puts the controlled input back to the old value:
 * a visible flicker, and the reason a browser test's check() saw no change on a busy machine.
 */

function WeeklyReportCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const set = useSetWeeklyReport();
  const fail = useFailureToast();
  const hintId = useId();
  const [asked, setAsked] = useState<boolean>();
  const toggle = (enabled: boolean) => {
    setAsked(enabled);
    set.mutate(enabled, {
      onSettled: () => setAsked(undefined),
      onSuccess: (next) =>
        toast(
          enabled
            ? { ...ACCOUNT_TEXT.weeklyReportOn, description: next.emailVerified ? ACCOUNT_TEXT.weeklyReportOn.description : ACCOUNT_TEXT.weeklyReportWaits }
            : ACCOUNT_TEXT.weeklyReportOff,
        ),
      onError: (error) => fail(error, ACCOUNT_TEXT.weeklyReportFailed),
    });
  };
  // From the click on, the switch shows where it is going (SWITCH_FOLLOWS_CLICK).
  const checked = asked ?? (set.isPending ? set.variables : account.weeklyReport);
  return (
    <SettingsCard
      icon={<MarkEmailUnread />}
      title="Weekly email report"
      description="Every Sunday, once the new week’s chores are handed out: last week for each child (chores done, earned, paid out, owed) and what the new week holds."
    >
      <Stack spacing={1.5}>
        <FormControlLabel
          control={<Switch checked={checked} onChange={(_, on) => toggle(on)} disabled={set.isPending} slotProps={{ input: { 'aria-describedby': hintId } }} />}
          label="Email me the weekly report"
        />
        <Typography id={hintId} variant="body2" color="text.secondary">
          Each parent chooses for themselves. Every report has a one-click unsubscribe link.
        </Typography>
        {account.weeklyReport && !account.emailVerified && (
          <Alert severity="warning" action={<ResendLinkButton />} sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { alignItems: 'center' } }}>
            {ACCOUNT_TEXT.weeklyReportWaits}
          </Alert>
        )}
      </Stack>
    </SettingsCard>
  );
}

/** Where the family-wide settings went (issue 29 point 15): a parent who looks here for them finds the way. */
function FamilySettingsPointer() {
  return (
    <SettingsCard icon={<Groups />} title="Family settings" description="The time zone, the currency and number format, jars, a parent’s OK for new chores and the family pause apply to every parent and child.">
      <Button component={RouterLink} to={PATHS.family} variant="outlined">
        Open Family Settings
      </Button>
    </SettingsCard>
  );
}
