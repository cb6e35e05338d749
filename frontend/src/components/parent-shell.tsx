import AccountCircle from '@mui/icons-material/AccountCircle';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ChildCare from '@mui/icons-material/ChildCare';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PATHS } from '../config/paths';
import { reloadAt } from '../lib/navigation';
import { BrandLogo } from './brand-logo';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { UndeliverableEmailBanner } from './undeliverable-email-banner';
import { VerifyEmailBanner } from './verify-email-banner';

export interface ParentShellProps {
  children: ReactNode;
  /**
   * Where Log Out navigates (spec: /api/logout on the dashboard and /children, /api/auth/parent-logout
   * on /chores); both clear the session and redirect to /.
   */
  logoutPath?: '/api/logout' | '/api/auth/parent-logout';
  maxWidth?: 'md' | 'lg' | 'xl';
}

/** The parent's pages, in the order the navigation shows them (the spec's Dashboard tab first). */
export const PARENT_SECTIONS = [
  { label: 'Dashboard', to: PATHS.home, icon: <Home /> },
  { label: 'Children', to: PATHS.children, icon: <ChildCare /> },
  { label: 'Chores', to: PATHS.chores, icon: <FormatListBulleted /> },
  { label: 'Schedule', to: PATHS.weeklySchedule, icon: <CalendarMonth /> },
  // Issue 19: the family's activity log.
  { label: 'Activity', to: PATHS.activity, icon: <History /> },
] as const;

/** The section a path belongs to; false on pages outside the tabs (the account area). */
export function sectionOf(pathname: string): string | false {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === PATHS.home) return PATHS.home;
  return PARENT_SECTIONS.find((s) => s.to !== PATHS.home && (path === s.to || path.startsWith(`${s.to}/`)))?.to ?? false;
}

/**
 * The account menu, labelled with the spec's "Parent Account": this parent's settings, the
 * family's members and logging out (issue 11; labelled in issue 18).
 */
function AccountMenu({ logout, current }: { logout: () => void; current: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const inAccountArea = current === PATHS.account || current === PATHS.family;
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-current={inAccountArea ? 'page' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        variant={inAccountArea ? 'contained' : 'outlined'}
        color="primary"
        startIcon={<AccountCircle />}
        endIcon={<ExpandMore />}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: { xs: 1, sm: 1.5 }, '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 1 } } }}
      >
        Parent Account
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem component={RouterLink} to={PATHS.account} onClick={close} selected={current === PATHS.account}>
          <ListItemIcon>
            <ManageAccounts fontSize="small" />
          </ListItemIcon>
          Account Settings
        </MenuItem>
        <MenuItem component={RouterLink} to={PATHS.family} onClick={close} selected={current === PATHS.family}>
          <ListItemIcon>
            <Groups fontSize="small" />
          </ListItemIcon>
          Family Members
        </MenuItem>
        <Divider />
        <MenuItem onClick={logout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Log Out
        </MenuItem>
      </Menu>
    </>
  );
}

/** The tabs of the parent's pages: in the top bar from `sm` up, as a bottom bar on phones. */
function SectionTabs({ value, placement }: { value: string | false; placement: 'top' | 'bottom' }) {
  const bottom = placement === 'bottom';
  return (
    <Tabs
      value={value}
      // On top, between a tablet's logo and account menu the five tabs may not fit: they scroll, with arrows, rather than being cut off.
      variant={bottom ? 'fullWidth' : 'scrollable'}
      scrollButtons={bottom ? false : 'auto'}
      aria-label="Parent pages"
      slotProps={bottom ? { indicator: { sx: { top: 0, bottom: 'auto' } } } : undefined}
      sx={bottom ? { minHeight: 0 } : { alignSelf: 'flex-end', minHeight: 0 }}
    >
      {PARENT_SECTIONS.map((s) => (
        <Tab
          key={s.to}
          label={s.label}
          value={s.to}
          component={RouterLink}
          to={s.to}
          aria-current={value === s.to ? 'page' : undefined}
          {...(bottom ? { icon: s.icon, iconPosition: 'top' as const } : {})}
          sx={
            bottom
              ? { minHeight: 60, minWidth: 0, px: 0.5, py: 0.75, fontSize: '0.75rem', textTransform: 'none', fontWeight: 700, '& .MuiTab-icon': { mb: 0.25 } }
              : { minHeight: 64, minWidth: 0, px: { sm: 1.25, md: 2 } }
          }
        />
      ))}
    </Tabs>
  );
}

/**
 * The parent's frame: the top bar (product title, the parent pages as tabs with the current one
 * marked, dark mode, the Parent Account menu, log out), a bottom bar of the same tabs on phones,
 * the confirm-your-email banner and the page body.
 */
export function ParentShell({ children, logoutPath = '/api/logout', maxWidth = 'lg' }: ParentShellProps) {
  const logout = () => reloadAt(logoutPath);
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', displayPrint: 'none' }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1, md: 2 }, px: { xs: 1, sm: 2 } }}>
          <Typography component="span" sx={{ display: 'inline-flex' }}>
            <BrandLogo size={30} compact />
          </Typography>
          <Box component="nav" aria-label="Parent sections" sx={{ flex: 1, display: { xs: 'none', sm: 'flex' }, alignSelf: 'stretch', ml: { sm: 1, md: 3 }, minWidth: 0 }}>
            <SectionTabs value={section} placement="top" />
          </Box>
          <Box sx={{ flex: 1, display: { xs: 'block', sm: 'none' } }} />
          <ColorSchemeToggle sx={{ color: 'primary.main' }} />
          <AccountMenu logout={logout} current={current} />
          <Button onClick={logout} variant="outlined" startIcon={<LogoutIcon />} sx={{ display: { xs: 'none', md: 'inline-flex' }, flexShrink: 0 }}>
            Log Out
          </Button>
          <IconButton onClick={logout} aria-label="Log out" color="primary" sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
            <LogoutIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 }, pb: { xs: 12, sm: 4 } }}>
        <UndeliverableEmailBanner />
        <VerifyEmailBanner />
        {children}
      </Container>
      <Paper
        component="nav"
        aria-label="Parent sections"
        elevation={8}
        square
        sx={{
          display: { xs: 'block', sm: 'none' },
          displayPrint: 'none',
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          borderTop: 1,
          borderColor: 'divider',
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        <SectionTabs value={section} placement="bottom" />
      </Paper>
    </Box>
  );
}
