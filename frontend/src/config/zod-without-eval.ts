/**
 * Zod compiles object parsers with `new Function` when it can. Our Content-Security-Policy has no
 * 'unsafe-eval' (infra/security-headers.ts), so that probe is refused, and even caught it is logged
 * as a CSP issue (Lighthouse best practices drops to 96). Jitless parsing is plenty fast for forms.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and reads them there when it first
 * loads (zod/v4/core/core.js). Setting them here, without importing zod, keeps zod off the first
 * load of every page that has no form (the dashboards): `z.config()` would pull it in. Imported
 * first by main.tsx, before any chunk that holds zod can run. zod-without-eval.test.ts checks that
 * zod still honours this.
 */
type ZodGlobalConfig = { jitless?: boolean };

const host = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
// Changed in place, not replaced: a zod that had already loaded keeps (and reads) the same object.
(host.__zod_globalConfig ??= {}).jitless = true;

export {};
