// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Server code shares no state between requests except through AppDeps (decision 019): a
 * long-lived thing (a cache, a queue, a client) is built once by buildDeps in app-deps.ts.
 */
const NO_MODULE_STATE =
  'No module-level mutable state: build it once in buildDeps (src/app-deps.ts) and read it from deps (decision 019).';
const moduleStateRules = [
  {
    selector: [
      'Program > VariableDeclaration[kind=/^(let|var)$/]',
      'Program > ExportNamedDeclaration > VariableDeclaration[kind=/^(let|var)$/]',
      // An empty collection at the top of a module exists to be filled: state.
      'Program > VariableDeclaration > VariableDeclarator > NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet)$/][arguments.length=0]',
      'Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet)$/][arguments.length=0]',
    ].join(', '),
    message: NO_MODULE_STATE,
  },
];
/** Who may do what is decided only in modules/<resource>/<resource>.policy.ts. */
const permissionRules = [
  {
    selector:
      "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='role'], [right.property.name='role'], [left.value='admin'], [right.value='admin'])",
    message:
      'A role check is a permission: ask the policy (usersPolicy.isAdmin, or a can* of <resource>.policy.ts).',
  },
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${['left', 'right']
      .flatMap((side) => [
        `[${side}.property.name=/^(ownerId|petOwnerId|requesterId|donorId|uploaderId)$/]`,
        `[${side}.object.name=/^(actor|caller|viewer|user|admin|owner|donor)$/][${side}.property.name='id']`,
      ])
      .join(', ')})`,
    message:
      'Comparing an owner or the caller is a permission: ask <resource>.policy.ts (e.g. petsPolicy.canUpdate, usersPolicy.isSelf).',
  },
];

/** The configuration is loaded by the process's entry points only and handed on in deps.config. */
const configRules = [
  {
    selector: "ImportDeclaration > ImportSpecifier[imported.name='loadConfig']",
    message:
      'Only the entry points (main.ts, cli/) load the configuration; read deps.config (decision 019).',
  },
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message:
      'The environment is read by config.ts (loadConfig) for the entry points only; read deps.config (decision 019).',
  },
];

/** Routes are declared one way: declareRoutes of lib/openapi.ts (docs/architecture.md, "Routes"). */
const routeRules = [
  {
    selector:
      "ImportDeclaration[source.value='@hono/zod-openapi'] > ImportSpecifier[imported.name='createRoute']",
    message:
      'Declare a route with declareRoutes (src/lib/openapi.ts): route.get(path, { summary, guard, request, ok, errors }).',
  },
];

/** Package imports refused outside some folders (paths inside the tree are the zones below). */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** The web features: each one's code may import itself but no other feature. */
const features = readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which code may import which (docs/architecture.md, "Import rules"). Every import is resolved
 * first (TypeScript resolver: `@/` aliases, relative paths, `.js` and extension-less specifiers),
 * so a zone matches the file imported, however it is spelled. tools/eslint-rules.test.ts proves
 * each zone refuses a bad import.
 */
const zones = [
  {
    target: 'apps/web/src/{components,hooks,lib,utils}/**',
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'Shared web code (components, hooks, lib, utils) imports neither features nor app.',
  },
  {
    target: 'apps/web/src/features',
    from: 'apps/web/src/app',
    message: 'Features cannot import app; app composes features.',
  },
  ...features.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message:
      'Features never import each other; compose them in app/routes, or move the shared part to components, hooks, lib or utils.',
  })),
  {
    target: 'apps/server/src/**/*.routes.ts',
    from: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**'],
    message: 'Routes call services, never repositories or the database.',
  },
  {
    target: 'apps/server/src/**/*.repository.ts',
    from: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.routes.ts'],
    message: 'Repositories depend on nothing above them (services, routes).',
  },
  {
    target: 'apps/server/src/**/*.service.ts',
    from: 'apps/server/src/**/*.routes.ts',
    message: 'Services never import routes.',
  },
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'shared imports neither app.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/data/**',
      'apps/server/drizzle/**',
      // what the test runs leave (gitignored too): the e2e report ships the trace viewer's scripts
      'apps/web/e2e/artifacts/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/blob-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: restrict([
      {
        group: ['drizzle-orm', 'drizzle-orm/*'],
        message: 'SQL lives in repositories (<resource>.repository.ts).',
      },
    ]),
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web', 'apps/server', 'packages/shared'].map((dir) =>
            path.join(root, dir, 'tsconfig.json'),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One home for query keys (docs/architecture.md, "Web data"): every key starts from
    // queryRoots (lib/query-keys.ts) or a feature's <query>Key, and a mutation names what it changes.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(invalidateQueries|refetchQueries|resetQueries|removeQueries)$/][arguments.length=0]',
          message:
            "Name the keys a change touches (a feature's <query>Key, or queryRoots.<resource> from lib/query-keys.ts).",
        },
        {
          selector: [
            "Property[key.name='queryKey'] > ArrayExpression[elements.0.type='Literal']",
            "VariableDeclarator[id.name=/Key$/] > ArrayExpression[elements.0.type='Literal']",
            "VariableDeclarator[id.name=/Key$/] > TSAsExpression > ArrayExpression[elements.0.type='Literal']",
          ].join(', '),
          message:
            "A query key starts from queryRoots.<resource> (lib/query-keys.ts) or a feature's <query>Key.",
        },
      ],
    },
  },
  {
    // Authorization in one place: who may do what is decided only in
    // modules/<resource>/<resource>.policy.ts (docs/architecture.md, "Authorization").
    // One way to pass dependencies (docs/architecture.md, "Dependencies"): moduleStateRules and
    // configRules; the blocks below repeat them where this one does not apply.
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/**/*.policy.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...permissionRules,
        ...moduleStateRules,
        ...configRules,
        ...routeRules,
      ],
    },
  },
  {
    // The one place that builds routes with createRoute.
    files: ['apps/server/src/lib/openapi.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...permissionRules, ...moduleStateRules, ...configRules],
    },
  },
  {
    // Policies may compare roles and owners, and hold no state either.
    files: ['apps/server/src/**/*.policy.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moduleStateRules, ...configRules] },
  },
  {
    // The process's entry points load the configuration from the environment.
    files: ['apps/server/src/main.ts', 'apps/server/src/cli/**/*.ts', 'apps/server/src/config.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...moduleStateRules, ...permissionRules],
    },
  },
);
