import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const coreByIndex = { group: ['**/core/*', '**/core/**/*'], message: 'import the core from its index (src/core/index.ts).' };
const noPages = { group: ['**/pages', '**/pages/**'], message: 'the extension talks to webview pages by messages only (src/shared).' };
// The composition root (src/extension.ts) builds src/ui; nothing in src/ui imports it: each part names the few things it takes.
const noRoot = { group: ['**/extension'], message: 'take the few things used (a Pick or a small interface of your own); nothing in src/ui imports the composition root.' };
// The feature folders of src/ui; the rest of src/ui (commands, input, lists, panels, text, session) is what they build on.
const featureFolders = ['archive', 'composer', 'status', 'submissions', 'transfers', 'viewer', 'workspace'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', '.sandbox-data/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-function': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  // Boundaries, kept by the linter (one block per folder; a later block for the same files replaces the rule).
  {
    // The service client runs and is tested without VS Code, and knows nothing of the extension.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/core must not depend on VS Code; put UI code in src/ui.' }],
        patterns: [{ group: ['**/ui', '**/ui/**', '**/pages', '**/pages/**', '**/shared', '**/shared/**'], message: 'src/core knows nothing of the extension or its webviews.' }],
      }],
    },
  },
  {
    // Browser code (the webviews' pages): only the messages it shares with the extension.
    files: ['src/pages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'webview code runs in the browser; talk to the extension by messages (src/shared).' }],
        patterns: [{ group: ['**/ui', '**/ui/**', '**/core', '**/core/**'], message: 'webview code imports only src/shared.' }],
      }],
    },
  },
  {
    // Shared between the extension and the webviews: it depends on nothing.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/shared depends on nothing.' }],
        patterns: [{ group: ['../*', '../**'], message: 'src/shared depends on nothing.' }],
      }],
    },
  },
  {
    // The extension side uses the core through its index only.
    files: ['src/ui/**/*.ts', 'src/extension.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [coreByIndex, noPages] }],
    },
  },
  {
    // Every part of src/ui, the command registrations included, takes the few things it uses.
    files: ['src/ui/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [coreByIndex, noPages, noRoot] }],
    },
  },
  {
    // The generic machinery (the list tree, the panel host and shell, the command runner, user input, words)
    // serves every feature folder and knows none of them, nor the whole dependency bag.
    files: ['src/ui/*.ts', 'src/ui/commands/**/*.ts', 'src/ui/input/**/*.ts', 'src/ui/lists/**/*.ts', 'src/ui/panels/**/*.ts', 'src/ui/text/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          coreByIndex,
          noPages,
          noRoot,
          { group: featureFolders.flatMap((f) => [`**/${f}/*`, `./${f}/*`]), message: 'generic machinery must not depend on a feature folder.' },
        ],
      }],
    },
  },
);
