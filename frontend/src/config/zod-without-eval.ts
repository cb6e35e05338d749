/**
 * Zod compiles object parsers with `new Function` when it can. Our Content-Security-Policy has no
 * 'unsafe-eval' (infra/security-headers.ts), so that probe is refused, and even caught it is logged
 * as a CSP issue (Lighthouse best practices drops to 96). Jitless parsing is plenty fast for forms.
 * Imported first by main.tsx, before any schema is used.
 */
import * as z from 'zod';

z.config({ jitless: true });
