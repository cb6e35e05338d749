import CancelScheduleSend from '@mui/icons-material/CancelScheduleSend';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSignedInParent } from '../api/account';
import { PATHS } from '../config/paths';

/** The banner's words (issue 20, decision 051); the settings card says the same in its own place. */
export const UNDELIVERABLE_TEXT = {
  title: "We couldn't deliver e-mail to your address",
  body: (email: string) =>
    `Mail to ${email} bounced, so we have stopped sending the weekly report there. Change or confirm your address in Account Settings.`,
  action: 'Open Account Settings',
  settings: 'Mail to this address bounced, so the weekly report is paused. Send yourself a new link and follow it to confirm the address works again, or change it below.',
} as const;

/**
 * Tells a parent whose address SES reported as undeliverable (a permanent bounce, issue 20) at the
 * top of every parent page, until an address is confirmed. Not dismissible: nothing reaches this
 * parent by e-mail (password resets included) until it is fixed. Polite (`role="status"`), as the
 * confirm-your-address banner.
 */
export function UndeliverableEmailBanner() {
  const parent = useSignedInParent();
  const { pathname } = useLocation();
  if (!parent?.emailUndeliverable) return null;
  const onSettings = pathname === PATHS.account;
  return (
    <Alert
      severity="error"
      role="status"
      icon={<CancelScheduleSend />}
      sx={{ mb: { xs: 2, sm: 3 }, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      data-testid="undeliverable-email-banner"
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{UNDELIVERABLE_TEXT.title}</AlertTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <span style={{ overflowWrap: 'anywhere' }}>{UNDELIVERABLE_TEXT.body(parent.email)}</span>
        {!onSettings && (
          <span>
            <Button component={RouterLink} to={PATHS.account} size="small" variant="outlined" color="inherit" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {UNDELIVERABLE_TEXT.action}
            </Button>
          </span>
        )}
      </Stack>
    </Alert>
  );
}
