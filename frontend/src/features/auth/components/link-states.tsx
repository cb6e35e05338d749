import LinkOff from '@mui/icons-material/LinkOff';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './auth-layout';

/** A page's way on after a link's outcome: a button to another page. */
export interface LinkAction {
  label: string;
  to: string;
}

/** A link being checked with the server as the page opens. */
export function LinkChecking({ title }: { title: string }) {
  return (
    <AuthLayout title={title} subtitle="One moment while we check your link." icon={<MarkEmailUnread />} accent="primary">
      <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
        <CircularProgress aria-label={title} />
      </Box>
    </AuthLayout>
  );
}

/** A link that cannot be used (expired, used, revoked or incomplete): the reason, and where to go instead. */
export function LinkFailed({ title, message, actions }: { title: string; message: string; actions: readonly LinkAction[] }) {
  return (
    <AuthLayout title={title} subtitle="The link in your email could not be used." icon={<LinkOff />} accent="primary">
      <Stack spacing={2.5}>
        <Alert severity="error" role="alert">
          {message}
        </Alert>
        <LinkActions actions={actions} />
      </Stack>
    </AuthLayout>
  );
}

/** The first action is the main one (a filled button), the others outlined; full width, stacked. */
export function LinkActions({ actions, children }: { actions: readonly LinkAction[]; children?: ReactNode }) {
  return (
    <Stack spacing={1.5}>
      {actions.map((a, i) => (
        <Button key={a.to + a.label} component={RouterLink} to={a.to} variant={i === 0 ? 'contained' : 'outlined'} size="large" fullWidth>
          {a.label}
        </Button>
      ))}
      {children}
    </Stack>
  );
}
