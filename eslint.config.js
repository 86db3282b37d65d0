// Lint rules for the whole repository. Import boundaries follow docs/decisions/0001:
// packages/domain imports nothing of ours; the apps import the domain, never each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const SERVER_DOMAIN = {
  group: ['@omo/web', '**/apps/web/**', '**/packages/domain/src/**'],
  message: 'Import the domain through @omo/domain.',
};
const NO_SANDBOX = {
  group: ['**/sandbox', '**/sandbox.ts'],
  message: 'Only the provider factory (providers/index.ts) chooses a sandbox adapter.',
};
const NO_MODULES = {
  group: ['**/modules/**'],
  message: 'An adapter does not reach up into a module: take a port (an interface or a function) instead.',
};
const NO_PLUGINS = {
  group: ['**/plugins/**'],
  message: 'Modules take their helpers from lib/; plugins/ is the composition layer.',
};
const SERVER_TESTS = ['apps/server/**/*.test.ts', 'apps/server/**/*.fake.ts', 'apps/server/src/testing/**'];
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [SERVER_DOMAIN, ...patterns] }],
});

function serverImportRules() {
  const src = 'apps/server/src';
  return [
    { files: ['apps/server/**/*.ts'], rules: restrict() },
    {
      files: [`${src}/**/*.ts`],
      ignores: [...SERVER_TESTS, `${src}/providers/**`, `${src}/modules/**`],
      rules: restrict(NO_SANDBOX),
    },
    {
      files: [`${src}/providers/**/*.ts`],
      ignores: [...SERVER_TESTS, `${src}/providers/index.ts`],
      rules: restrict(NO_MODULES, NO_SANDBOX),
    },
    { files: [`${src}/providers/index.ts`], rules: restrict(NO_MODULES) },
    {
      files: [`${src}/modules/**/*.ts`],
      // modules/application still takes HttpProblem through plugins/problem-details.ts (its rewrite moves it).
      ignores: [...SERVER_TESTS, `${src}/modules/application/**`],
      rules: restrict(NO_PLUGINS, NO_SANDBOX),
    },
    { files: [`${src}/modules/application/**/*.ts`], ignores: SERVER_TESTS, rules: restrict(NO_SANDBOX) },
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@omo/server', '@omo/web', '**/apps/**'],
              message: 'The domain imports nothing of the apps.',
            },
            { group: ['node:*', 'fs', 'path', 'react', 'fastify'], message: 'The domain is pure: no I/O.' },
          ],
        },
      ],
    },
  },
  // The server's layers (decision 0067): a provider adapter does not reach up into a module, a module takes
  // its helpers from lib/ (plugins/ is the composition layer), and only the provider factory
  // (providers/index.ts) imports a sandbox adapter, so no production path runs sandbox code by accident.
  // Tests and fakes may import anything. Each block restates the domain rule: a later block replaces it.
  ...serverImportRules(),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@omo/server', '**/apps/server/**', '**/packages/domain/src/**'],
              message: 'Import the domain through @omo/domain.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
