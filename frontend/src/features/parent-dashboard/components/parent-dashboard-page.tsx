import AccountCircle from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { PATHS } from '../../../config/paths';
import { logout } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';

export interface ParentDashboardPageProps {
  user: { firstName: string; lastName?: string; email: string };
}

/** The signed-in parent's home. The stats, progress and quick actions plug in below the heading. */
export function ParentDashboardPage({ user }: ParentDashboardPageProps) {
  useDocumentTitle('Parent Dashboard');
  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <Typography component="span" sx={{ display: 'inline-flex' }}>
            <BrandLogo size={30} />
          </Typography>
          <Box component="nav" aria-label="Parent sections" sx={{ flex: 1, display: 'flex', alignSelf: 'stretch', ml: { xs: 0.5, sm: 3 } }}>
            <Tabs value={PATHS.home} sx={{ alignSelf: 'flex-end', minHeight: 0 }}>
              <Tab label="Dashboard" value={PATHS.home} component={RouterLink} to={PATHS.home} sx={{ minHeight: { xs: 56, sm: 64 }, px: { xs: 1, sm: 2 } }} />
            </Tabs>
          </Box>
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
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
        <Chip
          icon={<AccountCircle />}
          label="Parent Account"
          size="small"
          color="primary"
          variant="outlined"
          sx={{ display: { xs: 'inline-flex', sm: 'none' }, mb: 1.5, fontWeight: 700 }}
        />
        <Typography variant="h4" component="h1">
          Welcome, {user.firstName}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Manage your family’s chores, schedules and rewards from here.
        </Typography>
      </Container>
    </Box>
  );
}
