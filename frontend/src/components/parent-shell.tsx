import AccountCircle from '@mui/icons-material/AccountCircle';
import Groups from '@mui/icons-material/Groups';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../config/paths';
import { reloadAt } from '../lib/navigation';
import { BrandLogo } from './brand-logo';
import { ColorSchemeToggle } from './color-scheme-toggle';
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

/** The account menu: this parent's settings and the family's members (issue 11). */
function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        color="primary"
      >
        <ManageAccounts />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem component={RouterLink} to={PATHS.account} onClick={close}>
          <ListItemIcon>
            <ManageAccounts fontSize="small" />
          </ListItemIcon>
          Account Settings
        </MenuItem>
        <MenuItem component={RouterLink} to={PATHS.family} onClick={close}>
          <ListItemIcon>
            <Groups fontSize="small" />
          </ListItemIcon>
          Family Members
        </MenuItem>
      </Menu>
    </>
  );
}

/** The parent's top bar (product title, Dashboard tab, dark mode, account menu, Parent Account label, log out), the confirm-your-email banner and page body. */
export function ParentShell({ children, logoutPath = '/api/logout', maxWidth = 'lg' }: ParentShellProps) {
  const logout = () => reloadAt(logoutPath);
  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', displayPrint: 'none' }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 2 }, px: { xs: 1, sm: 2 } }}>
          <Typography component="span" sx={{ display: 'inline-flex' }}>
            <BrandLogo size={30} compact />
          </Typography>
          <Box component="nav" aria-label="Parent sections" sx={{ flex: 1, display: 'flex', alignSelf: 'stretch', ml: { xs: 0.5, sm: 3 } }}>
            <Tabs value={PATHS.home} sx={{ alignSelf: 'flex-end', minHeight: 0 }}>
              <Tab label="Dashboard" value={PATHS.home} component={RouterLink} to={PATHS.home} sx={{ minHeight: { xs: 56, sm: 64 }, minWidth: { xs: 0, sm: 90 }, px: { xs: 0.75, sm: 2 } }} />
            </Tabs>
          </Box>
          <ColorSchemeToggle sx={{ color: 'primary.main' }} />
          <AccountMenu />
          <Chip
            icon={<AccountCircle />}
            label="Parent Account"
            variant="outlined"
            color="primary"
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, fontWeight: 700 }}
          />
          <Button onClick={logout} variant="outlined" startIcon={<LogoutIcon />} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            Log Out
          </Button>
          <IconButton onClick={logout} aria-label="Log out" color="primary" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            <LogoutIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 } }}>
        <VerifyEmailBanner />
        {children}
      </Container>
    </Box>
  );
}
