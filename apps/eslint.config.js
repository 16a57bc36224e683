// ESLint 9 flat config for every package in apps/. Type-aware rules run through
// typescript-eslint's project service, which uses TypeScript 6 (the `typescript` alias in
// package.json): TypeScript 7's npm package has no JavaScript API yet. `tsc` itself is 7.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['**/dist/', '**/node_modules/', 'e2e/artifacts/', '**/coverage/'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['public/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: globals.browser },
  },
  {
    // One data path (issue 43): a feature reads and writes only through the client from context
    // (`useKanisa()`, handed to AppProviders where the app is assembled) and its own `api/`
    // hooks (fetcher, queryOptions, hook; writes invalidate the tables they changed with
    // `invalidateTables`). No module-level client, no client made in a feature, no second way
    // in (`useTable`, `useRpc`, the client's `useMutation`); the back office's features.
    files: ['admin/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/kanisa(\\.tsx?)?$',
              message: 'A feature takes the client from context: useKanisa() from @kanisa/client/react, never the module singleton.',
            },
          ],
          paths: [
            {
              name: '@kanisa/client',
              importNames: ['createClient', 'createAnonClient'],
              message: 'A feature never makes a client: it takes the one from context (useKanisa()); a test hands its own to AppProviders (test/render.tsx).',
            },
            {
              name: '@kanisa/client/react',
              importNames: ['useTable', 'useRpc', 'useMutation', 'invalidateTable'],
              message:
                'One data path: a fetcher, a queryOptions and a hook in the feature\'s api/ (useQuery/useMutation from @tanstack/react-query), writes invalidating with invalidateTables.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message: 'One invalidation scheme: a write invalidates the tables it changed, invalidateTables(queryClient, [...]) from @kanisa/client/react.',
        },
      ],
    },
  },
  {
    // The same one data path in the public site (issue 43): a feature reads and writes through
    // the client and query cache of lib/site-data.tsx (useSiteQuery, useSiteMutation, useKanisa),
    // never the module singletons, which stay out of the entry chunk behind that context.
    files: ['public/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/(kanisa|query-client)(\\.tsx?)?$',
              message: 'A feature takes the client and the query cache from context (lib/site-data.tsx), never the module singletons; a test from test/site-data.ts.',
            },
          ],
          paths: [
            {
              name: '@kanisa/client',
              importNames: ['createClient', 'createAnonClient'],
              message: 'A feature never makes a client: it takes the one from context (lib/site-data.tsx).',
            },
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useMutation', 'useQueryClient', 'QueryClient'],
              message: 'One data path: useSiteQuery / useSiteMutation / useSiteData from lib/site-data.tsx.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    rules: {
      // Tests assert on elements they have just found.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.config.{js,ts}', 'e2e/**/*.mjs', 'compat/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'test'] }] },
      ],
    },
  },
  {
    // Callbacks passed to page.evaluate() run in the browser.
    files: ['e2e/**/*.test.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The postgrest-js compatibility suite uses the client without generated Database types, as
    // an app without codegen does: rows are untyped JSON (`any`) and the assertions check them.
    files: ['compat/**/*.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
