// Type-aware lint: the rules that catch real bugs in async, money-moving code (floating promises,
// misused promises, non-exhaustive switches) are errors; style is Prettier's job.
'use strict';
const tseslint = require('typescript-eslint');
const importBoundaries = require('./lint/import-boundaries');

module.exports = tseslint.config(
  {
    // console/src/api/openapi.ts is generated (scripts/console-api-types.js); its checks are the generator's.
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**', '*.js', 'console/src/api/openapi.ts'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // typescript-eslint 8 reads TypeScript 6's template-literal types differently from tsc and
      // flags assertions tsc needs; tsc --noEmit is the judge of types here.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  // Layer and context boundaries (docs/architecture.md); lint/import-boundaries.js says why each rule.
  importBoundaries.config,
  {
    // The plain CommonJS scripts (bench, start and build helpers): the same recommended rules,
    // without the type-aware ones (they are not part of the TypeScript project).
    files: ['bench/**/*.js', 'scripts/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: Object.fromEntries(
        [
          'require',
          'module',
          'process',
          '__dirname',
          'console',
          'fetch',
          'Buffer',
          'URL',
          'URLSearchParams',
          'setTimeout',
          'clearTimeout',
          'AbortSignal',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-undef': 'error',
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      // supertest bodies are `any` by design; tests assert on them.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
