import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../config/paths';

/** The star-and-tick mark used by the favicon, drawn inline so it costs no request. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" aria-hidden="true" sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}>
      <rect width="64" height="64" rx="14" fill="#5b3cc4" />
      <path d="M32 10l6.2 12.6 13.9 2-10 9.8 2.4 13.8L32 41.7l-12.5 6.5 2.4-13.8-10-9.8 13.9-2z" fill="#ffc233" />
      <path d="M25.5 31.5l4.5 4.5 8.5-9" fill="none" stroke="#5b3cc4" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </Box>
  );
}

/**
 * Mark plus product name, as plain text so each page keeps its own single h1. `compact`: the name
 * only from the `sm` breakpoint up (a phone's top bar keeps its room for its buttons).
 */
export function BrandLogo({ size = 36, color = 'text.primary', compact = false }: { size?: number; color?: string; compact?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <BrandMark size={size} />
      <Typography component="span" sx={{ fontWeight: 800, fontSize: size * 0.6, color, letterSpacing: '-0.01em', display: compact ? { xs: 'none', sm: 'inline' } : undefined }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
