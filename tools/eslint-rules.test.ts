/**
 * Proves every import rule of docs/architecture.md is enforced by the repository's ESLint config:
 * for each zone, imports of the forbidden code (spelled relative, aliased, with `.js` or without
 * an extension) are refused and imports it allows pass. The files are virtual (lintText with a
 * path inside the real tree), the imported ones are real, so the resolver sees the actual layout.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, 'eslint.config.js'),
    // An import that does not resolve would pass the zones unseen: every specifier below must resolve.
    overrideConfig: { rules: { 'import-x/no-unresolved': 'error' } },
  });
});

interface Case {
  rule: string;
  /** A virtual file inside the tree. */
  file: string;
  /** Specifiers the rule refuses in that file. */
  bad: string[];
  /** Specifiers it allows there. */
  good: string[];
  /** Part of the message that names the rule. */
  message: string;
  ruleId?: string;
}

const cases: Case[] = [
  {
    rule: 'web: features never import each other',
    file: 'apps/web/src/features/campaigns/components/example.tsx',
    bad: [
      '../../pets/api/get-pet',
      '../../pets/api/get-pet.js',
      '@/features/pets/api/get-pet',
      '@/features/admin/components/users-table',
    ],
    good: ['../api/get-campaign', './campaign-card.js', '@/features/campaigns/api/get-campaign'],
    message: 'Features never import each other',
  },
  {
    rule: 'web: features cannot import app',
    file: 'apps/web/src/features/pets/components/example.tsx',
    bad: ['@/app/router', '../../../app/provider.js', '../../../app/routes/pet-list'],
    good: ['@/components/ui/button', '../../../lib/api-client', '@/utils/cn.js'],
    message: 'Features cannot import app',
  },
  {
    rule: 'web: components, hooks, lib and utils import neither features nor app',
    file: 'apps/web/src/components/ui/example.tsx',
    bad: ['@/features/pets/api/get-pet', '../../features/auth/hooks/use-auth.js', '@/app/router'],
    good: ['./button', '@/lib/api-client', '../../hooks/use-theme.js', '@/utils/cn'],
    message: 'Shared web code',
  },
  {
    rule: 'web: lib imports no feature',
    file: 'apps/web/src/lib/example.ts',
    bad: ['../features/auth/lib/token-manager', '@/app/provider'],
    good: ['./storage', '@/utils/cn'],
    message: 'Shared web code',
  },
  {
    rule: 'server: routes never import repositories or the database',
    file: 'apps/server/src/modules/pets/example.routes.ts',
    bad: [
      './pets.repository.js',
      './pets.repository',
      '../users/users.repository',
      '../../auth/auth.repository.js',
      '../../db/client.js',
      '../../db/schema/index',
    ],
    good: ['./pets.service.js', './pets.presenter', '../../lib/openapi', './pets.policy.js'],
    message: 'Routes call services',
  },
  {
    rule: 'server: repositories never import services or routes',
    file: 'apps/server/src/modules/pets/example.repository.ts',
    bad: ['./pets.service.js', './pets.service', '../users/users.service', './pets.routes.js'],
    good: ['../../db/client.js', '../../db/schema/index', './pets.repository'],
    message: 'Repositories depend on nothing above them',
  },
  {
    rule: 'server: services never import routes',
    file: 'apps/server/src/modules/pets/example.service.ts',
    bad: ['./pets.routes.js', './pets.routes', '../users/users.routes'],
    good: ['./pets.repository.js', '../users/users.service', './pets.policy'],
    message: 'Services never import routes',
  },
  {
    rule: 'shared imports neither app',
    file: 'packages/shared/src/example.ts',
    bad: [
      '../../../apps/server/src/config.js',
      '../../../apps/web/src/lib/api-client',
      '@pet-haven/server/src/config',
      '@pet-haven/web/src/utils/cn',
    ],
    good: ['./money', './errors.js', 'zod'],
    message: 'shared imports neither app',
  },
  {
    rule: 'server: drizzle-orm only in repositories and db/',
    file: 'apps/server/src/modules/pets/example.service.ts',
    bad: ['drizzle-orm', 'drizzle-orm/pg-core'],
    good: ['zod'],
    message: 'SQL lives in repositories',
    ruleId: 'no-restricted-imports',
  },
  {
    rule: 'server: drizzle-orm is allowed in repositories and db/',
    file: 'apps/server/src/db/example.ts',
    bad: [],
    good: ['drizzle-orm', 'drizzle-orm/pg-core', './client.js'],
    message: 'SQL lives in repositories',
    ruleId: 'no-restricted-imports',
  },
];

