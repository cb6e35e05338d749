import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: esbuild's project root and the base of every entry path in the stack. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const fromRoot = (...parts: string[]): string => resolve(REPO_ROOT, ...parts);
