// Lint also enforces the architecture: who may import whom (see README, "Architecture").
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import { layeringPlugin } from './e2e/architecture/layeringRule.js';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const noElectron = {
  name: 'electron',
  message: 'Only the Electron shell (electron/shell/**/*.electron.ts) and the preload may import electron.',
};
const noRemote = { name: '@electron/remote', message: 'The remote module is never used.' };

// One way to send a change from the renderer: useContractMutation / useContractSteps (state/contractQueries.ts).
const noRawMutation = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message:
    'Send a change with useContractMutation (or useContractSteps) from renderer/src/state/contractQueries.',
};

/** What the renderer may not import: no Node, no electron, nothing from the main process; `extra` on top. */
function rendererImports(extra) {
  return {
    paths: [
      noElectron,
      noRemote,
      ...nodeBuiltins.map((name) => ({ name, message: 'The renderer has no Node.' })),
      ...extra,
    ],
    patterns: [
      {
        group: ['**/electron/**', '../electron/*', '../../electron/*'],
        message: 'The renderer talks only to the contract in shared/.',
      },
    ],
  };
}

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { architecture: layeringPlugin },
    rules: {
      // Who may import whom, layer by layer (e2e/architecture/layeringRule.js).
      'architecture/layers': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [noElectron, noRemote] }],
    },
  },
  {
    // The Electron shell: the only main-process code allowed to touch electron.
    files: ['electron/shell/**/*.electron.ts', 'electron/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noRemote] }] },
  },
  {
    // A sandboxed preload may only require electron: no Node built-ins, no core code.
    files: ['electron/preload/**/*.ts'],
    ignores: ['electron/preload/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noRemote,
            ...nodeBuiltins.map((name) => ({ name, message: 'A sandboxed preload has no Node.' })),
          ],
          patterns: [
            { group: ['**/core/**', '**/cli/**'], message: 'The preload only bridges the contract.' },
          ],
        },
      ],
    },
  },
  {
    // The renderer sees only the contract: no Node, no electron, nothing from the main process.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', rendererImports([noRawMutation])],
    },
  },
  {
    // The one file that turns a contract request into a mutation.
    files: ['renderer/src/state/contractQueries.ts'],
    rules: { 'no-restricted-imports': ['error', rendererImports([])] },
  },
  {
    // The contract runs on both sides: neither Node nor DOM.
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noElectron,
            noRemote,
            ...nodeBuiltins.map((name) => ({ name, message: 'shared/ has no Node.' })),
          ],
          patterns: [
            {
              group: ['**/electron/**', '**/renderer/**', 'react', 'react-dom'],
              message: 'shared/ depends on nothing but zod.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'location',
        'process',
        'Buffer',
        'require',
      ],
    },
  },
);
