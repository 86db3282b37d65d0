// Lint rules for the whole repository. Import boundaries follow docs/decisions/0001:
// packages/domain imports nothing of ours; the apps import the domain, never each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const SERVER_DOMAIN = {
  group: ['@omo/web', '**/apps/web/**', '**/packages/domain/src/**'],
  message: 'Import the domain through @omo/domain.',
};
const WEB_DOMAIN = {
  group: ['@omo/server', '**/apps/server/**', '**/packages/domain/src/**'],
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
/**
 * The server's modules in dependency order (decision 0090): a module imports only modules before it, so no
 * two modules import each other. A module that needs one after it takes a port handed in by plugins/ (the
 * composition), as the application module takes the joint module's admission (JointHooks). Every folder of
 * modules/ is listed: a new one is placed here.
 */
const MODULE_ORDER = [
  ['address-lookup', 'api-config', 'branches', 'catalogue', 'health', 'outbox', 'terms', 'tokens'],
  ['dev', 'application'],
  ['funnel', 'in-person-id', 'phone-verification', 'session'],
  ['mail'],
  ['identity', 'joint', 'metrics', 'reminders', 'resume', 'retention'],
  ['decision'],
  ['staff'],
];
/** What a module may not import: the modules of its own rank and after (its own folder is `./`). */
function laterModules(module) {
  const rank = MODULE_ORDER.findIndex((names) => names.includes(module));
  const later = MODULE_ORDER.slice(rank)
    .flat()
    .filter((name) => name !== module);
  return {
    regex: `^(\\.\\./|.*/modules/)(${later.join('|')})/`,
    message: `modules/${module} imports only the modules before it in MODULE_ORDER (decision 0090), so that no two modules import each other: take a port handed in by plugins/ instead.`,
  };
}
const SERVER_MODULES = readdirSync(new URL('apps/server/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const module of SERVER_MODULES) {
  if (!MODULE_ORDER.flat().includes(module)) {
    throw new Error(
      `eslint.config.js: place apps/server/src/modules/${module} in MODULE_ORDER (decision 0090).`,
    );
  }
}
/** The browser's import rule: the domain through @omo/domain, and these patterns. */
const restrictWeb = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [WEB_DOMAIN, ...patterns] }],
});
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
    ...SERVER_MODULES.map((module) => ({
      files: [`${src}/modules/${module}/**/*.ts`],
      ignores: SERVER_TESTS,
      // modules/application still takes HttpProblem through plugins/problem-details.ts (its rewrite moves it).
      rules:
        module === 'application'
          ? restrict(NO_SANDBOX, laterModules(module))
          : restrict(NO_PLUGINS, NO_SANDBOX, laterModules(module)),
    })),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-staff/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
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
      ...restrictWeb(),
    },
  },
  {
    // A screen (steps/<name>/) never imports another screen's folder: what two screens share lives in
    // components/, lib/ or screens/ (decision 0064).
    files: ['apps/web/src/steps/*/*.{ts,tsx}'],
    rules: restrictWeb(
      {
        regex: '^\\.\\./(?!\\.\\./)[^/]+/',
        message:
          "A screen does not import another screen's folder: move what they share to components/ or lib/.",
      },
      {
        regex: '(^|/)steps/',
        message: "Nothing outside a screen's folder imports it: move what is shared to components/ or lib/.",
      },
    ),
  },
  {
    // Shared code does not reach into the screens; the declared screens (screens/) reach into no step folder.
    files: ['apps/web/src/{components,lib,outcomes,app/layout,dev,errors,config,i18n,screens}/**/*.{ts,tsx}'],
    rules: restrictWeb({
      regex: '(^|/)steps/',
      message: "Shared code does not import a screen's folder: the screens import it.",
    }),
  },
  prettier,
);
