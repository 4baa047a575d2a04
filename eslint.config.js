// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/**
 * Layer boundaries (see README, "How the code is organised"). Each rule names what a layer
 * must not import; a test in test/unit/lint-boundaries.test.ts proves each one fires.
 */
const nodeBuiltinsMessage = 'This layer must run anywhere: no Node built-ins here.';
const nodeBuiltins = { group: ['node:*'], message: nodeBuiltinsMessage };
// Exact names, not patterns: a pattern `domain` would also catch our own `../domain/x.ts`.
const nodeBuiltinPaths = builtinModules.map((name) => ({ name, message: nodeBuiltinsMessage }));
const electronImport = {
  group: ['electron', 'electron/*'],
  message: 'Only src-main/electron and src-main/preload may import electron.',
};
const reactImport = {
  group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
  message: 'src-shared is pure TypeScript: no React.',
};
const mainFromRenderer = {
  regex: '(^|/)src-main(/|$)',
  message: 'The renderer talks to the main process only through window.clearframe.',
};
const rendererFromElsewhere = {
  regex: '(^|/)src-renderer(/|$)',
  message: 'Only the renderer imports renderer code.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'release/',
      'bench-results/',
      'stress-results/',
      'test-results/',
      'playwright-report/',
      '.cache/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.shared.json',
          './tsconfig.main.json',
          './tsconfig.renderer.json',
          './tsconfig.test.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    // Asymmetric matchers such as expect.any() are typed any by design.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['src-shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [
            nodeBuiltins,
            electronImport,
            reactImport,
            { ...mainFromRenderer, message: 'src-shared imports nothing from src-main.' },
            rendererFromElsewhere,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'process', 'Buffer', 'require', '__dirname'].map(
          (name) => ({ name, message: 'src-shared must not depend on a runtime: pass it in.' }),
        ),
      ],
    },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [electronImport, rendererFromElsewhere] }],
    },
  },
  {
    files: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [rendererFromElsewhere] }],
    },
  },
  {
    files: ['src-renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: nodeBuiltinPaths, patterns: [mainFromRenderer, electronImport, nodeBuiltins] },
      ],
    },
  },
);
