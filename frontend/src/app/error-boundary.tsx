import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Catches a page that throws or whose code cannot be loaded (e.g. after a new version was deployed). */
export class ErrorBoundary extends Component<{ children: ReactNode; /** Rendered with the error page (e.g. what opens a prerendered page). */ errorPageExtras?: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2 }}>
        {this.props.errorPageExtras}
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
          <Typography variant="h4" component="h1">
            Something went wrong
          </Typography>
          <Typography color="text.secondary">Reloading the page usually fixes this.</Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Stack>
      </Box>
    );
  }
}
