// @ts-check
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers point one way (docs/architecture.md): http/ and jobs/ (entry points) → views/ (what
 * people read) → data/ (items, keys, transactions) → domain/ (pure rules). A zone forbids `target`
 * to import from `from`; the paths are resolved, so `../data/keys` and `../../data/money/ledger`
 * are the same arrow.
 */
const fn = (dir) => `./functions/${dir}`;
const serverLayers = [
  { target: fn('domain'), from: [fn('data'), fn('views'), fn('http'), fn('jobs'), fn('email'), fn('lib')], message: 'domain/ holds pure rules: it imports nothing from storage, HTTP, e-mail or views (docs/architecture.md).' },
  { target: fn('data'), from: [fn('views'), fn('http'), fn('jobs'), fn('email'), './functions/lib/errors.ts', './functions/lib/http.ts'], message: 'data/ returns typed outcomes; only http/ maps them to status codes and messages, and views/ builds what people read (docs/architecture.md).' },
  { target: fn('views'), from: [fn('http'), fn('jobs')], message: 'views/ is read by http/ and jobs/, never the other way (docs/architecture.md).' },
  { target: fn('email'), from: [fn('http'), fn('jobs')], message: 'email/ is read by http/ and jobs/, never the other way (docs/architecture.md).' },
  { target: fn('http'), from: [fn('jobs')], message: 'http/ and jobs/ are separate entry points (docs/architecture.md).' },
  { target: fn('jobs'), from: [fn('http')], message: 'http/ and jobs/ are separate entry points (docs/architecture.md).' },
  { target: './shared', from: ['./functions', './frontend', './infra'], message: 'shared/ is used by the functions and the frontend; it imports from neither.' },
];

/** A feature owns its pages, dialogs and query hooks; it imports no other feature, and shared components import none. */
const features = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const featureZones = [
  ...features.map((name) => ({
    target: `./frontend/src/features/${name}`,
    from: './frontend/src/features',
    except: [`./${name}`],
    message: `A feature imports no other feature: move what both need to frontend/src/{components,lib,api} or into this feature.`,
  })),
  { target: ['./frontend/src/components', './frontend/src/lib', './frontend/src/api', './frontend/src/theme'], from: './frontend/src/features', message: 'Shared frontend code knows no feature.' },
];

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'frontend/dist', '.data', 'dist', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: { 'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...serverLayers, ...featureZones] }] },
  },
  {
    // Every DynamoDB call goes through data/ (docs/architecture.md): the entry points, views, rules
    // and e-mails get no client, table name or command (lib/db's requestCounter stays open to them).
    files: ['functions/{http,jobs,views,domain,email}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@aws-sdk/lib-dynamodb', message: 'DynamoDB calls live in functions/data/.' },
            { name: '@aws-sdk/client-dynamodb', message: 'DynamoDB calls live in functions/data/.' },
          ],
          patterns: [{ regex: '(^|/)lib/db$', importNames: ['db', 'tableName'], message: 'DynamoDB calls live in functions/data/ (requestCounter is fine).' }],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The app's first load with a sign-in page (issue 31, decision 059; `npm run bundle-size` holds
    // its 170 KB budget): what these modules import, every sign-in page's visitor downloads first.
    files: [
      'frontend/src/main.tsx',
      'frontend/src/app/{app,providers,router,pages,error-boundary,prerendered-page-hand-over,service-worker-updates}.{ts,tsx}',
      'frontend/src/features/auth/components/{parent-login-page,parent-signup-page,child-login-page,auth-layout}.tsx',
      'frontend/src/features/auth/api/sign-in-requests.ts',
      'frontend/src/components/form/{form-text-field,password-field,use-zod-form,validation-notice}.{ts,tsx}',
      'frontend/src/components/toast/*.{ts,tsx}',
      'frontend/src/components/{full-page-spinner,brand-logo,lazy-snackbar}.tsx',
      'frontend/src/lib/{api,navigation,offline-cache,use-document-title}.ts',
      'frontend/src/theme/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@tanstack/react-query', allowTypeImports: true, message: 'No React Query on the sign-in pages\' first load: data hooks live behind app/data-routes.tsx (decision 059).' },
            { name: 'zod', allowTypeImports: true, message: 'zod loads as a form mounts: give useZodForm a loader (decision 059).' },
            { name: '@mui/material/TextField', message: 'TextField brings its select variant onto the first load: use FormTextField (decision 059).' },
            { name: '@mui/material/Snackbar', allowTypeImports: true, message: 'The Snackbar loads after the app starts: use components/lazy-snackbar.tsx (decision 059).' },
          ],
          patterns: [
            {
              regex: '(^|/)(shared/(account-schemas|schemas|planning-schemas|savings-schemas|amount-schema)|api/(session|family|account|ledger|planner)|app/(data-routes|data-pages|guards))$',
              allowTypeImports: true,
              message: 'Not on the sign-in pages\' first load (decision 059): load it lazily, or import only its types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
