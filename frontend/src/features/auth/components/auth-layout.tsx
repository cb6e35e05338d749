import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { PATHS } from '../../../config/paths';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  icon: ReactNode;
  /** The colour of the icon badge: purple for parents, sunny for children. */
  accent: 'primary' | 'secondary';
  children: ReactNode;
  /** Links under the form (to the other sign-in pages). */
  footer?: ReactNode;
}

/** The frame shared by the sign-in and sign-up pages: brand, back link, one centred card. */
export function AuthLayout({ title, subtitle, icon, accent, children, footer }: AuthLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        py: { xs: 2, sm: 5 },
        background: (t) =>
          `radial-gradient(circle at 10% 0%, ${t.palette.primary.main}22 0, transparent 45%), radial-gradient(circle at 100% 100%, ${t.palette.secondary.main}33 0, transparent 40%)`,
      }}
    >
      <Container maxWidth="sm" component="main" sx={{ px: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: { xs: 2, sm: 3 }, gap: 2 }}>
          <Link component={RouterLink} to={PATHS.home} underline="none" sx={{ display: 'inline-flex' }}>
            <BrandLogo size={28} />
          </Link>
          <Link
            component={RouterLink}
            to={PATHS.home}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: { xs: '0.875rem', sm: '0.95rem' }, whiteSpace: 'nowrap' }}
          >
            <ArrowBack fontSize="small" aria-hidden="true" />
            Back to main page
          </Link>
        </Stack>
        <Card sx={{ boxShadow: '0 12px 40px rgba(67, 40, 158, 0.10)' }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
              <Box
                sx={{
                  width: 56,
                  height: 56,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: `${accent}.main`,
                  color: `${accent}.contrastText`,
                  '& svg': { fontSize: 30 },
                }}
              >
                {icon}
              </Box>
              <Typography variant="h4" component="h1">
                {title}
              </Typography>
              <Typography color="text.secondary" sx={{ textWrap: 'balance' }}>
                {subtitle}
              </Typography>
            </Stack>
            {children}
          </CardContent>
        </Card>
        {footer && (
          <Stack spacing={1} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
            {footer}
          </Stack>
        )}
      </Container>
    </Box>
  );
}

/** A sign-in page's one full-width button; while the request runs it is disabled and says so ("Sending..."). */
export function AuthSubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
