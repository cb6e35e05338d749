/**
 * How the web app's files are cached: one definition for the S3 upload behind CloudFront
 * (chorequest-stack.ts) and the local gateway (infra/local/static-files.ts), so `npm start` serves
 * with the same headers as the distribution (docs/decisions/020-serving-and-caching.md).
 *
 * - `assets/*` are Vite's content-hashed files: a name never changes content, so browsers and
 *   CloudFront keep them for a year without asking again.
 * - Everything else (index.html, app.html, sw.js, the manifest, icons) is revalidated on every use,
 *   so a deployment reaches everyone on their next load (the service worker then updates itself).
 */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** The folder of content-hashed build output (Vite's `build.assetsDir`). */
export const HASHED_ASSETS_DIR = 'assets';

/** The Cache-Control of a file of the build, by its path relative to the build folder (`assets/x-abc.js`). */
export const cacheControlFor = (relativePath: string): string =>
  relativePath.replaceAll('\\', '/').startsWith(`${HASHED_ASSETS_DIR}/`) ? HASHED_ASSET_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;

/** Precompressed copies written next to each file by the build (vite-plugin-compression2); never uploaded to S3, where CloudFront compresses. */
export const PRECOMPRESSED_EXTENSIONS = ['.br', '.gz'] as const;
