/**
 * The landing page rendered to HTML at build time (the `chorequest:prerender-landing` plugin in
 * vite.config.ts loads this module through Vite's SSR loader). The result is a static page: its
 * buttons are plain links to the sign-in pages, so it needs no app JavaScript at all, and its largest
 * paint arrives with the HTML. Emotion writes each component's CSS beside it; `landingDocument`
 * moves those styles into <head>.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LandingPage } from '../src/features/landing/components/landing-page';
import { createAppTheme } from '../src/theme/theme';

/** The landing page has no toggle and no script: its scheme follows the system through a media query. */
const theme = createAppTheme('media');

export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <StaticRouter location="/">
          <LandingPage />
        </StaticRouter>
      </ThemeProvider>
    </StrictMode>,
  );
}
