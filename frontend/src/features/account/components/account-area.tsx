import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ParentShell } from '../../../components/parent-shell';
import { PATHS } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The account area's two pages, in the order of its tabs. */
const AREA_PAGES = [
  { path: PATHS.account, label: 'My Account' },
  { path: PATHS.family, label: 'Family' },
] as const;

type AreaPath = (typeof AREA_PAGES)[number]['path'];

/**
 * The frame of the account area: the parent shell, a way back to the dashboard, the page's title,
 * and tabs between "My Account" (this parent's own settings) and "Family" (what every parent shares),
 * so each is one click from the other. Each tab is a page of its own (its own URL and chunk).
 */
export function AccountArea({ current, title, subtitle, children }: { current: AreaPath; title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <ParentShell maxWidth="md">
      <Button component={RouterLink} to={PATHS.home} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        Back to Dashboard
      </Button>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {subtitle}
      </Typography>
      <Box component="nav" aria-label="Account area" sx={{ borderBottom: 1, borderColor: 'divider', mt: 2, mb: 3 }}>
        <Tabs value={current} variant="fullWidth" sx={{ maxWidth: 420 }}>
          {AREA_PAGES.map((p) => (
            <Tab key={p.path} value={p.path} label={p.label} component={RouterLink} to={p.path} aria-current={p.path === current ? 'page' : undefined} />
          ))}
        </Tabs>
      </Box>
      <Stack spacing={3}>{children}</Stack>
    </ParentShell>
  );
}

/** One settings section: a card with an icon, a heading (h2) and what the section is about. */
export function SettingsCard({
  icon,
  title,
  description,
  children,
  tone = 'brand',
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** 'danger' for what cannot be undone (deleting the family). */
  tone?: 'brand' | 'danger';
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={tone === 'danger' ? { borderColor: 'error.main' } : undefined}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: tone === 'danger' ? 'error.main' : 'tone.brand.bg',
              color: tone === 'danger' ? 'error.contrastText' : 'tone.brand.fg',
            }}
          >
            {icon}
          </Box>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
        </Stack>
        {description && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {description}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}