/** ESLint's messages for `import '<specifier>'` written in `file`. */
async function lintImport(file: string, specifier: string) {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, {
    filePath: path.join(root, file),
  });
  return result!.messages;
}

describe('ESLint enforces the import rules of docs/architecture.md', () => {
  for (const c of cases) {
    const ruleId = c.ruleId ?? 'import-x/no-restricted-paths';

    it(`${c.rule}: refuses ${c.bad.join(', ') || 'nothing'}`, async () => {
      for (const specifier of c.bad) {
        const messages = await lintImport(c.file, specifier);
        expect(
          messages.map((m) => m.ruleId),
          specifier,
        ).not.toContain('import-x/no-unresolved');
        expect(
          messages.some((m) => m.ruleId === ruleId && m.message.includes(c.message)),
          `${specifier} in ${c.file}: ${JSON.stringify(messages)}`,
        ).toBe(true);
      }
    });

    it(`${c.rule}: allows ${c.good.join(', ')}`, async () => {
      for (const specifier of c.good) {
        const messages = await lintImport(c.file, specifier);
        expect(messages, `${specifier} in ${c.file}`).toEqual([]);
      }
    });
  }
});

describe('ESLint keeps web query keys in one home (docs/architecture.md, "Web data")', () => {
  const file = path.join(root, 'apps/web/src/features/pets/api/example.ts');
  const header = [
    "import { queryOptions, useQueryClient } from '@tanstack/react-query';",
    "import { queryRoots } from '@/lib/query-keys';",
  ];
  /** Every message ESLint gives for the code (with the imports above) as `ruleId: message`. */
  const lint = async (...body: string[]) => {
    const [result] = await eslint.lintText([...header, ...body, ''].join('\n'), {
      filePath: file,
    });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };
  const restricted = async (...body: string[]) =>
    (await lint(...body)).filter((m) => m.startsWith('no-restricted-syntax'));
  const keyRule = expect.stringMatching(
    /^no-restricted-syntax: A query key starts from queryRoots/,
  );
  const invalidateRule = expect.stringMatching(/^no-restricted-syntax: Name the keys/);

  it('allows keys built from queryRoots and mutations that name them', async () => {
    expect(
      await lint(
        "export const exampleKey = [...queryRoots.pets, 'example'] as const;",
        'export const exampleOptions = (id: string) =>',
        '  queryOptions({ queryKey: [...exampleKey, id], queryFn: () => id });',
        'export function useChange() {',
        '  const client = useQueryClient();',
        '  return () => client.invalidateQueries({ queryKey: queryRoots.pets });',
        '}',
      ),
    ).toEqual([]);
  });

  it('refuses a key spelled from a string, declared or inline', async () => {
    expect(await restricted("export const exampleKey = ['pets', 'example'] as const;")).toEqual([
      keyRule,
    ]);
    expect(await restricted("export const petsKey = ['pets'];")).toEqual([keyRule]);
    expect(
      await restricted(
        'export const exampleOptions = (id: string) =>',
        "  queryOptions({ queryKey: ['pets', id], queryFn: () => id });",
      ),
    ).toEqual([keyRule]);
  });

  it('refuses a mutation that invalidates every query', async () => {
    expect(
      await restricted(
        'export function useChange() {',
        '  const client = useQueryClient();',
        '  return () => client.invalidateQueries();',
        '}',
      ),
    ).toEqual([invalidateRule]);
  });
});

