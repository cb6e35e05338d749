import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast';
import { theme } from '../theme/theme';
import { usePrintInLight } from '../theme/light-scheme';
import { ServiceWorkerUpdates } from './service-worker-updates';

export function AppProviders({ children }: { children: ReactNode }) {
  usePrintInLight();
  return (
    // noSsr: the colour scheme is known on the first render, so MUI skips its second render of the
    // whole tree after mount. The prerendered sign-in pages are hydrated into this tree, but they
    // show nothing that depends on the scheme (no toggle: its icon and pressed state would be
    // rendered for light on the build machine); their colours are CSS variables switched by class.
    <ThemeProvider theme={theme} noSsr>
      <CssBaseline />
      {/* React Query's provider is in app/data-routes.tsx: the sign-in pages go without it (issue 31). */}
      <ToastProvider>
        {children}
        <ServiceWorkerUpdates />
      </ToastProvider>
    </ThemeProvider>
  );
}
