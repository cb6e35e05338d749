/**
 * The account forms' schemas (shared/account-schemas.ts), loaded by the auth pages as they mount
 * rather than with them: the sign-in pages are on the app's first load, and these schemas bring
 * zod (issue 31). `useZodForm` takes the loader; a page that parses by hand awaits it.
 */
export const accountSchemas = () => import('../../../../../shared/account-schemas');
