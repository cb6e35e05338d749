import EditNote from '@mui/icons-material/EditNote';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusy from '@mui/icons-material/EventBusy';
import Exposure from '@mui/icons-material/Exposure';
import History from '@mui/icons-material/History';
import Dialpad from '@mui/icons-material/Dialpad';
import Key from '@mui/icons-material/Key';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import type { ChildCardProps } from './child-card';

/** The card's own props that its actions use, and the id of the card's schedule, which Edit Chores changes. */
export type ChildCardActionsProps = Pick<
  ChildCardProps,
  'child' | 'weekStart' | 'editing' | 'onToggleEditing' | 'onEditProfile' | 'onSetLogin' | 'onResetEarnings' | 'onAdjust' | 'onAvailability' | 'onBoardPin' | 'onGoals'
> & { scheduleId: string };

/** One action of the card: a button on a wide screen, or an item of the "More actions" menu on a phone. */
interface Action {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A link in a new tab (the print calendar). */
  href?: string;
  /** A link inside the app. */
  to?: string;
}

const RESET_SX = { color: 'tone.sun.fg', borderColor: 'tone.sun.fg', '&:hover': { borderColor: 'tone.sun.fg', bgcolor: 'tone.sun.bg' } } as const;

/**
 * The child card's actions (spec: Edit Profile, Set or Update Login, Print Calendar, Edit Chores,
 * Reset Earnings; then Bonus or deduction, Availability, Goals and Activity log). On a wide screen
 * each is a button. On a phone (issue 29) the card would carry ten buttons: it keeps the ones used
 * every week (Edit Chores, Reset Earnings, Bonus or deduction) and puts the rest, with their labels
 * unchanged, in a "More actions" menu.
 */
export function ChildCardActions(props: ChildCardActionsProps) {
  const { child, weekStart, editing } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const moreId = useId();

  const printHref = `/print-calendar/${encodeURIComponent(child.id)}${weekStart ? `?weekStart=${weekStart}` : ''}`;
  const editProfile: Action = { label: 'Edit Profile', icon: <EditOutlined />, onClick: props.onEditProfile };
  const login: Action = { label: child.username ? 'Update Login' : 'Set Login', icon: <Key />, onClick: props.onSetLogin };
  const boardPin: Action = { label: child.hasPin ? 'Board PIN' : 'Set Board PIN', icon: <Dialpad />, onClick: props.onBoardPin };
  const print: Action = { label: 'Print Calendar', icon: <PrintOutlined />, href: printHref };
  const adjust: Action = { label: 'Bonus or deduction', icon: <Exposure />, onClick: props.onAdjust };
  const availability: Action = { label: 'Availability', icon: <EventBusy />, onClick: props.onAvailability };
  const goals: Action | null = props.onGoals ? { label: 'Goals', icon: <SavingsOutlined />, onClick: props.onGoals } : null;
  const activity: Action = { label: 'Activity log', icon: <History />, to: `${PATHS.activity}?child=${encodeURIComponent(child.id)}` };

  const editChores = (
    <Button
      size="small"
      variant={editing ? 'contained' : 'outlined'}
      startIcon={<EditNote />}
      onClick={props.onToggleEditing}
      aria-pressed={editing}
      aria-controls={props.scheduleId}
    >
      {editing ? 'Done Editing' : 'Edit Chores'}
    </Button>
  );
  const resetEarnings = (
    <Button size="small" variant="outlined" startIcon={<RestartAlt />} onClick={props.onResetEarnings} sx={RESET_SX}>
      Reset Earnings
    </Button>
  );

  if (!phone) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, '& .MuiButton-root': { whiteSpace: 'nowrap', px: 1.5 } }}>
        <ActionButton action={editProfile} />
        <ActionButton action={login} />
        <ActionButton action={boardPin} />
        <ActionButton action={print} />
        {editChores}
        {resetEarnings}
        <ActionButton action={adjust} />
        <ActionButton action={availability} />
        {goals && <ActionButton action={goals} />}
        <ActionButton action={activity} />
      </Box>
    );
  }

  const more = [editProfile, login, boardPin, print, availability, ...(goals ? [goals] : []), activity];
  const close = () => setAnchor(null);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: 1,
        mt: 2,
        // Two to a row: a label that needs two lines takes them instead of being cut off.
        '& .MuiButton-root': { px: 1, lineHeight: 1.25, minHeight: 36, textAlign: 'center' },
        '& .MuiButton-startIcon': { mr: 0.75 },
      }}
    >
      {editChores}
      {resetEarnings}
      <ActionButton action={adjust} />
      <Button
        id={moreId}
        size="small"
        variant="outlined"
        startIcon={<MoreHoriz />}
        aria-label={`More actions for ${child.displayName}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        More
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': moreId } }}
      >
        {more.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              close();
              action.onClick?.();
            }}
            sx={{ minHeight: 44 }}
            {...(action.href ? { component: 'a', href: action.href, target: '_blank', rel: 'noopener' } : action.to ? { component: RouterLink, to: action.to } : {})}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

function ActionButton({ action }: { action: Action }) {
  if (action.href) {
    return (
      <Button size="small" variant="outlined" startIcon={action.icon} component="a" href={action.href} target="_blank" rel="noopener">
        {action.label}
      </Button>
    );
  }
  if (action.to) {
    return (
      <Button size="small" variant="outlined" startIcon={action.icon} component={RouterLink} to={action.to}>
        {action.label}
      </Button>
    );
  }
  return (
    <Button size="small" variant="outlined" startIcon={action.icon} onClick={action.onClick}>
      {action.label}
    </Button>
  );
}
