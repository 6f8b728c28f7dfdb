// Lint rules, including the import boundaries that say where code may run:
// only electron/main and electron/preload may import 'electron'; the renderer and
// shared/ import no Node modules; shared/ imports nothing of the other folders.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeOnlyPackages = ['better-sqlite3', 'keytar', 'usb', 'ws', 'iconv-lite', 'electron-store', 'conf'];

const noElectron = {
  name: 'electron',
  message: "Only electron/main and electron/preload may import 'electron'.",
};
const noNode = nodeModules.map((name) => ({
  name,
  message: 'This folder runs without Node: no Node modules.',
}));
const noNodePackages = nodeOnlyPackages.map((name) => ({ name, message: 'A Node-only package: not here.' }));

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
  nodeSide: {
    paths: [noElectron],
    patterns: [{ group: ['**/renderer/**'], message: 'Node-side code does not import the UI.' }],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'tests/fixtures/lint/**'] },
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
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', boundaryRules.shared] } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-restricted-imports': ['error', boundaryRules.renderer],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['electron/services/**/*.ts', 'electron/sandbox/**/*.ts', 'electron/host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', boundaryRules.nodeSide] },
  },
);
