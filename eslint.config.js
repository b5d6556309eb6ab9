// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const serverModules = fs.existsSync('apps/server/src/modules')
  ? fs
      .readdirSync('apps/server/src/modules', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const server = './apps/server/src';
/** The server's entry points and wiring: above every layer, imported by none of them. */
const serverTop = ['app.ts', 'main.ts', 'setup', 'demo', 'test'].map((p) => `${server}/${p}`);
/** The server's bottom: the database, configuration, errors, logging, jobs and the analytics replica. */
const serverBase = [
  'db',
  'analytics',
  'jobs',
  'config.ts',
  'rate-limit-settings.ts',
  'errors.ts',
  'logger.ts',
].map((p) => `${server}/${p}`);

// The server's layers (docs/architecture.md, "Server layers"), each importing only those below it:
// base -> core -> grid -> modules -> plugins -> app/main/setup/demo/test. A module imports another only through
// that module's public entry, modules/<name>/index.ts. Tests may import the test kit and the demo from any layer
// (serverTestZones), not another module's internals.
const serverZones = (forTests) => [
  {
    target: serverBase,
    from: [
      `${server}/core`,
      `${server}/grid`,
      `${server}/modules`,
      `${server}/plugins`,
      ...(forTests ? [] : serverTop),
    ],
    message: 'the server base (db, analytics, jobs, config, errors, logger) imports nothing above it',
  },
  {
    target: `${server}/core`,
    from: [`${server}/grid`, `${server}/modules`, `${server}/plugins`, ...(forTests ? [] : serverTop)],
    message: 'core is the bottom of the server: it must not import grid, modules, plugins or the app',
  },
  {
    target: `${server}/grid`,
    from: [`${server}/modules`, `${server}/plugins`, ...(forTests ? [] : serverTop)],
    message: 'grid must not import modules, plugins or the app',
  },
  {
    target: `${server}/modules`,
    from: [`${server}/plugins`, ...(forTests ? [] : serverTop)],
    message: 'modules must not import plugins or the app: share through core',
  },
  ...serverModules.map((module) => ({
    target: `${server}/modules/${module}`,
    from: `${server}/modules`,
    except: [
      `./${module}`,
      ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
    ],
    message: "no import of another module's internals: use its public entry, modules/<name>/index.ts",
  })),
  {
    target: `${server}/plugins`,
    from: `${server}/modules`,
    except: serverModules.map((module) => `./${module}/index.ts`),
    message: 'plugins use a module only through its public entry, modules/<name>/index.ts',
  },
];

// Dependencies point one way (ARCHITECTURE §1): contracts imports nothing from apps; in the web app
// components/lib/api -> widgets -> features -> app, and no feature imports another feature.
const boundaryZones = [
  { target: './packages/contracts', from: './apps', message: 'contracts must not import from apps' },
  { target: './apps/web', from: './apps/server', message: 'the web app talks to the server over HTTP only' },
  { target: './apps/server', from: './apps/web', message: 'the server does not import the web app' },
  {
    target: './apps/respondent',
    from: ['./apps/server', './apps/web'],
    message:
      'the respondent page is a bundle of its own: it talks to the server over HTTP and shares only contracts',
  },
  {
    target: './apps/web',
    from: './apps/respondent',
    message: 'the console does not import the respondent page',
  },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'features must not import the app layer',
  },
  {
    target: './apps/web/src/components',
    from: ['./apps/web/src/widgets', './apps/web/src/features', './apps/web/src/app'],
    message: 'shared components must not import widgets, features or the app layer',
  },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/widgets', './apps/web/src/features', './apps/web/src/app'],
    message: 'lib must not import widgets, features or the app layer',
  },
  {
    target: './apps/web/src/api',
    from: [
      './apps/web/src/widgets',
      './apps/web/src/features',
      './apps/web/src/app',
      './apps/web/src/components',
    ],
    message: 'the shared data layer must not import widgets, features, components or the app layer',
  },
  {
    target: './apps/web/src/widgets',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'widget views are a layer under the features: they must not import features or the app layer',
  },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'no cross-feature imports: compose features in apps/web/src/app',
  })),
];
const appZones = [...boundaryZones, ...serverZones(false)];
const testZones = [...boundaryZones, ...serverZones(true)];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/*.tsbuildinfo',
      'apps/server/drizzle/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/contracts/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/respondent/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          conditionNames: ['source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: appZones }],
      'import-x/no-default-export': 'off',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins, hooks and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The respondent page (Preact, whose hooks follow React's rules).
    files: ['apps/respondent/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // User-visible text goes through i18n keys (STYLE.md): a literal in JSX text, or in a JSX attribute that
    // people read or hear (title, label, placeholder, aria-label…), fails the lint. Other attributes (class
    // names, antd enums, routes, field names) are code, not prose.
    files: ['apps/web/src/**/*.tsx', 'apps/respondent/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'subTitle',
              'label',
              'placeholder',
              'alt',
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'description',
              'content',
              'message',
              'text',
              'tooltip',
              'okText',
              'cancelText',
              'extra',
              'help',
              'emptyText',
              'notFoundContent',
              'checkedChildren',
              'unCheckedChildren',
              'addonBefore',
              'addonAfter',
            ],
          },
          callees: {
            exclude: [
              // The plugin's defaults (this option replaces them).
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              // Routes, URL parameters, form fields and keys are code.
              'navigate',
              'has',
              'get',
              'getAll',
              'getFieldValue',
              'setFieldValue',
              'join',
              'split',
              'encodeURIComponent',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.spec.ts', 'apps/server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: testZones }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
