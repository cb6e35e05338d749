import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useAccount } from '../../../api/account';
import { useFamilyMembers } from '../api/account';
import { PATHS } from '../../../config/paths';
import { AccountArea } from './account-area';
import { localDate } from '../../../../../shared/time';
import { ApprovalDefaultCard } from './approval-default-card';
import { FamilyPauseCard } from './family-pause-card';
import { MoneyCard } from './money-card';
import { TimeZoneCard } from './time-zone-card';
import { ExportCard, DeleteCard, LeaveCard } from './family-data-cards';
import { MembersCard } from './members-card';
import { FamilyDevicesCard } from './family-devices-card';

/** The family page (issue 11): its parents and invitations, the family-wide settings (issue 29), leaving, "Download our data" and deleting the family. */
export function FamilyPage({ user }: { user: { firstName: string } }) {
  const members = useFamilyMembers();
  const account = useAccount();
  return (
    <AccountArea
      current={PATHS.family}
      title="Family"
      subtitle={`Everything every parent of your family shares, ${user.firstName || 'parent'}: who helps, the family’s settings, your data, and the family itself.`}
    >
      {members.isPending || account.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading your family" />
        </Box>
      ) : members.isError || account.isError ? (
        <Alert severity="error">We could not load your family. Please refresh the page to try again.</Alert>
      ) : (
        <>
          <MembersCard members={members.data} />
          {/* Issue 29 point 15: the settings every parent and child share live with the family, not one parent's account. */}
          <TimeZoneCard account={account.data} />
          <MoneyCard account={account.data} />
          <ApprovalDefaultCard account={account.data} />
          <FamilyPauseCard today={localDate(new Date(), account.data.family.timeZone)} />
          {/* Issue 32: the family board. */}
          <FamilyDevicesCard />
          <ExportCard />
          <LeaveCard members={members.data} />
          {members.data.isOwner && <DeleteCard />}
        </>
      )}
    </AccountArea>
  );
}

