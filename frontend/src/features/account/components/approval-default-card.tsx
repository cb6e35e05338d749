import HowToReg from '@mui/icons-material/HowToReg';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { AccountDto } from '../../../api/account';
import { useSetApprovalDefault } from '../api/account';
import { failureToast, useToast } from '../../../components/toast';
import { SettingsCard } from './account-area';

/**
 * SWITCH_FOLLOWS_CLICK (account-page.tsx): the switch holds the value clicked in component state,
 * set in the click itself, so it never flickers back while the call runs.
 */
/** Issue 19: whether new chores need a parent's OK unless the chore dialog says otherwise (off unless set). */
export function ApprovalDefaultCard({ account }: { account: AccountDto }) {
  const { toast } = useToast();
  const set = useSetApprovalDefault();
  const hintId = useId();
  const [asked, setAsked] = useState<boolean>();
  const toggle = (on: boolean) => {
    setAsked(on);
    set.mutate(on, {
      onSettled: () => setAsked(undefined),
      onSuccess: (next) =>
        toast(
          next.approvalByDefault
            ? { title: 'New chores need your OK', description: 'A child’s tick on a new chore counts once a parent approves it. Existing chores keep their setting.' }
            : { title: 'New chores count at once', description: 'A child’s tick on a new chore counts straight away. Existing chores keep their setting.' },
        ),
      onError: (error) => toast(failureToast(error, 'Failed to save the setting. Please try again.')),
    });
  };
  // From the click on, the switch shows where it is going (SWITCH_FOLLOWS_CLICK).
  const checked = asked ?? (set.isPending ? set.variables : account.family.approvalByDefault ?? false);
  return (
    <SettingsCard
      icon={<HowToReg />}
      title="A parent’s OK"
      description="A chore can wait for a parent’s OK before a child’s tick counts: you approve it on the dashboard, or send it back with a note."
    >
      <Stack spacing={1.5}>
        <FormControlLabel
          control={<Switch checked={checked} onChange={(_, on) => toggle(on)} disabled={set.isPending} slotProps={{ input: { 'aria-describedby': hintId } }} />}
          label="New chores need a parent’s OK"
        />
        <Typography id={hintId} variant="body2" color="text.secondary">
          The family’s default for the chore dialog’s “Needs a parent’s OK” box. Each chore can still be set on its own; your own ticks always count at once.
        </Typography>
      </Stack>
    </SettingsCard>
  );
}
