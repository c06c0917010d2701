// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import rules that keep code flowing one way (see docs/architecture.md). */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**'],
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
    files: ['packages/shared/**/*.ts'],
    rules: restrict([
      {
        group: ['@pet-haven/web*', '@pet-haven/server*', '**/apps/**'],
        message: 'shared imports neither app.',
      },
    ]),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: restrict([
      {
        group: ['drizzle-orm', 'drizzle-orm/*'],
        message: 'SQL lives in repositories (<resource>.repository.ts).',
      },
    ]),
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict([
      {
        group: ['**/*.repository', '**/db/client'],
        message: 'Routes call services, never repositories or the database.',
      },
      {
        group: ['drizzle-orm', 'drizzle-orm/*'],
        message: 'SQL lives in repositories (<resource>.repository.ts).',
      },
    ]),
  },
  {
    files: ['apps/server/src/**/*.repository.ts'],
    rules: restrict([
      {
        group: ['**/*.service', '**/*.routes'],
        message: 'Repositories depend on nothing above them.',
      },
    ]),
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
    files: ['apps/web/src/{components,hooks,lib,utils}/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
        message: 'Shared web code cannot import features or app.',
      },
    ]),
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['@/app/*', '**/app/**'], message: 'Features cannot import app.' },
      {
        group: ['@/features/*'],
        message:
          'Features never import each other; import from within your feature with a relative path.',
      },
    ]),
  },
  {
    // Authorization in one place: who may do what is decided only in
    // modules/<resource>/<resource>.policy.ts (docs/architecture.md, "Authorization").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.policy.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
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
      ],
    },
  },
);
