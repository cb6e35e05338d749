/**
 * ChoreQuest's colours, shared by the MUI theme (frontend/src/theme/theme.ts) and the e-mail
 * layout (functions/email/layout.ts), which cannot import MUI. index.html's theme-color and the
 * favicon use the same purple.
 */
export const BRAND = {
  purple: '#5b3cc4',
  purpleDark: '#43289e',
  sun: '#ffc233',
  background: '#f7f5ff',
  /** The dark scheme's page background (index.html paints it before the app starts). */
  night: '#15121f',
} as const;

/** Text and surface colours of the theme's palette. */
export const PALETTE = {
  textPrimary: '#1f1a3d',
  textSecondary: '#4f4a70',
  paper: '#ffffff',
  success: '#1e7d3c',
  onSun: '#2a1f00',
  /** rgba(91, 60, 196, 0.14) over white, as a solid colour for mail clients without rgba. */
  divider: '#e4dff5',
} as const;

export const PRODUCT_NAME = 'ChoreQuest';

/** The rounded type of the theme, then the platform's own fonts. */
const FONT_FAMILIES = ['Nunito', 'SF Pro Rounded', 'ui-rounded', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'];
const KEYWORDS = new Set(['ui-rounded', 'system-ui', '-apple-system', 'sans-serif']);

/** The font stack as CSS, quoting family names with `quote` (single quotes inside an HTML style attribute). */
export const fontStack = (quote: '"' | "'" = '"'): string =>
  FONT_FAMILIES.map((f) => (KEYWORDS.has(f) ? f : `${quote}${f}${quote}`)).join(',');
