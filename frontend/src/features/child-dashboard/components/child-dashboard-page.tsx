import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../../components/brand-logo';
import { logout } from '../../../lib/navigation';
import { useDocumentTitle } from '../../../lib/use-document-title';

export interface ChildDashboardPageProps {
  user: { displayName: string };
}

/** The signed-in child's home. The chore lists, calendar and achievements plug in below the greeting. */
export function ChildDashboardPage({ user }: ChildDashboardPageProps) {
  useDocumentTitle('My Chores');
  return (
    <Box sx={{ minHeight: '100dvh' }}>
      <Box sx={{ background: 'linear-gradient(135deg, #43289e 0%, #5b3cc4 60%, #7a57e0 100%)', color: '#fff', pb: { xs: 4, sm: 6 } }}>
        <Container component="header" maxWidth="lg">
          <Stack direction="row" sx={{ py: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <BrandLogo size={30} color="#fff" />
            <Button
              onClick={logout}
              variant="outlined"
              startIcon={<LogoutIcon />}
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.1)' } }}
            >
              Log Out
            </Button>
          </Stack>
        </Container>
        <Container component="main" maxWidth="lg">
          <Typography variant="h3" component="h1" sx={{ mt: { xs: 2, sm: 4 } }}>
            Hi, {user.displayName}!
          </Typography>
          <Typography sx={{ mt: 1, fontSize: '1.15rem', opacity: 0.92 }}>Ready for today’s quests?</Typography>
        </Container>
      </Box>
    </Box>
  );
}
