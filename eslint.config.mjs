// Lint rules, including the import boundaries that say where code may run:
// only electron/main and electron/preload may import 'electron'; the renderer and
// shared/ import no Node modules; shared/ imports nothing of the other folders.
// One zone per runtime folder of electron/: services never import the sandbox, the host or
// main (stand-ins are passed in); the sandbox imports only shared/ and electron/common; the
// host imports no sandbox internals (its entry point, cli.ts, may start electron/sandbox/index);
// electron/common imports only shared/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeOnlyPackages = ['better-sqlite3', 'usb', 'ws', 'iconv-lite', 'electron-store', 'conf', 'pg'];

const noElectron = {
  name: 'electron',
  message: "Only electron/main and electron/preload may import 'electron'.",
};
const noNode = nodeModules.map((name) => ({
  name,
  message: 'This folder runs without Node: no Node modules.',
}));
const noNodePackages = nodeOnlyPackages.map((name) => ({ name, message: 'A Node-only package: not here.' }));

const noUi = { group: ['**/renderer/**'], message: 'Node-side code does not import the UI.' };
const noMain = { group: ['**/main', '**/main/**'], message: 'Only Electron itself starts electron/main.' };
const noHost = {
  group: ['**/host', '**/host/**'],
  message: 'The browser host is an entry point: nothing imports it.',
};
const noPreload = {
  group: ['**/preload', '**/preload/**'],
  message: 'The preload runs in the window: nothing imports it.',
};
const noSandbox = (message) => ({ group: ['**/sandbox', '**/sandbox/**'], message });
const noSandboxInternals = {
  group: ['**/sandbox/**', '!**/sandbox/index'],
  message: 'Entry points start the stand-ins through electron/sandbox/index only.',
};

export const boundaryRules = {
  shared: {
    paths: [noElectron, ...noNode, ...noNodePackages, { name: 'react', message: 'shared/ has no UI.' }],
    patterns: [
      {
        group: ['**/electron/**', '**/renderer/**'],
        message: 'shared/ imports nothing of the other folders.',
      },
    ],
  },
  renderer: {
    paths: [noElectron, ...noNode, ...noNodePackages],
    patterns: [
      { group: ['**/electron/**'], message: 'The renderer talks to the rest only through window.till.' },
    ],
  },
  services: {
    paths: [noElectron],
    patterns: [
      noUi,
      noMain,
      noHost,
      noPreload,
      noSandbox(
        'The services get the stand-ins passed in (TillOptions.standIns): never import electron/sandbox.',
      ),
    ],
  },
  sandbox: {
    paths: [noElectron],
    patterns: [
      noUi,
      noMain,
      noHost,
      noPreload,
      {
        group: ['**/services', '**/services/**'],
        message:
          'The sandbox stands in for outside services: it imports only shared/ and electron/common, never the till services.',
      },
    ],
  },
  host: {
    paths: [noElectron],
    patterns: [
      noUi,
      noMain,
      noPreload,
      noSandbox(
        'The browser host does not reach into the sandbox: its entry point (host/cli.ts) starts electron/sandbox/index.',
      ),
    ],
  },
  hostEntry: {
    paths: [noElectron],
    patterns: [noUi, noMain, noPreload, noSandboxInternals],
  },
  main: {
    paths: [],
    patterns: [noUi, noHost, noSandboxInternals],
  },
  common: {
    paths: [noElectron],
    patterns: [
      noUi,
      {
        group: [
          '**/services',
          '**/services/**',
          '**/sandbox',
          '**/sandbox/**',
          '**/host',
          '**/host/**',
          '**/main',
          '**/main/**',
          '**/preload',
          '**/preload/**',
        ],
        message:
          'electron/common holds plain Node helpers any Node zone may import: it imports only shared/.',
      },
    ],
  },
};

/**
 * The renderer writes an amount into a field one way (amountText) and reads it back one way
 * (parseAmount), both in shared/money.ts; a rate through rateText / parseRate (shared/vat.ts).
 * Dividing by 100 or the paper's formatMoneyPlain wrote "1.5" into a German field, read back as 15.
 */
export const moneyFieldRules = [
  {
    selector: "BinaryExpression[operator='/'][right.value=100]",
    message:
      'Put an amount into a field with amountText(minor) and a rate with rateText(basisPoints): never divide by 100 here.',
  },
  {
    selector: "ImportSpecifier[imported.name='formatMoneyPlain']",
    message:
      'formatMoneyPlain is for paper: an amount in a field is amountText(minor), read back with parseAmount.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'tests/fixtures/lint/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  {
    // A preload Node loads with --require, before any ES module can run (scripts/test-lane-hook.cjs).
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', globalThis: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', boundaryRules.shared] } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-restricted-imports': ['error', boundaryRules.renderer],
      'no-restricted-syntax': ['error', ...moneyFieldRules],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['electron/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', boundaryRules.services] },
  },
  {
    files: ['electron/sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', boundaryRules.sandbox] },
  },
  { files: ['electron/host/**/*.ts'], rules: { 'no-restricted-imports': ['error', boundaryRules.host] } },
  { files: ['electron/host/cli.ts'], rules: { 'no-restricted-imports': ['error', boundaryRules.hostEntry] } },
  { files: ['electron/main/**/*.ts'], rules: { 'no-restricted-imports': ['error', boundaryRules.main] } },
  { files: ['electron/common/**/*.ts'], rules: { 'no-restricted-imports': ['error', boundaryRules.common] } },
);
