/** The family page's members card (issue 11): the family's parents and open invitations, removing a parent, revoking and sending invitations. */
import Groups from '@mui/icons-material/Groups';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { ACCOUNT_TEXT } from '../../../../../shared/messages';
import { invitationSchema, type InvitationInput } from '../../../../../shared/account-schemas';
import type { FamilyMembersDto } from '../../../api/account';
import { useInviteParent, useRemoveParent, useRevokeInvitation } from '../api/account';
import { LazyConfirmDialog } from '../../../components/dialogs';
import { EmailField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { failureToast, useToast } from '../../../components/toast';
import { ResendLinkButton } from '../../../components/verify-email-banner';
import { ApiError, errorMessageFor } from '../../../lib/api';
import { AddressState } from './address-state';
import { SettingsCard } from './account-area';

type Parent = FamilyMembersDto['parents'][number];
type Invitation = FamilyMembersDto['invitations'][number];

const fullName = (p: { firstName: string; lastName: string }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function MembersCard({ members }: { members: FamilyMembersDto }) {
  const { toast } = useToast();
  const revoke = useRevokeInvitation();
  const remove = useRemoveParent();
  const [removing, setRemoving] = useState<Parent | null>(null);
  const full = members.parents.length + members.invitations.length >= members.limits.maxParents + members.limits.maxPendingInvitations;
  const me = members.parents.find((p) => p.isYou);
  const unconfirmed = me !== undefined && !me.emailVerified;

  const revokeInvitation = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => toast(ACCOUNT_TEXT.invitationRevoked(invitation.email)),
      onError: (error) => toast(failureToast(error, ACCOUNT_TEXT.revokeFailed)),
    });
  const confirmRemove = () => {
    if (!removing) return;
    const parent = removing;
    remove.mutate(parent.id, {
      onSuccess: () => {
        setRemoving(null);
        toast(ACCOUNT_TEXT.parentRemoved(fullName(parent)));
      },
      onError: (error) => {
        setRemoving(null);
        toast(failureToast(error, ACCOUNT_TEXT.removeFailed));
      },
    });
  };

  return (
    <SettingsCard
      icon={<Groups />}
      title="Family members"
      description="Every parent sees and manages all children, chores and payouts. Invite another adult by email; the link works for 7 days."
    >
      <Stack spacing={2.5}>
        <List disablePadding aria-label="Parents" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {members.parents.map((p, i) => (
            <ListItem key={p.id} divider={i < members.parents.length - 1} sx={{ py: 1.5, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  {/* Gaps, not margins, so a badge that wraps starts at the line's edge (issue 18). */}
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography sx={{ fontWeight: 800 }}>{fullName(p)}</Typography>
                    {p.isYou && <Chip size="small" label="You" variant="outlined" />}
                    {p.isOwner && <Chip size="small" label="Created the family" sx={{ fontWeight: 700, bgcolor: 'tone.brand.bg', color: 'tone.brand.fg' }} />}
                  </Stack>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {p.email}
                    </Typography>
                    <AddressState verified={p.emailVerified} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    Joined {shortDate(p.joinedAt)}
                  </Typography>
                </Box>
                {members.isOwner && !p.isYou && (
                  <Button color="error" variant="outlined" size="small" onClick={() => setRemoving(p)} aria-label={`Remove ${fullName(p)}`}>
                    Remove
                  </Button>
                )}
            </ListItem>
          ))}
        </List>

        {members.invitations.length > 0 && (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800, mb: 1 }}>
              Pending invitations
            </Typography>
            <List disablePadding aria-label="Pending invitations" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
              {members.invitations.map((inv, i) => (
                <ListItem key={inv.id} divider={i < members.invitations.length - 1} sx={{ py: 1.5, gap: 1.5, flexWrap: 'wrap' }}>
                    <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{inv.email}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        Invited by {inv.invitedBy} · link works until {shortDate(inv.expiresAt)}
                      </Typography>
                    </Box>
                    <Button
                      variant="outlined"
                      size="small"
                      onClick={() => revokeInvitation(inv)}
                      disabled={revoke.isPending && revoke.variables === inv.id}
                      aria-label={`Revoke the invitation to ${inv.email}`}
                    >
                      Revoke
                    </Button>
                </ListItem>
              ))}
            </List>
          </Box>
        )}

        {unconfirmed && <ConfirmBeforeInviting email={me.email} />}
        <InviteForm disabled={full || unconfirmed} full={full} />
      </Stack>

      {removing && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={`Remove ${fullName(removing)}?`}
            description={`${fullName(removing)} (${removing.email}) will no longer be a parent of this family and is signed out at once on every device. Their login is deleted; you can invite them again later.`}
            confirmLabel={remove.isPending ? 'Removing...' : 'Remove Parent'}
            destructive
            busy={remove.isPending}
            onConfirm={confirmRemove}
            onClose={() => setRemoving(null)}
          />
        </Suspense>
      )}
    </SettingsCard>
  );
}

/**
 * Inviting waits for a confirmed address (issue 17): otherwise someone who signed up with another
 * person's address could add parents to the family before its owner turns up.
 */
function ConfirmBeforeInviting({ email }: { email: string }) {
  return (
    <Alert
      severity="warning"
      icon={<MarkEmailUnread />}
      action={<ResendLinkButton />}
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { alignItems: 'center' }, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>Confirm your email to invite a parent</AlertTitle>
      Follow the link we sent to <strong>{email}</strong> first. Only a parent who has proven their address can invite others, so nobody who signs
      up with an address that is not theirs can add parents to a family.
    </Alert>
  );
}

function InviteForm({ disabled, full }: { disabled: boolean; full: boolean }) {
  const { toast } = useToast();
  const invite = useInviteParent();
  const { control, handleSubmit, reset, setError } = useZodForm<InvitationInput>(invitationSchema, { email: '' });
  const onValid = (values: InvitationInput) =>
    invite.mutate(values, {
      onSuccess: (invitation) => {
        reset({ email: '' });
        toast(ACCOUNT_TEXT.invitationSent(invitation.email));
      },
      onError: (error) => {
        const message = errorMessageFor(error, ACCOUNT_TEXT.inviteFailed);
        if (error instanceof ApiError && error.status < 500 && error.status !== 429) setError('email', { message }, { shouldFocus: true });
        toast({ variant: 'destructive', title: 'Could Not Invite', description: message });
      },
    });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid)}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800, mb: 1.5 }}>
        Invite a parent
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <EmailField
          control={control}
          name="email"
          label="Their Email Address"
          autoComplete="off"
          required
          disabled={invite.isPending || disabled}
        />
        <Button type="submit" variant="contained" disabled={invite.isPending || disabled} sx={{ flexShrink: 0, minHeight: 56 }}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </Stack>
      {full && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your family has as many parents and invitations as it can have. Revoke an invitation to send another.
        </Typography>
      )}
    </Box>
  );
}
