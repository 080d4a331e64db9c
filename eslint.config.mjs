import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
        patterns: [{ group: ['**/ui', '**/ui/**', '**/webview', '**/webview/**', '**/shared', '**/shared/**'], message: 'src/core knows nothing of the extension or its webviews.' }],
      }],
    },
  },
  {
    // Browser code: only the messages it shares with the extension.
    files: ['src/webview/**/*.ts'],
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
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/core/*', '**/core/**/*'], message: 'import the core from its index (src/core/index.ts).' },
          { group: ['**/webview', '**/webview/**'], message: 'the extension talks to webview code by messages only (src/shared).' },
        ],
      }],
    },
  },
  {
    // Lower ui helpers (the files directly in src/ui) are built on by trees, commands and panels, never the other way.
    files: ['src/ui/*.ts'],
    ignores: ['src/ui/deps.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/core/*', '**/core/**/*'], message: 'import the core from its index (src/core/index.ts).' },
          { group: ['**/webview', '**/webview/**'], message: 'the extension talks to webview code by messages only (src/shared).' },
          { group: ['./trees/*', './commands/*', './webviews/*'], message: 'a lower ui helper must not depend on trees, commands or panels.' },
        ],
      }],
    },
  },
);
