import GroupAdd from '@mui/icons-material/GroupAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { InvitationPreviewDto } from '../../../../../shared/api-types';
import { ACCOUNT_TEXT, API_ERRORS, VALIDATION } from '../../../../../shared/messages';
import type { AcceptInvitationForm } from '../../../../../shared/account-schemas';
import { accountSchemas } from '../lib/account-schemas';
import { NameFields } from '../../../components/form/form-text-field';
import { NewPasswordFields } from '../../../components/form/password-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { firstErrorMessage, noticeForMessage } from '../../../components/form/validation-notice';
import { useToast } from '../../../components/toast';
import { PATHS } from '../../../config/paths';
import { ApiError, errorMessageFor, extractServerMessage } from '../../../lib/api';
import { reloadAt } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvitation, useLinkCheck } from '../api/auth-requests';
import { useAuth } from '../../../api/session';
import { useLinkFragment } from '../lib/link-fragment';
import { AuthLayout, AuthSubmitButton } from './auth-layout';
import { LinkChecking, LinkFailed } from './link-states';

const FIELD_ORDER = ['firstName', 'lastName', 'password', 'confirmPassword'] as const;
const HOME = { label: 'Go to the main page', to: PATHS.home } as const;

/** "Emma", "Emma and Liam", "Emma, Liam and Mia". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the invitation says: who invited, and to help with whom. */
export function invitationLine(preview: Pick<InvitationPreviewDto, 'inviterName' | 'childNames'>): string {
  const who = preview.inviterName || 'A parent';
  return preview.childNames.length > 0
    ? `${who} invited you to help with ${joinNames(preview.childNames)}.`
    : `${who} invited you to join their family on ChoreQuest.`;
}

const untilText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * The page the invitation e-mail opens (`#token=…`): who invited and to which children, then a name
 * and a password for the invited address. Joining signs this browser in as the new parent and opens
 * the family's dashboard.
 */
export function InvitationPage() {
  useDocumentTitle('Join Your Family');
  const { toast } = useToast();
  const auth = useAuth();
  const link = useLinkFragment();
  const preview = useLinkCheck<InvitationPreviewDto>('invitation', link.token);
  const accept = useAcceptInvitation();
  const [refused, setRefused] = useState<string | null>(null);
  const { control, handleSubmit } = useZodForm<AcceptInvitationForm>(() => accountSchemas().then((m) => m.acceptInvitationFormSchema), { firstName: '', lastName: '', password: '', confirmPassword: '' });

  if (!link.token) return <LinkFailed title="Join a family" message={ACCOUNT_TEXT.linkIncomplete} actions={[HOME]} />;
  if (preview.isPending) return <LinkChecking title="Opening your invitation" />;
  if (refused || preview.isError || !preview.data) {
    return <LinkFailed title="Join a family" message={refused ?? errorMessageFor(preview.error, API_ERRORS.invitationInvalid)} actions={[HOME]} />;
  }
  const invitation = preview.data;
  const token = link.token;

  const onInvalid = (errors: FieldErrors<AcceptInvitationForm>) =>
    toast({ variant: 'destructive', ...noticeForMessage(firstErrorMessage(errors, FIELD_ORDER), VALIDATION.accountMissing) });

  const onValid = (values: AcceptInvitationForm) =>
    accept.mutate(
      { token, firstName: values.firstName, lastName: values.lastName, password: values.password },
      {
        onSuccess: () => {
          link.forget();
          reloadAt(PATHS.home);
        },
        onError: (error) => {
          const message = error instanceof ApiError ? extractServerMessage(error.body) : undefined;
          if (message === API_ERRORS.invitationInvalid) {
            link.forget();
            setRefused(message);
            return;
          }
          toast({
            variant: 'destructive',
            ...noticeForMessage(message, { title: ACCOUNT_TEXT.acceptFailedTitle, description: errorMessageFor(error, ACCOUNT_TEXT.acceptFailed) }),
          });
        },
      },
    );

  const busy = accept.isPending || accept.isSuccess;
  const signedInAs = auth.status === 'parent' ? `${auth.user.firstName} (${auth.user.email})` : auth.status === 'child' ? auth.user.displayName : null;
  return (
    <AuthLayout title="You’re invited!" subtitle={invitationLine(invitation)} icon={<GroupAdd />} accent="primary">
      <Stack spacing={2.5}>
        <Box sx={{ p: 2, borderRadius: '12px', bgcolor: 'tone.brand.bg', color: 'tone.brand.fg' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            You will sign in with
          </Typography>
          <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            This invitation works until {untilText(invitation.expiresAt)}.
          </Typography>
        </Box>
        {signedInAs && (
          <Alert severity="info" role="note" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
            This browser is signed in as {signedInAs}. Joining signs it in as the new parent instead.
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
          <Stack spacing={2.5}>
            <NameFields control={control} />
            {/* The address is the invitation's; password managers save the new password with it. */}
            <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
            <NewPasswordFields control={control} />
            <AuthSubmitButton busy={busy} label="Join the Family" busyLabel="Joining..." />
          </Stack>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
