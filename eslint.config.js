// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/eslint-layers.js';
import { wordsPlugin } from './scripts/eslint-words.js';

/**
 * Layer boundaries (see README, "How the code is organised"). Which room may import which
 * is an allow-list in scripts/eslint-layers.js; the rules below keep packages and runtimes
 * out of the layers that must not depend on them. test/unit/lint-boundaries.test.ts proves
 * each one fires.
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

/**
 * Renderer files whose every word for the user comes from the message catalogues
 * (src-shared/i18n): text written in their JSX, or in a prop or object field that names
 * something for the user, is refused. Every component, and the modules that word settings
 * and spending; test/unit/lint-words.test.ts proves the rules fire.
 */
export const TRANSLATED_FILES = [
  'src-renderer/**/*.tsx',
  'src-renderer/account/*.ts',
  'src-renderer/words/settings.ts',
];

/**
 * Command-line files whose every printed word comes from the catalogues: a string or
 * template with words given to console.log/error is refused.
 */
export const TRANSLATED_CLI_FILES = ['src-main/cli/*.ts'];

/**
 * Engine files, whose sentences for the user (the messages of user-facing errors, notices,
 * reasons) come from the catalogues through said() in src-main/core/i18n/core-words.ts.
 */
export const TRANSLATED_CORE_FILES = ['src-main/core/**/*.ts'];

/**
 * Shared code whose sentences the window, the command line and the engine show: rules,
 * limits, schemas and formats. Their sentences are message ids. The service's own wording
 * (src-shared/api, what the simulator answers) and the catalogues themselves are not here.
 */
export const TRANSLATED_SHARED_FILES = [
  'src-shared/domain/**/*.ts',
  'src-shared/ipc/**/*.ts',
  'src-shared/i18n/*.ts',
];

/** The error classes whose messages reach the user, besides UserFacingError itself. */
const USER_FACING_ERRORS = [
  'CheckAgainError',
  'DataFolderReadOnlyError',
  'DatabaseDamagedError',
  'DiskFullError',
  'EmptyMaskError',
  'FilmJoinError',
  'FolderBusyError',
  'IntakeError',
  'InvalidKeyError',
  'MaskImportError',
  'NoKeyError',
  'RoundImportError',
  'RoundRequestError',
  'SpendingFilterError',
  'SpendingRefusedError',
];

/** Props of our own components that carry words for the user, besides aria-*, title and alt. */
const WORDED_PROPS = '{label,title,body,question,hint,placeholder,alt}';

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
      // electron-vite writes its bundled config here for a moment while `build` runs beside lint.
      'electron.vite.config.ts.*.mjs',
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
    files: ['src-shared/**', 'src-main/**', 'src-renderer/**'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/allowed-imports': 'error' },
  },
  {
    files: ['eslint.config.js', 'scripts/eslint-layers.js', 'scripts/eslint-words.js'],
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
          patterns: [nodeBuiltins, electronImport, reactImport],
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
      'no-restricted-imports': ['error', { patterns: [electronImport] }],
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
        { paths: nodeBuiltinPaths, patterns: [electronImport, nodeBuiltins] },
      ],
    },
  },
  {
    files: TRANSLATED_FILES,
    plugins: { words: wordsPlugin },
    rules: {
      'words/no-literal-words-in-jsx': ['error', { props: { include: [['*', WORDED_PROPS]] } }],
      'words/no-literal-words-in-object': [
        'error',
        { include: ['label', 'title', 'text', 'question', 'body', 'hint'] },
      ],
    },
  },
  {
    files: TRANSLATED_CLI_FILES,
    plugins: { words: wordsPlugin },
    rules: { 'words/no-literal-words-in-output': 'error' },
  },
  {
    files: TRANSLATED_SHARED_FILES,
    plugins: { words: wordsPlugin },
    rules: { 'words/no-sentences-in-shared': 'error' },
  },
  {
    files: TRANSLATED_CORE_FILES,
    plugins: { words: wordsPlugin },
    rules: { 'words/no-literal-words-in-error': ['error', { errors: USER_FACING_ERRORS }] },
  },
  {
    files: ['src-main/**/*.ts'],
    plugins: { words: wordsPlugin },
    rules: { 'words/no-said-in-error': 'error' },
  },
);
