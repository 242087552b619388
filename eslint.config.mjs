// ESLint for house style rule 24: bugs and dead code, not formatting (no style rules here).
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '.next/',
    'node_modules/',
    'next-env.d.ts',
    'data/',
    'test-results/',
    'playwright-report/',
    'bench/results/',
    '.e2e-data/',
    'soak-results/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The few plain JavaScript files (configs, scripts/start.mjs) run under Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Type-aware rules that catch real bugs; only these, so the type-checked pass stays cheap.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // `typeof import('x')` stays allowed: vitest's importOriginal<typeof import('x')>() needs it.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'lib/ui/**/*.{ts,tsx}', 'proxy.ts', 'next.config.ts'],
    ...nextPlugin.configs['core-web-vitals'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
]);