describe('ESLint keeps one way to pass dependencies in the server (decision 019)', () => {
  /** The no-restricted-syntax messages ESLint gives for `body` saved as `file`. */
  const restricted = async (file: string, ...body: string[]) => {
    const [result] = await eslint.lintText([...body, ''].join('\n'), {
      filePath: path.join(root, file),
    });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  };
  const service = 'apps/server/src/modules/pets/example.service.ts';
  const state = expect.stringMatching(/^No module-level mutable state/);
  const loadsConfig = expect.stringMatching(/^Only the entry points .* load the configuration/);
  const readsEnv = expect.stringMatching(/^The environment is read by config\.ts/);

  it('refuses module-level mutable state: let, var, an empty Map, Set, WeakMap or WeakSet', async () => {
    for (const body of [
      ['let calls = 0;', 'export const count = () => (calls += 1);'],
      ['export let current: string | null = null;'],
      ['var legacy = 1;', 'export const read = () => legacy;'],
      [
        'const cache = new Map<string, number>();',
        'export const get = (k: string) => cache.get(k);',
      ],
      ['export const seen = new WeakMap<object, number>();'],
      ['const ids = new Set<string>();', 'export const has = (id: string) => ids.has(id);'],
      ['export const marks = new WeakSet<object>();'],
    ]) {
      expect(await restricted(service, ...body), body.join(' ')).toEqual([state]);
    }
    // Policies too.
    expect(
      await restricted('apps/server/src/modules/pets/example.policy.ts', 'export let n = 0;'),
    ).toEqual([state]);
  });

  it('allows constants, lookup tables filled where they are declared, and state inside functions', async () => {
    expect(
      await restricted(
        service,
        "const CODES = new Set(['a', 'b']);",
        'export const LIMIT = 3;',
        'export function tally(deps: { limit: number }, xs: string[]) {',
        '  let n = 0;',
        '  const seen = new Map<string, number>();',
        '  for (const x of xs) if (CODES.has(x) && n < deps.limit) seen.set(x, (n += 1));',
        '  return seen;',
        '}',
      ),
    ).toEqual([]);
  });

  it('refuses loading the configuration or reading the environment outside the entry points', async () => {
    expect(
      await restricted(
        service,
        "import { loadConfig } from '../../config';",
        'export const config = loadConfig();',
      ),
    ).toEqual([loadsConfig]);
    expect(await restricted(service, 'export const port = process.env.PORT;')).toEqual([readsEnv]);
    expect(
      await restricted(
        'apps/server/src/app-example.ts',
        "import { loadConfig } from './config.js';",
        'export const config = loadConfig(process.env);',
      ),
    ).toEqual([loadsConfig, readsEnv]);
  });

  it('allows both in main.ts and cli/ (the processes that build AppDeps)', async () => {
    const entry = [
      "import { loadConfig } from '../config';",
      'export const run = () => loadConfig(process.env);',
    ];
    expect(await restricted('apps/server/src/cli/example.ts', ...entry)).toEqual([]);
    expect(
      await restricted(
        'apps/server/src/main.ts',
        "import { loadConfig } from './config';",
        'loadConfig(process.env);',
      ),
    ).toEqual([]);
  });
});

describe('ESLint keeps one way to declare a route (docs/architecture.md, "Routes")', () => {
  const restricted = async (file: string, ...body: string[]) => {
    const [result] = await eslint.lintText([...body, ''].join('\n'), {
      filePath: path.join(root, file),
    });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  };
  const declareRoutes = expect.stringMatching(/^Declare a route with declareRoutes/);

  it('refuses createRoute in a routes file', async () => {
    expect(
      await restricted(
        'apps/server/src/modules/pets/example.routes.ts',
        "import { createRoute, z } from '@hono/zod-openapi';",
        "export const r = createRoute({ method: 'get', path: '/x', responses: {}, tags: [String(z)] });",
      ),
    ).toEqual([declareRoutes]);
  });

  it('allows declareRoutes in a routes file, and createRoute in lib/openapi.ts', async () => {
    expect(
      await restricted(
        'apps/server/src/modules/pets/example.routes.ts',
        "import { declareRoutes } from '../../lib/openapi';",
        "export const route = declareRoutes('Pets');",
      ),
    ).toEqual([]);
    expect(
      await restricted(
        'apps/server/src/lib/openapi.ts',
        "import { createRoute } from '@hono/zod-openapi';",
        "export const r = createRoute({ method: 'get', path: '/x', responses: {} });",
      ),
    ).toEqual([]);
  });
});
