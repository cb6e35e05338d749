import { createTheme, responsiveFontSizes, type CssVarsThemeOptions } from '@mui/material/styles';
import { BRAND, fontStack, PALETTE } from '../../../shared/brand';

export { BRAND };

const FONT_STACK = fontStack();

declare module '@mui/material/styles' {
  /**
   * The app's own colours beside MUI's palette, one value per colour scheme, so components name a
   * role (`tone.sun.bg`) instead of a hex code and dark mode needs no per-component code.
   */
  interface Palette {
    tone: Tones;
  }
  interface PaletteOptions {
    tone?: Tones;
  }
}

interface ToneColors {
  /** A soft fill for pills, tiles and icon badges. */
  bg: string;
  /** Text and icons on `bg` (contrast ≥ 4.5:1). */
  fg: string;
}
export interface Tones {
  sun: ToneColors;
  sky: ToneColors;
  leaf: ToneColors;
  brand: ToneColors;
  neutral: ToneColors;
  /** Surfaces: a tinted card inside a card, a locked/muted area, the done state of a chore. */
  tint: string;
  muted: string;
  done: string;
  /** Solid fills with white text (a "Done!" tag, the active day). */
  successSolid: string;
}

const LIGHT_TONES: Tones = {
  sun: { bg: '#fff1c2', fg: '#5c4300' },
  sky: { bg: '#e2efff', fg: '#0b3f78' },
  leaf: { bg: '#dcf5e6', fg: '#124d2a' },
  brand: { bg: '#ece8fb', fg: '#3a2a80' },
  neutral: { bg: '#e4e0f0', fg: '#3a3560' },
  tint: '#faf9ff',
  muted: '#f4f2fa',
  done: '#eefaf2',
  successSolid: '#1e7d3c',
};

const DARK_TONES: Tones = {
  sun: { bg: '#4a3a0c', fg: '#ffe08a' },
  sky: { bg: '#102d4f', fg: '#b9dbff' },
  leaf: { bg: '#123a24', fg: '#a8ecc3' },
  brand: { bg: '#2d2458', fg: '#d9d0ff' },
  neutral: { bg: '#2f2b45', fg: '#d6d2ea' },
  tint: '#1a1729',
  muted: '#221e33',
  done: '#15301f',
  successSolid: '#1e7d3c',
};

const colorSchemes: CssVarsThemeOptions['colorSchemes'] = {
  light: {
    palette: {
      primary: { main: BRAND.purple, dark: BRAND.purpleDark, contrastText: '#ffffff' },
      secondary: { main: BRAND.sun, contrastText: PALETTE.onSun },
      success: { main: PALETTE.success },
      background: { default: BRAND.background, paper: PALETTE.paper },
      text: { primary: PALETTE.textPrimary, secondary: PALETTE.textSecondary },
      divider: 'rgba(91, 60, 196, 0.14)',
      tone: LIGHT_TONES,
    },
  },
  dark: {
    palette: {
      // Lighter brand purple: the light one is too dark to read on the night background.
      primary: { main: '#b3a1ff', dark: '#9a84f5', contrastText: '#1a1033' },
      secondary: { main: BRAND.sun, contrastText: '#2a1f00' },
      success: { main: '#6fd99a' },
      error: { main: '#ff8a80' },
      warning: { main: '#ffcc66' },
      background: { default: BRAND.night, paper: '#1e1a2e' },
      text: { primary: '#efedf8', secondary: '#bcb6d8' },
      divider: 'rgba(179, 161, 255, 0.2)',
      tone: DARK_TONES,
    },
  },
};

/**
 * A friendly theme: rounded shapes, a purple brand, a sunny accent, sentence-case buttons; light
 * and dark schemes as CSS variables. In the app the scheme follows the system until the person
 * picks one with the toggle (components/color-scheme-toggle.tsx), which MUI remembers on the
 * device; a class on <html> switches the variables, so nothing re-renders. The prerendered landing
 * page follows the system through a media query.
 */
export const createAppTheme = (colorSchemeSelector: 'class' | 'media') =>
  responsiveFontSizes(
  createTheme({
    cssVariables: { colorSchemeSelector },
    colorSchemes,
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.01em' },
      h3: { fontWeight: 800 },
      h4: { fontWeight: 800 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 700 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 999, paddingInline: 20 }, sizeLarge: { paddingBlock: 10, fontSize: '1rem' } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: ({ theme: t }) => ({ borderRadius: 20, border: `1px solid ${t.vars.palette.divider}`, backgroundImage: 'none' }) },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // A neutral track: MUI's default is a pale shade of the bar's colour, so an empty green bar read as a full one.
      MuiLinearProgress: { styleOverrides: { root: ({ theme: t }) => ({ backgroundColor: t.vars.palette.tone.brand.bg }) } },
      MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 600 } } },
      // Spec section 9: tooltips open after 700 ms; once one was open, the next opens without the
      // wait (MUI's own window for that is fixed, so the spec's 300 ms skip delay is approximated).
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 0, arrow: true } },
      // Dark paper has no elevation overlay: cards are told apart by their border.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  }),
  );

/** The app's theme: the toggle's class on <html> picks the scheme ('media' is for the static landing page, which has no toggle). */
export const theme = createAppTheme('class');
